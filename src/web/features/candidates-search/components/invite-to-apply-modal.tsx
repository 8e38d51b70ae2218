import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_INVITATION_MESSAGE } from '../../../../domain/invitations';
import { closingDatePassed } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useManagedJobs } from '../../jobs';
import { useInviteToApply, useSentInvitations } from '../api/invitations';

type Candidate = { id: string; name: string };

type InviteToApplyModalProps = {
  candidate: Candidate | null;
  onClose: () => void;
};

/** Invite to apply: pick one of the recruiter's published, open jobs, add a line, send. */
export function InviteToApplyModal({ candidate, onClose }: InviteToApplyModalProps) {
  const { t } = useTranslation('candidates-search');
  return (
    <Modal
      opened={candidate !== null}
      onClose={onClose}
      title={candidate ? t('invite.titleFor', { name: candidate.name }) : t('actions.invite')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {candidate ? <InviteBody key={candidate.id} candidate={candidate} onDone={onClose} /> : null}
    </Modal>
  );
}

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function InviteBody({ candidate, onDone }: { candidate: Candidate; onDone: () => void }) {
  const { t } = useTranslation('candidates-search');
  const jobs = useManagedJobs();
  const sent = useSentInvitations(candidate.id);
  const invite = useInviteToApply();
  const [jobId, setJobId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [jobError, setJobError] = useState<string | null>(null);

  if (jobs.isPending) return <LoadingText text={t('invite.loadingJobs')} />;
  if (jobs.isError) return <FormError>{errorMessage(jobs.error)}</FormError>;
  const open = jobs.data.filter(
    (j) => j.status === 'published' && !closingDatePassed(j.closingDate, localToday()),
  );
  if (open.length === 0) return <Text>{t('invite.noOpenJobs')}</Text>;
  const invited = new Set((sent.data ?? []).map((i) => i.jobId));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!jobId) {
      setJobError(t('invite.chooseJob'));
      return;
    }
    setJobError(null);
    const job = open.find((j) => j.id === jobId);
    invite.mutate(
      { jobId, input: { candidateId: candidate.id, message } },
      {
        onSuccess: () => {
          notifySuccess(
            t('invite.sent'),
            job
              ? t('invite.sentText', { name: candidate.name, title: job.title })
              : t('invite.sentTextNoTitle', { name: candidate.name }),
          );
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('invite.job')}
          placeholder={t('invite.chooseJob')}
          required
          data={open.map((j) => ({
            value: j.id,
            label: invited.has(j.id) ? t('invite.alreadyInvited', { title: j.title }) : j.title,
            disabled: invited.has(j.id),
          }))}
          value={jobId}
          onChange={setJobId}
          error={jobError}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label={t('invite.message')}
          description={t('invite.messageHint')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_INVITATION_MESSAGE}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {invite.isError ? <FormError>{errorMessage(invite.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t('invite.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
