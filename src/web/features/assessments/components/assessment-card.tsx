import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Assessment, progressOf } from '../../../../domain/assessments';
import { formatDate, formatNumber } from '../../../lib/format';
import { StatusBadge } from './status-badge';

type AssessmentCardProps = {
  assessment: Assessment;
  /** Extra lines under the due date (e.g. the completed date). */
  details?: ReactNode;
  actions?: ReactNode;
};

/** Candidate, title, role, due date and progress of one assessment. */
export function AssessmentCard({ assessment, details, actions }: AssessmentCardProps) {
  const { t } = useTranslation('recruiter');
  const progress = progressOf(assessment.tasks);
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} component="h3" fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
              {assessment.candidateName || t('unnamedCandidate')}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {assessment.title}
            </Text>
          </div>
          <StatusBadge status={assessment.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {t('card.role', { role: assessment.roleName })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('card.due', { date: formatDate(assessment.dueDate) })}
        </Text>
        {details}
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="xs" c="dimmed">
              {t('card.progress')}
            </Text>
            <Text size="xs" c="dimmed">
              {formatNumber(progress / 100, { style: 'percent' })}
            </Text>
          </Group>
          <Progress
            value={progress}
            aria-label={t('card.progressOf', {
              name: assessment.candidateName || t('theCandidate'),
            })}
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
