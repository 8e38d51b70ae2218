import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultDueDate, toIsoDate } from '../../../../domain/assessments';
import { JOB_TEXTS, MAX_REASON, type MoveInput, type MoveTarget } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { useTemplates } from '../../assessments';
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
  const { t } = useTranslation('jobs');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? t('move.title', { stage: t(`stage.${target.stage}`) }) : ''}
      closeButtonProps={{ 'aria-label': t('close') }}
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
  const { t } = useTranslation('jobs');
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
    if (target.stage === 'rejected' && !reason.trim())
      next.reason = translateMessage(JOB_TEXTS.reasonRequired);
    if (target.stage === 'assessment') {
      if (!templateId) next.templateId = translateMessage(JOB_TEXTS.templateRequired);
      if (!dueDate) next.dueDate = t('move.dueRequired');
      else if (dueDate < toIsoDate(new Date())) next.dueDate = t('move.duePast');
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
          notifySuccess(
            t('toast.moved'),
            t('toast.movedText', { names: target.names, stage: t(`stage.${target.stage}`) }),
          );
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
          {target.ids.length === 1
            ? target.names
            : t('applicationCount', { count: target.ids.length })}{' '}
          → <strong>{t(`stage.${target.stage}`)}</strong>
        </Text>
        {target.stage === 'rejected' ? (
          <Textarea
            label={t('move.reason')}
            description={t('move.reasonHint')}
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
              label={t('move.template')}
              required
              placeholder={
                templates.isPending ? t('move.loadingTemplates') : t('move.chooseTemplate')
              }
              data={usable.map((t) => ({ value: t.id, label: `${t.title} (${t.roleName})` }))}
              value={templateId}
              onChange={setTemplateId}
              error={errors.templateId}
              nothingFoundMessage={t('move.noTemplates')}
            />
            <DateField
              label={t('move.dueDate')}
              required
              min={toIsoDate(new Date())}
              value={dueDate}
              onChange={setDueDate}
              error={errors.dueDate}
            />
            <Textarea
              label={t('move.message')}
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
            {t('cancel')}
          </Button>
          <Button type="submit" loading={move.isPending}>
            {t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
