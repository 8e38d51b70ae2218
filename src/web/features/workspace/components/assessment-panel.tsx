import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Assessment, statusBadge } from '../../../../domain/assessments';
import { formatDate, formatNumber, notAvailable } from '../../../lib/format';
import { statusKey } from '../../assessments';
import { TaskProgress } from './task-progress';
import classes from './workspace.module.css';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" size="sm">
        {children}
      </Text>
    </div>
  );
}

/** The Assessment tab: what was assigned, by whom, and where it stands. */
export function AssessmentPanel({ assessment }: { assessment: Assessment }) {
  // Status labels come from the candidate-assessments catalogue: load it with this one.
  const { t } = useTranslation(['workspace', 'candidate-assessments']);
  const badge = statusBadge(assessment.status);
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {assessment.title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Field label={t('panel.role')}>{assessment.roleName || notAvailable()}</Field>
        <Field label={t('panel.company')}>{assessment.companyName || notAvailable()}</Field>
        <Field label={t('panel.dueDate')}>{formatDate(assessment.dueDate)}</Field>
        <Field label={t('panel.status')}>
          <Badge
            variant="dot"
            color={badge.color}
            size="md"
            className={classes.statusBadge}
            data-testid="assessment-status"
          >
            {t(`candidate-assessments:${statusKey(assessment.status)}`)}
          </Badge>
        </Field>
        <Field label={t('panel.started')}>{formatDate(assessment.startedAt)}</Field>
        <Field label={t('panel.submitted')}>{formatDate(assessment.completedDate)}</Field>
      </SimpleGrid>
      <TaskProgress tasks={assessment.tasks} />

      <div>
        <Title order={3} fz="md" mb={4}>
          {t('panel.description')}
        </Title>
        <Text size="sm" className={classes.preWrap}>
          {assessment.description || t('panel.noDescription')}
        </Text>
      </div>

      <div>
        <Title order={3} fz="md" mb={4}>
          {t('panel.tasks')}
        </Title>
        {assessment.tasks.length === 0 ? (
          <Text size="sm">{t('tasks.none')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {assessment.tasks.map((task) => (
              <List.Item key={task.id}>
                {t('panel.taskState', {
                  task: task.title,
                  state: task.completed ? t('panel.completed') : t('panel.pending'),
                })}
              </List.Item>
            ))}
          </List>
        )}
      </div>

      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Title order={3} fz="md" mb={4}>
          {assessment.recruiterName
            ? t('panel.messageFrom', { name: assessment.recruiterName })
            : t('panel.messageFromRecruiter')}
        </Title>
        <Text size="sm" className={classes.preWrap}>
          {assessment.message || t('panel.noMessage')}
        </Text>
      </Paper>

      {assessment.reviewedAt ? (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb={4}>
            {t('panel.review')}
          </Title>
          <Group gap="xl">
            <Field label={t('panel.score')}>
              {assessment.score === null
                ? notAvailable()
                : t('panel.scoreValue', { score: formatNumber(assessment.score) })}
            </Field>
            <Field label={t('panel.reviewed')}>{formatDate(assessment.reviewedAt)}</Field>
          </Group>
          {assessment.feedback ? (
            <Text size="sm" mt="sm" className={classes.preWrap}>
              {assessment.feedback}
            </Text>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
