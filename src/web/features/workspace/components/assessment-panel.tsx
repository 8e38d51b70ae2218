import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { type Assessment, statusBadge } from '../../../../domain/assessments';
import { TaskProgress } from './task-progress';
import classes from './workspace.module.css';

const formatDate = (value: string | null) =>
  value && dayjs(value).isValid() ? dayjs(value).format('MMM D, YYYY') : 'N/A';

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
  const badge = statusBadge(assessment.status);
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {assessment.title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <Field label="Role">{assessment.roleName || 'N/A'}</Field>
        <Field label="Company">{assessment.companyName || 'N/A'}</Field>
        <Field label="Due date">{formatDate(assessment.dueDate)}</Field>
        <Field label="Status">
          <Badge
            variant="dot"
            color={badge.color}
            size="md"
            className={classes.statusBadge}
            data-testid="assessment-status"
          >
            {badge.label}
          </Badge>
        </Field>
        <Field label="Started">{formatDate(assessment.startedAt)}</Field>
        <Field label="Submitted">{formatDate(assessment.completedDate)}</Field>
      </SimpleGrid>
      <TaskProgress tasks={assessment.tasks} />

      <div>
        <Title order={3} fz="md" mb={4}>
          Description
        </Title>
        <Text size="sm" className={classes.preWrap}>
          {assessment.description || 'No description.'}
        </Text>
      </div>

      <div>
        <Title order={3} fz="md" mb={4}>
          Tasks
        </Title>
        {assessment.tasks.length === 0 ? (
          <Text size="sm">This assessment has no tasks.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {assessment.tasks.map((task) => (
              <List.Item key={task.id}>
                {task.title} — {task.completed ? 'Completed' : 'Pending'}
              </List.Item>
            ))}
          </List>
        )}
      </div>

      <Paper withBorder radius="md" p="md" bg="gray.0">
        <Title order={3} fz="md" mb={4}>
          Message from {assessment.recruiterName || 'the recruiter'}
        </Title>
        <Text size="sm" className={classes.preWrap}>
          {assessment.message || 'No message.'}
        </Text>
      </Paper>

      {assessment.reviewedAt ? (
        <Paper withBorder radius="md" p="md">
          <Title order={3} fz="md" mb={4}>
            Review
          </Title>
          <Group gap="xl">
            <Field label="Score">
              {assessment.score === null ? 'N/A' : `${assessment.score} / 100`}
            </Field>
            <Field label="Reviewed">{formatDate(assessment.reviewedAt)}</Field>
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
