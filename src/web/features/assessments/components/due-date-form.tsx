import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assessment } from '../../../../domain/assessments';
import { isCalendarDate } from '../../../../domain/inputs';
import { errorMessage } from '../../../api/http';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { DateField } from '../../../ui/date-field';
import { useChangeDueDate } from '../api/assessments';

/** Extend the due date of an assessment that is not submitted; the candidate is e-mailed. */
export function DueDateForm({ assessment }: { assessment: Assessment }) {
  const { t } = useTranslation('recruiter');
  const change = useChangeDueDate();
  const [value, setValue] = useState(assessment.dueDate);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!isCalendarDate(value)) {
      setError(t('dueDate.required'));
      return;
    }
    if (value <= assessment.dueDate) {
      setError(t('dueDate.mustBeLater', { date: formatDate(assessment.dueDate) }));
      return;
    }
    change.mutate(
      { id: assessment.id, dueDate: value },
      {
        onSuccess: () =>
          notifySuccess(
            t('dueDate.extended'),
            t('dueDate.extendedText', { date: formatDate(value) }),
          ),
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('dueDate.formLabel')}>
      <Group align="flex-end" gap="sm" mt="sm" wrap="wrap">
        <DateField
          label={t('dueDate.label')}
          value={value}
          min={assessment.dueDate}
          onChange={setValue}
          error={error ?? undefined}
          errorProps={{ role: 'alert' }}
        />
        <Button type="submit" variant="light" loading={change.isPending}>
          {t('dueDate.submit')}
        </Button>
      </Group>
    </form>
  );
}
