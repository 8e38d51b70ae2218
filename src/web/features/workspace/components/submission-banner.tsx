import { Alert, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { formatNumber, notAvailable } from '../../../lib/format';
import classes from './workspace.module.css';

/**
 * Above every tab, so the candidate sees it wherever they land: "Submitted, awaiting
 * review", then the score and the feedback once the recruiter reviewed it.
 */
export function SubmissionBanner({
  assessment: a,
  isCandidate,
}: {
  assessment: Assessment;
  isCandidate: boolean;
}) {
  const { t } = useTranslation('workspace');
  if (a.status !== 'completed') return null;
  const byTimeout =
    a.submittedBy === 'timeout'
      ? isCandidate
        ? t('banner.timeoutCandidate')
        : t('banner.timeoutReviewer')
      : null;
  if (!a.reviewedAt) {
    return (
      <Alert
        color="blue"
        variant="light"
        mb="md"
        title={t('banner.awaiting')}
        data-testid="submission-banner"
      >
        {byTimeout ?? t('banner.readOnly')}
      </Alert>
    );
  }
  return (
    <Alert
      color="green"
      variant="light"
      mb="md"
      title={t('banner.reviewed')}
      data-testid="submission-banner"
      // Darker than Mantine's green title, which reads below 4.5:1 on the light fill.
      styles={{ title: { color: '#1e6b30' } }}
    >
      <Group gap="xl" align="baseline">
        <Text fw={700} fz="lg">
          {t('banner.score', {
            score:
              a.score === null
                ? notAvailable()
                : t('panel.scoreValue', { score: formatNumber(a.score) }),
          })}
        </Text>
      </Group>
      {a.feedback ? (
        <Text size="sm" mt="xs" className={classes.preWrap}>
          {a.feedback}
        </Text>
      ) : null}
      {byTimeout ? (
        <Text size="xs" mt="xs" c="dimmed">
          {byTimeout}
        </Text>
      ) : null}
    </Alert>
  );
}
