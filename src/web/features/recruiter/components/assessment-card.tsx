import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Assessment, progressOf } from '../../../../domain/assessments';
import { formatDate } from '../lib/format';
import { StatusBadge } from './status-badge';

type AssessmentCardProps = {
  assessment: Assessment;
  /** Extra lines under the due date (e.g. the completed date). */
  details?: ReactNode;
  actions?: ReactNode;
};

/** Candidate, title, role, due date and progress of one assessment. */
export function AssessmentCard({ assessment, details, actions }: AssessmentCardProps) {
  const progress = progressOf(assessment.tasks);
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} component="h3" fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {assessment.candidateName || 'Unnamed candidate'}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {assessment.title}
            </Text>
          </div>
          <StatusBadge status={assessment.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Role: {assessment.roleName}
        </Text>
        <Text size="sm" c="dimmed">
          Due: {formatDate(assessment.dueDate)}
        </Text>
        {details}
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="xs" c="dimmed">
              Progress
            </Text>
            <Text size="xs" c="dimmed">
              {progress}%
            </Text>
          </Group>
          <Progress
            value={progress}
            aria-label={`Progress of ${assessment.candidateName || 'the candidate'}`}
          />
        </div>
        {actions ? (
          <Group mt="auto" pt="xs">
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
