import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Assessment, progressOf } from '../../../../domain/assessments';
import { formatDate, notAvailable } from '../../../lib/format';
import { StatusBadge } from './candidate-status-badge';
import './styles';

type AssessmentCardProps = {
  assessment: Assessment;
  /** The /assessments page shows the description; the dashboard keeps cards short. */
  withDescription?: boolean;
  /** 3 under the dashboard's 'Your Assessments' heading, 2 right under a page's h1. */
  headingOrder?: 2 | 3;
};

/** "Company: Acme"; the catalogue places the space ("会社：Acme" has none after its colon). */
function Detail({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('candidate-assessments');
  return (
    <Text size="sm">
      <Trans
        t={t}
        i18nKey="card.detail"
        values={{ label, value: value || notAvailable() }}
        components={{ b: <Text span fw={600} /> }}
      />
    </Text>
  );
}

/** One assessment: what it is, for whom, by when, how far along, and the way in. */
export function AssessmentCard({
  assessment,
  withDescription = false,
  headingOrder = 3,
}: AssessmentCardProps) {
  const { t } = useTranslation('candidate-assessments');
  const titleId = useId();
  const completed = assessment.status === 'completed';
  const progress = progressOf(assessment.tasks);

  return (
    <Paper component="article" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={headingOrder} id={titleId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {assessment.title}
          </Title>
          <StatusBadge status={assessment.status} />
        </Group>

        {withDescription && assessment.description ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {assessment.description}
          </Text>
        ) : null}

        <Stack gap={2}>
          <Detail label={t('card.company')} value={assessment.companyName} />
          <Detail label={t('card.role')} value={assessment.roleName} />
          <Text size="sm">{t('card.dueBy', { date: formatDate(assessment.dueDate) })}</Text>
        </Stack>

        {/* Spec section 2: the bar only while the candidate is working on it. */}
        {assessment.status === 'in-progress' ? (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t('card.progress')}</Text>
              <Text size="sm" fw={600}>
                {t('percent', { percent: progress })}
              </Text>
            </Group>
            <Progress
              value={progress}
              aria-label={t('card.progressLabel', { percent: progress })}
              size="md"
            />
          </Stack>
        ) : null}

        <Group>
          <Button
            component={Link}
            to={`/assessment/${encodeURIComponent(assessment.id)}`}
            variant={completed ? 'light' : 'filled'}
            // Several cards share the button text; the title says which assessment it opens.
            aria-describedby={titleId}
          >
            {completed ? t('card.viewResults') : t('card.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
