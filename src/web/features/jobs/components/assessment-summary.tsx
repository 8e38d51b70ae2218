import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { statusBadge } from '../../../../domain/assessments';
import type { LinkedAssessment } from '../../../../domain/jobs';
import { BlindPipelineNote } from '../../review/similarity-flag';
import { formatDate } from './job-badges';

/** The assessment linked to an application: title, status, due date, and the score once reviewed. */
export function AssessmentSummary({
  assessment,
  recruiter = false,
}: {
  assessment: LinkedAssessment;
  recruiter?: boolean;
}) {
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
  const badge = statusBadge(assessment.status);
  const to = recruiter
    ? `/recruiter/results?assessment=${encodeURIComponent(assessment.id)}`
    : `/assessment/${encodeURIComponent(assessment.id)}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Anchor component={Link} to={to} size="sm" fw={500}>
        {assessment.title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {badge.label} · due {formatDate(assessment.dueDate)}
      </Text>
      <Text size="sm" fw={600}>
        {assessment.score !== null ? `Score: ${assessment.score}/100` : 'Not scored yet'}
      </Text>
    </Group>
  );
}
