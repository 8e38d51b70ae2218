import { Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  type AssignInput,
  assignInputSchema,
  type CandidateOption,
  defaultDueDate,
  earliestDueDate,
  type Template,
} from '../../../../domain/assessments';
import { errorMessage } from '../../../api/http';
import { translateErrors } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { BulkAssignForm } from '../../bulk-invitations';
import { useAssignAssessment } from '../api/assessments';
import { CandidateSelect } from './candidate-select';

type AssignValues = {
  templateId: string;
  candidateId: string | null;
  dueDate: string;
  message: string;
};

/** The contract's rules plus one only the browser knows: today's date in the user's calendar. */
const assignFormSchema = assignInputSchema.superRefine((input, ctx) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate) && input.dueDate < earliestDueDate()) {
    ctx.addIssue({
      code: 'custom',
      path: ['dueDate'],
      message: 'The due date cannot be in the past',
    });
  }
});

const validateAssign = schemaResolver(assignFormSchema, { sync: true });

type AssignModalProps = { template: Template | null; onClose: () => void };

/** 'Assign Assessment': candidate, due date (today + 7 by default), optional message. */
export function AssignModal({ template, onClose }: AssignModalProps) {
  const { t } = useTranslation('recruiter');
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={t('assignModal.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {template ? <AssignChoice key={template.id} template={template} onDone={onClose} /> : null}
    </Modal>
  );
}

/** One candidate, or many from a CSV (bulk invitations, docs/decisions/026). */
function AssignChoice({ template, onDone }: { template: Template; onDone: () => void }) {
  const { t } = useTranslation('recruiter');
  const [mode, setMode] = useState<'one' | 'csv'>('one');
  return (
    <Stack gap="md">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as 'one' | 'csv')}
        data={[
          { value: 'one', label: t('assignModal.one') },
          { value: 'csv', label: t('assignModal.csv') },
        ]}
      />
      {mode === 'one' ? (
        <AssignForm template={template} onDone={onDone} />
      ) : (
        <BulkAssignForm template={template} onDone={onDone} />
      )}
    </Stack>
  );
}

type AssignFormProps = {
  template: Template;
  onDone: () => void;
  /** Preselected (Find Candidates' "Assign Assessment"); still changeable. */
  initialCandidate?: CandidateOption | null;
};

/** The assign form itself, also used with a candidate chosen beforehand. */
export function AssignForm({ template, onDone, initialCandidate = null }: AssignFormProps) {
  const { t } = useTranslation('recruiter');
  const assign = useAssignAssessment();
  const [candidate, setCandidate] = useState<CandidateOption | null>(initialCandidate);
  const form = useForm<AssignValues>({
    initialValues: {
      templateId: template.id,
      candidateId: initialCandidate?.id ?? null,
      dueDate: defaultDueDate(),
      message: '',
    },
    validate: (values) => translateErrors(validateAssign(values)),
  });

  const submit = form.onSubmit((values) => {
    assign.mutate(values as AssignInput, {
      onSuccess: (assessment) => {
        notifySuccess(
          t('assignModal.assigned'),
          t('assignModal.assignedText', {
            title: assessment.title,
            name: candidate?.name || assessment.candidateName,
          }),
        );
        onDone();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {/* The catalogue places the spaces: Japanese has none after its full-width colon. */}
          <Trans
            t={t}
            i18nKey="assignModal.templateLine"
            values={{
              title: template.title,
              meta: t('assignModal.templateMeta', {
                role: template.roleName,
                tasks: t('tasks', { count: template.tasks.length }),
              }),
            }}
            components={{ b: <strong /> }}
          />
        </Text>
        <CandidateSelect
          value={form.values.candidateId}
          initialCandidate={initialCandidate}
          error={form.errors.candidateId}
          onChange={(id, option) => {
            setCandidate(option);
            form.setFieldValue('candidateId', id);
          }}
        />
        <DateField
          label={t('assignModal.dueDate')}
          required
          min={earliestDueDate()}
          {...form.getInputProps('dueDate')}
        />
        <Textarea
          label={t('assignModal.message')}
          placeholder={t('assignModal.messagePlaceholder')}
          autosize
          minRows={3}
          maxRows={8}
          {...form.getInputProps('message')}
        />
        {assign.isError ? (
          <FormError>{t('assignModal.failed', { reason: errorMessage(assign.error) })}</FormError>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            {t('assignModal.cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending}>
            {t('assignModal.assign')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
