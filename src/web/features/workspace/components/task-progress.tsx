import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { progressOf, type Task } from '../../../../domain/assessments';

/** 'n of m tasks complete' with the rounded percentage and a bar. */
export function TaskProgress({ tasks }: { tasks: Pick<Task, 'completed'>[] }) {
  const { t } = useTranslation('workspace');
  const progress = progressOf(tasks);
  const done = tasks.filter((t) => t.completed).length;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm">{t('progress.complete', { done, count: tasks.length })}</Text>
        <Text size="sm" fw={600}>
          {t('progress.percent', { percent: progress })}
        </Text>
      </Group>
      <Progress value={progress} aria-label={t('progress.label', { percent: progress })} />
    </div>
  );
}
