import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { defaultDueDate, toIsoDate } from '../../../../domain/assessments';
import {
  JOB_TEXTS,
  MAX_REASON,
  type MoveInput,
  type MoveTarget,
  STAGE_LABELS,
} from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { useTemplates } from '../../assessments/api/templates';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useMoveApplications } from '../api/applications';

type Props = {
  jobId: string;
  /** The applications to move and the stage; null closes the modal. */
  target: { ids: string[]; stage: MoveTarget; names: string } | null;
  onClose: () => void;
  onMoved?: () => void;
};

/** Rejected asks for a reason; Assessment for a template to assign (with a due date). */
export function MoveModal({ jobId, target, onClose, onMoved }: Props) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Move to ${STAGE_LABELS[target.stage]}` : ''}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target ? (
        <MoveForm
          key={`${target.stage}-${target.ids.join()}`}
          jobId={jobId}
          target={target}
          onDone={() => {
            onClose();
            onMoved?.();
          }}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
}

function MoveForm({
  jobId,
  target,
  onDone,
  onCancel,
}: {
  jobId: string;
  target: NonNullable<Props['target']>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const move = useMoveApplications();
  const templates = useTemplates();
  const [reason, setReason] = useState('');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [dueDate, setDueDate] = useState(defaultDueDate());
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (target.stage === 'rejected' && !reason.trim()) next.reason = JOB_TEXTS.reasonRequired;
    if (target.stage === 'assessment') {
      if (!templateId) next.templateId = JOB_TEXTS.templateRequired;
      if (!dueDate) next.dueDate = 'Please set a due date';
      else if (dueDate < toIsoDate(new Date())) next.dueDate = 'The due date cannot be in the past';
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const input: MoveInput = {
      applicationIds: target.ids,
      stage: target.stage,
      ...(target.stage === 'rejected' ? { reason } : {}),
      ...(target.stage === 'assessment'
        ? { assessment: { templateId: templateId!, dueDate, message } }
        : {}),
    };
    move.mutate(
      { jobId, input },
      {
        onSuccess: () => {
          notifySuccess('Moved', `${target.names} moved to ${STAGE_LABELS[target.stage]}.`);
          onDone();
        },
      },
    );
  };

  const usable = (templates.data ?? []).filter((t) => t.active);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {target.ids.length === 1 ? target.names : `${target.ids.length} applications`} →{' '}
          <strong>{STAGE_LABELS[target.stage]}</strong>
        </Text>
        {target.stage === 'rejected' ? (
          <Textarea
            label="Reason"
            description="Kept with the application; the candidate sees “Not selected”."
            required
            autosize
            minRows={3}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
        ) : null}
        {target.stage === 'assessment' ? (
          <>
            <Select
              label="Assessment template"
              required
              placeholder={templates.isPending ? 'Loading templates...' : 'Choose a template'}
              data={usable.map((t) => ({ value: t.id, label: `${t.title} (${t.roleName})` }))}
              value={templateId}
              onChange={setTemplateId}
              error={errors.templateId}
              nothingFoundMessage="Contact an admin to create templates"
            />
            <TextInput
              type="date"
              label="Due Date"
              required
              min={toIsoDate(new Date())}
              value={dueDate}
              onChange={(e) => setDueDate(e.currentTarget.value)}
              error={errors.dueDate}
            />
            <Textarea
              label="Message (optional)"
              autosize
              minRows={2}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
          </>
        ) : null}
        {move.isError ? <FormError>{errorMessage(move.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={move.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={move.isPending}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
