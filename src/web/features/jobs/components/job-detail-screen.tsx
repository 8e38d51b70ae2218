import '../styles';
import {
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  applyInputSchema,
  JOB_TEXTS,
  type JobDetail,
  MAX_COVER_LETTER,
} from '../../../../domain/jobs';
import { RESUME_REFUSAL_TEXTS, resumeRefusal } from '../../../../domain/resumes';
import { errorMessage } from '../../../api/http';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { PageHeader } from '../../../ui/page-header';
import { useApply } from '../api/applications';
import { useMarkInvitationRead, useMyInvitations } from '../api/invitations';
import { useJob } from '../api/jobs';
import { formatDate, StageBadge } from './job-badges';
import { JobDescription, JobHeader } from './job-header';

/** A job as a candidate opens it (/candidate/jobs/:jobId): the description and Apply. */
export function JobDetailScreen() {
  const { t } = useTranslation('jobs');
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  if (job.isPending) return <LoadingText text={t('loading.job')} />;
  if (job.isError) {
    return (
      <>
        <PageHeader title={t('detail.title')} />
        <FormError>{errorMessage(job.error)}</FormError>
        <Anchor component={Link} to="/candidate/jobs" mt="md" display="block">
          {t('detail.back')}
        </Anchor>
      </>
    );
  }
  const j = job.data;
  return (
    <>
      <JobHeader
        job={j}
        hirer={j.companyName || j.recruiterName}
        back={{ to: '/candidate/jobs', label: t('detail.back') }}
      />
      <Stack gap="md">
        <JobDescription source={j.description} />
        <InvitationNote jobId={j.id} />
        {j.myApplication ? (
          <Paper withBorder p="md" radius="md">
            <Group gap="xs">
              <Text>{t('detail.appliedOn', { date: formatDate(j.myApplication.createdAt) })}</Text>
              <StageBadge stage={j.myApplication.stage} candidate />
              <Anchor component={Link} to="/candidate/applications">
                {t('mine.title')}
              </Anchor>
            </Group>
          </Paper>
        ) : j.canApply ? (
          <ApplyForm job={j} />
        ) : (
          <Paper withBorder p="md" radius="md">
            <Text>{translateMessage(JOB_TEXTS.notOpen)}</Text>
          </Paper>
        )}
      </Stack>
    </>
  );
}

/** "Rita invited you to apply": shown on the job an invitation leads to; seeing it marks it read. */
function InvitationNote({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const invitations = useMyInvitations();
  const markRead = useMarkInvitationRead();
  const invitation = invitations.data?.find((i) => i.jobId === jobId) ?? null;
  const unreadId = invitation && invitation.readAt === null ? invitation.id : null;
  const { mutate } = markRead;
  useEffect(() => {
    if (unreadId) mutate(unreadId);
  }, [unreadId, mutate]);
  if (!invitation) return null;
  const from = invitation.companyName
    ? `${invitation.recruiterName} (${invitation.companyName})`
    : invitation.recruiterName;
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg="blue.0"
      component="section"
      aria-label={t('invitations.note')}
    >
      <Text fw={600}>
        {t('invitations.invitedToApply', { from, date: formatDate(invitation.createdAt) })}
      </Text>
      {invitation.message ? (
        <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {t('quoted', { text: invitation.message })}
        </Text>
      ) : null}
    </Paper>
  );
}

function ApplyForm({ job }: { job: JobDetail }) {
  const { t } = useTranslation('jobs');
  const apply = useApply();
  const [coverLetter, setCoverLetter] = useState('');
  const [resume, setResume] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ coverLetter?: string; resume?: string }>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const parsed = applyInputSchema.safeParse({ coverLetter });
    if (!parsed.success) next.coverLetter = translateMessage(parsed.error.issues[0]?.message ?? '');
    const refusal = resume && resumeRefusal(resume);
    if (refusal) next.resume = translateMessage(RESUME_REFUSAL_TEXTS[refusal]);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    apply.mutate(
      { jobId: job.id, coverLetter, resume },
      {
        onSuccess: () =>
          notifySuccess(t('toast.applied'), t('toast.appliedText', { title: job.title })),
      },
    );
  };

  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="apply-title"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg" id="apply-title">
            {t('apply.title')}
          </Title>
          <Textarea
            label={t('apply.coverLetter')}
            required
            autosize
            minRows={6}
            maxRows={16}
            maxLength={MAX_COVER_LETTER}
            value={coverLetter}
            onChange={(e) => setCoverLetter(e.currentTarget.value)}
            error={errors.coverLetter}
          />
          <FileInput
            label={t('apply.resume')}
            description={t('apply.resumeHint')}
            placeholder={t('apply.choosePdf')}
            // Mantine's placeholder grey reads below 4.5:1 on white; this one is text.
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept="application/pdf,.pdf"
            clearable
            clearButtonProps={{ 'aria-label': t('apply.removeResume') }}
            value={resume}
            onChange={setResume}
            error={errors.resume}
          />
          {apply.isError ? <FormError>{errorMessage(apply.error)}</FormError> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={apply.isPending}>
              {t('apply.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
