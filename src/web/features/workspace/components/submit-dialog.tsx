import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { submissionSummary, type Task } from '../../../../domain/assessments';
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
  const { t } = useTranslation('workspace');
  if (tasks.length === 0) return null;
  return (
    <div>
      <Title order={3} fz="sm" mb={4}>
        {t('submit.listTitle', { title, count: tasks.length })}
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
  const { t } = useTranslation('workspace');
  const summary = submissionSummary(tasks, answers);
  const incomplete = summary.open.length > 0 || summary.unanswered.length > 0;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('submit.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('submit.close') }}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      <Stack gap="md">
        <TaskList title={t('submit.done')} tasks={summary.done} />
        <TaskList title={t('submit.open')} tasks={summary.open} />
        <TaskList title={t('submit.unanswered')} tasks={summary.unanswered} />
        {incomplete ? (
          <Alert
            color="yellow"
            variant="light"
            title={t('submit.unfinishedTitle')}
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {t('submit.unfinishedText')}
          </Alert>
        ) : null}
        <Text size="sm">{t('submit.final')}</Text>
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('submit.keepWorking')}
          </Button>
          <Button onClick={onConfirm} loading={submitting}>
            {t('actions.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
