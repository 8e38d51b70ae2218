import { Anchor, Badge, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasWrittenAnswer, type Task } from '../../../../domain/assessments';
import { FormError } from '../../../ui/form-error';
import type { DocView } from '../lib/file-sync';
import { AnswerField } from './answer-field';
import { TaskProgress } from './task-progress';
import classes from './workspace.module.css';

type TasksPanelProps = {
  tasks: Task[];
  canEdit: boolean;
  /**
   * A change on its way: its box already shows the new state; every box is disabled until
   * the server answers ('all' for Mark All).
   */
  pending: { taskId: string; completed: boolean } | 'all' | null;
  error: string | null;
  onToggle: (task: Task, completed: boolean) => void;
  /** The written answers of text and document tasks. */
  answers: {
    view: (taskId: string) => DocView | undefined;
    editable: boolean;
    onChange: (taskId: string, text: string) => void;
  };
};

export function TasksPanel({ tasks, canEdit, pending, error, onToggle, answers }: TasksPanelProps) {
  const { t } = useTranslation('workspace');
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('tasks.title')}
      </Title>
      <TaskProgress tasks={tasks} />
      <FormError>{error}</FormError>
      {tasks.length === 0 ? (
        <Text c="dimmed">{t('tasks.none')}</Text>
      ) : (
        <ol className={classes.plainList}>
          {tasks.map((task, index) => (
            <li key={task.id}>
              <Paper withBorder radius="md" p="md" mb="sm">
                <div className={classes.taskHead}>
                  <Checkbox
                    checked={
                      pending !== null && pending !== 'all' && pending.taskId === task.id
                        ? pending.completed
                        : task.completed
                    }
                    disabled={!canEdit || pending !== null}
                    onChange={(event) => onToggle(task, event.currentTarget.checked)}
                    label={
                      // Done is the tick, not a strike-through: a scored assessment stays readable.
                      <Text fw={600} span>
                        {index + 1}. {task.title}
                      </Text>
                    }
                    description={task.description || undefined}
                    classNames={{
                      description: classes.preWrap,
                      label: classes.taskLabel,
                      input: classes.taskInput,
                      icon: classes.taskIcon,
                    }}
                  />
                  <Badge variant="default" className={classes.taskType}>
                    {t(`tasks.types.${task.type}`)}
                  </Badge>
                </div>
                {hasWrittenAnswer(task.type) ? (
                  <div className={classes.answer}>
                    <AnswerField
                      task={task}
                      view={answers.view(task.id)}
                      editable={answers.editable}
                      onChange={(text) => answers.onChange(task.id, text)}
                    />
                  </div>
                ) : null}
              </Paper>
            </li>
          ))}
        </ol>
      )}
    </Stack>
  );
}

/** The Tasks tab without an assessment (the /assessment preview). */
export function PreviewTasksPanel({
  listHref,
  listLabel,
}: {
  listHref: string;
  listLabel: string;
}) {
  const { t } = useTranslation('workspace');
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('tasks.title')}
      </Title>
      <Text>{t('tasks.preview')}</Text>
      <Anchor component={Link} to={listHref}>
        {listLabel}
      </Anchor>
    </Stack>
  );
}
