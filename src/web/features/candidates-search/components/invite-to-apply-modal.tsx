import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { INVITATION_TEXTS, MAX_INVITATION_MESSAGE } from '../../../../domain/invitations';
import { closingDatePassed, JOB_TEXTS } from '../../../../domain/jobs';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useManagedJobs } from '../../jobs/api/jobs';
import { notifySuccess } from '../../recruiter/lib/notify';
import { useInviteToApply, useSentInvitations } from '../api/invitations';

type Candidate = { id: string; name: string };

type InviteToApplyModalProps = {
  candidate: Candidate | null;
  onClose: () => void;
};

/** Invite to apply: pick one of the recruiter's published, open jobs, add a line, send. */
export function InviteToApplyModal({ candidate, onClose }: InviteToApplyModalProps) {
  return (
    <Modal
      opened={candidate !== null}
      onClose={onClose}
      title={candidate ? `Invite ${candidate.name} to apply` : 'Invite to Apply'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
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
  const jobs = useManagedJobs();
  const sent = useSentInvitations(candidate.id);
  const invite = useInviteToApply();
  const [jobId, setJobId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [jobError, setJobError] = useState<string | null>(null);

  if (jobs.isPending) return <LoadingText text={JOB_TEXTS.loadingJobs} />;
  if (jobs.isError) return <FormError>{errorMessage(jobs.error)}</FormError>;
  const open = jobs.data.filter(
    (j) => j.status === 'published' && !closingDatePassed(j.closingDate, localToday()),
  );
  if (open.length === 0) return <Text>{INVITATION_TEXTS.noOpenJobs}</Text>;
  const invited = new Set((sent.data ?? []).map((i) => i.jobId));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!jobId) {
      setJobError(INVITATION_TEXTS.chooseJob);
      return;
    }
    setJobError(null);
    const job = open.find((j) => j.id === jobId);
    invite.mutate(
      { jobId, input: { candidateId: candidate.id, message } },
      {
        onSuccess: () => {
          notifySuccess(
            INVITATION_TEXTS.sent,
            `${candidate.name} was invited to apply to ${job?.title ?? 'the job'}.`,
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
          label="Job"
          placeholder="Choose one of your open jobs"
          required
          data={open.map((j) => ({
            value: j.id,
            label: invited.has(j.id) ? `${j.title} (already invited)` : j.title,
            disabled: invited.has(j.id),
          }))}
          value={jobId}
          onChange={setJobId}
          error={jobError}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Message (optional)"
          description="A few words on why you thought of them; it goes in the invitation e-mail."
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
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send Invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
