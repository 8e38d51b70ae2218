import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { ASSESSMENT_TEXTS, submissionSummary, type Task } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';

type SubmitDialogProps = {
  opened: boolean;
  tasks: Task[];
  answers: Record<string, string>;
  submitting: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

function TaskList({ title, tasks }: { title: string; tasks: Pick<Task, 'id' | 'title'>[] }) {
  if (tasks.length === 0) return null;
  return (
    <div>
      <Title order={3} fz="sm" mb={4}>
        {title} ({tasks.length})
      </Title>
      <List size="sm" spacing={2}>
        {tasks.map((t) => (
          <List.Item key={t.id}>{t.title}</List.Item>
        ))}
      </List>
    </div>
  );
}

/**
 * The Submit step: what is done and what is not, and a confirmation. Submitting is final:
 * files and answers become read-only and the recruiter is told.
 */
export function SubmitDialog({
  opened,
  tasks,
  answers,
  submitting,
  error,
  onCancel,
  onConfirm,
}: SubmitDialogProps) {
  const summary = submissionSummary(tasks, answers);
  const incomplete = summary.open.length > 0 || summary.unanswered.length > 0;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title="Submit your assessment?"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      <Stack gap="md">
        <TaskList title="Done" tasks={summary.done} />
        <TaskList title="Not marked as done" tasks={summary.open} />
        <TaskList title="Without a written answer" tasks={summary.unanswered} />
        {incomplete ? (
          <Alert
            color="yellow"
            variant="light"
            title="Some work is unfinished"
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            You can still go back and finish it before submitting.
          </Alert>
        ) : null}
        <Text size="sm">
          After submitting, your files and answers become read-only and your recruiter is notified.
          This cannot be undone.
        </Text>
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Keep working
          </Button>
          <Button onClick={onConfirm} loading={submitting}>
            {ASSESSMENT_TEXTS.submit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
