import '../styles';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_RUN_TEXTS } from '../../../../domain/test-runs';
import { errorMessage } from '../../../api/http';
import { formatTime } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { useRunTests, useTestRuns } from '../api/test-runs';
import { isActive, RunStatusBadge, TestRunResult, useCounts } from './test-run-result';

/**
 * The Run Tests card: the newest run in full, earlier ones as a list. The
 * candidate's workspace passes `beforeRun` to send pending edits first; a
 * reviewer's run includes the hidden tests (the server decides).
 */
export function TestRunsPanel({
  assessmentId,
  canRun,
  beforeRun,
  reviewer = false,
  headingOrder = 2,
}: {
  assessmentId: string;
  canRun: boolean;
  beforeRun?: () => Promise<unknown>;
  reviewer?: boolean;
  headingOrder?: 2 | 3 | 4;
}) {
  const { t } = useTranslation('test-runs');
  const counts = useCounts();
  const runs = useTestRuns(assessmentId);
  const run = useRunTests(assessmentId);
  const [preparing, setPreparing] = useState(false);
  const list = runs.data;
  const latest = list?.runs[0];
  const active = list?.runs.some(isActive) ?? false;

  async function onRun() {
    setPreparing(true);
    try {
      await beforeRun?.();
    } finally {
      setPreparing(false);
    }
    run.mutate();
  }

  return (
    <Paper withBorder p="md" mb="md" component="section" aria-labelledby="test-runs-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Title order={headingOrder} size="h4" id="test-runs-heading">
              {t('title')}
            </Title>
            {list ? (
              <Badge
                variant="light"
                color={list.runnable ? 'green' : 'gray'}
                styles={{
                  label: { color: list.runnable ? '#1e5a2a' : 'var(--mantine-color-gray-9)' },
                }}
                data-testid="runnable-badge"
              >
                {list.runnable ? t('canRun') : t('noTests')}
              </Badge>
            ) : null}
          </Group>
          {canRun && list?.runnable ? (
            <Button
              onClick={() => void onRun()}
              loading={preparing || run.isPending || active}
              disabled={active}
            >
              {reviewer ? t('runWithHidden') : t('run')}
            </Button>
          ) : null}
        </Group>
        {runs.isError ? <FormError>{errorMessage(runs.error)}</FormError> : null}
        {run.isError ? <FormError>{errorMessage(run.error)}</FormError> : null}
        {list && !list.runnable && list.reason && list.reason !== TEST_RUN_TEXTS.notRunnable ? (
          <Text size="sm" c="dimmed">
            {translateMessage(list.reason)}
          </Text>
        ) : null}
        {list && !list.runnable && list.reason === TEST_RUN_TEXTS.notRunnable ? (
          <Text size="sm" c="dimmed">
            {t('notRunnable')}
          </Text>
        ) : null}
        {latest ? <TestRunResult run={latest} showTrigger={reviewer} /> : null}
        {list?.runnable && !latest ? (
          <Text size="sm" c="dimmed">
            {t('noRuns')}
          </Text>
        ) : null}
        {list && list.runs.length > 1 ? (
          <details>
            <summary style={{ cursor: 'pointer' }}>
              <Text span size="sm">
                {t('earlier', { count: list.runs.length - 1 })}
              </Text>
            </summary>
            <Stack gap="xs" mt="xs">
              {list.runs.slice(1).map((r) =>
                reviewer ? (
                  <TestRunResult key={r.id} run={r} showTrigger />
                ) : (
                  <Group key={r.id} gap="sm">
                    <RunStatusBadge run={r} />
                    <Text size="sm">{isActive(r) ? '' : counts(r)}</Text>
                    <Text size="sm" c="dimmed">
                      {formatTime(r.createdAt, { seconds: true })}
                    </Text>
                  </Group>
                ),
              )}
            </Stack>
          </details>
        ) : null}
      </Stack>
    </Paper>
  );
}
