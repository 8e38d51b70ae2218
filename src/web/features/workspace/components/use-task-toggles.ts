import { useState } from 'react';
import type { Assessment, Task } from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { useSetTaskCompleted, useToggleAllTasks } from '../../assessments';

export type PendingToggle = { taskId: string; completed: boolean } | 'all' | null;

/** Ticking a task, or all of them (the spec's toggle), with the box's state shown at once. */
export function useTaskToggles(
  assessment: Assessment,
  /** Every task was just marked complete: the Submit step is offered. */
  onAllCompleted: () => void,
) {
  const setTask = useSetTaskCompleted();
  const toggleAll = useToggleAllTasks();
  const [error, setError] = useState<string | null>(null);
  // Set in the click itself, so the box shows its new state at once (and keeps it while
  // the server answers); cleared when the change settles.
  const [pending, setPending] = useState<PendingToggle>(null);

  const allDone = assessment.tasks.length > 0 && assessment.tasks.every((t) => t.completed);

  const settle = {
    onError: (e: Error) => setError(errorMessage(e)),
    onSettled: () => setPending(null),
  };

  function toggle(task: Task, completed: boolean) {
    setError(null);
    setPending({ taskId: task.id, completed });
    setTask.mutate({ id: assessment.id, taskId: task.id, completed }, settle);
  }

  /** The spec's toggle for the tasks; marking all complete then offers the Submit step. */
  function toggleEvery() {
    setError(null);
    setPending('all');
    const completing = !allDone;
    toggleAll.mutate(assessment.id, {
      ...settle,
      onSuccess: () => {
        if (completing) onAllCompleted();
      },
    });
  }

  return { error, pending, allDone, toggle, toggleEvery };
}
