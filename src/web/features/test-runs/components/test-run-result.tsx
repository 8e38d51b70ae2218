import '../styles';
import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RUN_STATUS_LABELS, type TestRun } from '../../../../domain/test-runs';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';

export const isActive = (run: TestRun) => run.status === 'queued' || run.status === 'running';

/** '3 passed, 1 failed' (and skipped ones) in the reader's language. */
export function useCounts() {
  const { t } = useTranslation('test-runs');
  return (run: TestRun): string => {
    const parts = [
      t('counts.passed', { count: run.passed }),
      t('counts.failed', { count: run.failed }),
    ];
    if (run.skipped > 0) parts.push(t('counts.skipped', { count: run.skipped }));
    return parts.join(t('counts.separator'));
  };
}

const seconds = (ms: number | null) =>
  ms === null
    ? ''
    : formatNumber(ms / 1000, {
        style: 'unit',
        unit: 'second',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });

export function RunStatusBadge({ run }: { run: TestRun }) {
  const { t } = useTranslation('test-runs');
  const { color } = RUN_STATUS_LABELS[run.status];
  return (
    <Badge
      color={color}
      variant="light"
      data-testid="run-status"
      styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}
    >
      {t(`status.${run.status}`)}
    </Badge>
  );
}

/** One run in full: status, counts, each failure's message and the (capped) output. */
export function TestRunResult({ run, showTrigger }: { run: TestRun; showTrigger?: boolean }) {
  const { t } = useTranslation('test-runs');
  const counts = useCounts();
  return (
    <Stack gap="xs" data-testid="test-run-result">
      <Group gap="sm" wrap="wrap">
        <RunStatusBadge run={run} />
        {isActive(run) ? (
          <Text size="sm" role="status">
            {run.status === 'queued' ? t('queued') : t('running')}
          </Text>
        ) : (
          <Text size="sm" fw={600} data-testid="run-counts">
            {counts(run)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {[
            showTrigger
              ? run.includeHidden
                ? t('triggerWithHidden', { trigger: t(`trigger.${run.trigger}`) })
                : t(`trigger.${run.trigger}`)
              : null,
            formatDateTime(run.createdAt),
            seconds(run.durationMs),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Group>
      {run.failures.length > 0 ? (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {run.failures.map((failure, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a run's failures have no id and never change order
            <li key={`${failure.name}-${index}`}>
              <Text size="sm" fw={600} c="red.9">
                ✖ {failure.name}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {/* A test's own assertion text as it came; the platform's own notes translated. */}
                {translateMessage(failure.message)}
              </Code>
            </li>
          ))}
        </Stack>
      ) : null}
      {!isActive(run) && run.output ? (
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm">
              {t('output')}
            </Text>
          </summary>
          <Code
            block
            mt="xs"
            style={{
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              maxHeight: 320,
              overflow: 'auto',
            }}
            tabIndex={0}
          >
            {run.output}
          </Code>
        </details>
      ) : null}
    </Stack>
  );
}
