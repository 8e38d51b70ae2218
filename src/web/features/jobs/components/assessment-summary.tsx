import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LinkedAssessment } from '../../../../domain/jobs';
import { BlindPipelineNote } from '../../review';
import { formatDate } from './job-badges';

/** The assessment statuses the catalogue names (domain statusBadge's); any other is 'unknown'. */
const KNOWN_STATUSES = ['scheduled', 'in-progress', 'completed'];

/** The assessment linked to an application: title, status, due date, and the score once reviewed. */
export function AssessmentSummary({
  assessment,
  recruiter = false,
}: {
  assessment: LinkedAssessment;
  recruiter?: boolean;
}) {
  const { t } = useTranslation('jobs');
  if (assessment.identityHidden || assessment.id === null) {
    // Blind review: the server sent no id, status or score (docs/decisions/026).
    return (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {assessment.title}
        </Text>
        <BlindPipelineNote />
      </Group>
    );
  }
  const status = KNOWN_STATUSES.includes(assessment.status) ? assessment.status : 'unknown';
  const to = recruiter
    ? `/recruiter/results?assessment=${encodeURIComponent(assessment.id)}`
    : `/assessment/${encodeURIComponent(assessment.id)}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {assessment.title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {t('assessmentLine', {
          status: t(`assessmentStatus.${status}`),
          date: formatDate(assessment.dueDate),
        })}
      </Text>
      <Text size="sm" fw={600}>
        {assessment.score !== null ? t('score', { score: assessment.score }) : t('notScored')}
      </Text>
    </Group>
  );
}
