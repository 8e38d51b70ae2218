import { Badge, Code, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutomatedFeedback } from '../../../../domain/automated-feedback';
import { errorMessage } from '../../../api/http';
import { formatNumber } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useAutomatedFeedback } from '../api/automated-feedback';

// Dark fills: light badges are below 4.5:1 for small text.
const OUTCOME_COLORS: Record<AutomatedFeedback['outcome'], string> = {
  passed: 'teal.9',
  failed: 'red.9',
  incomplete: 'orange.9',
};

function FeedbackBody({
  feedback: f,
  reviewer,
}: {
  feedback: AutomatedFeedback;
  reviewer: boolean;
}) {
  const { t } = useTranslation('automated-feedback');
  return (
    <Stack gap="xs" data-testid="automated-feedback" data-detail={f.detail}>
      <Group gap="sm" wrap="wrap">
        <Badge color={OUTCOME_COLORS[f.outcome]} variant="filled">
          {t(`outcome.${f.outcome}`)}
        </Badge>
        <Text size="sm" fw={600} data-testid="feedback-pass-rate">
          {f.passRate === null
            ? t('view.noTests')
            : t('view.passRate', {
                rate: formatNumber(f.passRate / 100, {
                  style: 'percent',
                  maximumFractionDigits: 1,
                }),
              })}
        </Text>
        <Text size="sm">
          {t('view.counts', { passed: formatNumber(f.passed), failed: formatNumber(f.failed) })}
        </Text>
      </Group>
      {f.failures ? (
        f.failures.length === 0 ? (
          <Text size="sm">{t('view.noFailures')}</Text>
        ) : (
          <div>
            <Text size="sm" fw={600}>
              {t('view.failing')}
            </Text>
            <List size="sm" spacing={4} data-testid="feedback-failures">
              {f.failures.map((x, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per reply, never reordered; names may repeat
                <List.Item key={`${i}-${x.name}`} style={{ overflowWrap: 'anywhere' }}>
                  {x.name}
                  {x.message !== undefined ? (
                    <Text size="xs" c="dimmed" component="div" style={{ whiteSpace: 'pre-wrap' }}>
                      {x.message}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
            {f.moreFailures ? (
              <Text size="xs" c="dimmed">
                {t('view.more', { count: f.moreFailures })}
              </Text>
            ) : null}
          </div>
        )
      ) : null}
      {f.output !== undefined ? (
        <div>
          <Text size="sm" fw={600}>
            {f.outputTruncated ? t('view.outputStart') : t('view.output')}
          </Text>
          <Code
            block
            data-testid="feedback-output"
            style={{ maxHeight: '16rem', overflow: 'auto', whiteSpace: 'pre-wrap' }}
          >
            {f.output || t('view.noOutput')}
          </Code>
        </div>
      ) : null}
      <Text size="xs" c="dimmed">
        {reviewer && f.includeHidden
          ? t('view.sourceHidden', { detail: t(`details.${f.detail}`) })
          : t('view.source', { detail: t(`details.${f.detail}`) })}
      </Text>
    </Stack>
  );
}

/**
 * Automated feedback from the test runs, at the admin's detail level (the server cuts it).
 * `hideWhenUnavailable`: the candidate's view shows nothing unless there is something to show.
 */
export function AutomatedFeedbackView({
  assessmentId,
  headingOrder = 3,
  hideWhenUnavailable = false,
}: {
  assessmentId: string;
  headingOrder?: 2 | 3 | 4;
  hideWhenUnavailable?: boolean;
}) {
  const { t } = useTranslation('automated-feedback');
  const query = useAutomatedFeedback(assessmentId);
  if (hideWhenUnavailable && !query.data?.feedback) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="gray.0"
      // Not a named region: "Automated feedback" would also answer to the score form's
      // Feedback label for anyone finding fields by label.
      data-testid="automated-feedback-card"
    >
      <Title order={headingOrder} fz="sm" mb="xs">
        {t('view.title')}
      </Title>
      {query.isPending ? <LoadingText text={t('view.loading')} /> : null}
      {query.isError ? <FormError>{errorMessage(query.error)}</FormError> : null}
      {query.data?.feedback ? (
        <FeedbackBody feedback={query.data.feedback} reviewer={!hideWhenUnavailable} />
      ) : null}
      {query.data?.note ? (
        <Text size="sm" c="dimmed" mt={query.data.feedback ? 'xs' : 0} data-testid="feedback-note">
          {translateMessage(query.data.note)}
        </Text>
      ) : null}
    </Paper>
  );
}
