import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Assessment } from '../../../../domain/assessments';
import { isCalendarDate } from '../../../../domain/inputs';
import { errorMessage } from '../../../api/http';
import { useChangeDueDate } from '../../assessments/api/assessments';
import { notifySuccess } from '../lib/notify';

/** Extend the due date of an assessment that is not submitted; the candidate is e-mailed. */
export function DueDateForm({ assessment }: { assessment: Assessment }) {
  const change = useChangeDueDate();
  const [value, setValue] = useState(assessment.dueDate);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isCalendarDate(value)) {
      setError('Please set a due date');
      return;
    }
    if (value <= assessment.dueDate) {
      setError(`The new due date must be after the current one (${assessment.dueDate})`);
      return;
    }
    change.mutate(
      { id: assessment.id, dueDate: value },
      {
        onSuccess: () =>
          notifySuccess('Due date extended', `The candidate was told the new date, ${value}.`),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Extend the due date">
      <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
        <TextInput
          type="date"
          label="New due date"
          value={value}
          min={assessment.dueDate}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error ?? undefined}
          errorProps={{ role: 'alert' }}
        />
        <Button type="submit" variant="light" loading={change.isPending}>
          Extend due date
        </Button>
      </Group>
    </form>
  );
}
