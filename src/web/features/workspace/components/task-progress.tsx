import { Group, Progress, Text } from '@mantine/core';
import { progressOf, type Task } from '../../../../domain/assessments';

/** 'n of m tasks complete' with the rounded percentage and a bar. */
export function TaskProgress({ tasks }: { tasks: Pick<Task, 'completed'>[] }) {
  const progress = progressOf(tasks);
  const done = tasks.filter((t) => t.completed).length;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm">
          {done} of {tasks.length} {tasks.length === 1 ? 'task' : 'tasks'} complete
        </Text>
        <Text size="sm" fw={600}>
          {progress}%
        </Text>
      </Group>
      <Progress value={progress} aria-label={`Progress: ${progress}%`} />
    </div>
  );
}
