import {
  Anchor,
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SignUpInput } from '../../../../domain/auth';
import type { PublicJob } from '../../../../domain/careers';
import { applyInputSchema, MAX_COVER_LETTER } from '../../../../domain/jobs';
import { RESUME_REFUSAL_TEXTS, resumeRefusal } from '../../../../domain/resumes';
import { errorMessage } from '../../../api/http';
import { translateErrors, translateMessage } from '../../../lib/messages';
import { useSessionState } from '../../../lib/session';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import {
  EmailNotVerifiedError,
  LogInFields,
  readLogIn,
  SignUpFields,
  TWO_FACTOR_STEP,
  useLogIn,
  useLogInErrors,
  useSignUp,
  validateLogIn,
  validateSignUp,
} from '../../auth';
import { formatDate, StageBadge, useApply, useJob } from '../../jobs';
import { clearDraft, loadDraft, loadResumeDraft, saveDraft, saveResumeDraft } from '../lib/draft';
import { rememberReturn } from '../lib/return-path';

/**
 * Apply on the careers page. Anyone may start writing; a visitor then creates a job seeker
 * account or logs in right here, and the cover letter stays (in this browser too, so it
 * survives the verification mail and the link back). One application per job still holds:
 * the server refuses a second one.
 */
export function ApplySection({ job }: { job: PublicJob }) {
  const { t } = useTranslation('careers');
  const session = useSessionState();
  const [coverLetter, setCoverLetter] = useState(() => loadDraft(job.id));
  useEffect(() => saveDraft(job.id, coverLetter), [job.id, coverLetter]);
  // The résumé chosen before signing up or in comes back with the letter (IndexedDB).
  const [resume, setResume] = useState<File | null>(null);
  useEffect(() => {
    let live = true;
    void loadResumeDraft(job.id).then((kept) => {
      if (live && kept) setResume((chosen) => chosen ?? kept);
    });
    return () => {
      live = false;
    };
  }, [job.id]);
  const chooseResume = (file: File | null) => {
    setResume(file);
    void saveResumeDraft(job.id, file);
  };

  let content: React.ReactNode;
  if (session.status === 'loading') {
    content = <LoadingText text={t('loadingJob')} />;
  } else if (session.status === 'signed-in' && session.user.role !== 'candidate') {
    content = <Text>{t('notCandidate')}</Text>;
  } else if (session.status === 'signed-in') {
    content = (
      <CandidateApply
        job={job}
        coverLetter={coverLetter}
        setCoverLetter={setCoverLetter}
        resume={resume}
        setResume={chooseResume}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <CoverLetterInput value={coverLetter} onChange={setCoverLetter} />
        <ResumeInput value={resume} onChange={chooseResume} />
        <Text size="sm">{t('signUpToApply')}</Text>
        <InlineAuth returnTo={job.path} />
      </Stack>
    );
  }
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      id="apply"
      aria-labelledby="apply-title"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="apply-title">
          {t('applyTitle')}
        </Title>
        {content}
      </Stack>
    </Paper>
  );
}

function CoverLetterInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('careers');
  return (
    <Textarea
      label={t('coverLetter')}
      description={t('draftKept')}
      required
      autosize
      minRows={6}
      maxRows={16}
      maxLength={MAX_COVER_LETTER}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

function ResumeInput({
  value,
  onChange,
  error,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('careers');
  return (
    <FileInput
      label={t('resume')}
      description={t('resumeHint')}
      placeholder={t('choosePdf')}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      accept="application/pdf,.pdf"
      clearable
      clearButtonProps={{ 'aria-label': t('removeResume') }}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function CandidateApply({
  job,
  coverLetter,
  setCoverLetter,
  resume,
  setResume,
}: {
  job: PublicJob;
  coverLetter: string;
  setCoverLetter: (v: string) => void;
  resume: File | null;
  setResume: (file: File | null) => void;
}) {
  const { t } = useTranslation('careers');
  const mine = useJob(job.id);
  const apply = useApply();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<{ coverLetter?: string; resume?: string }>({});

  if (mine.isPending) return <LoadingText text={t('loadingJob')} />;
  const applied = mine.data?.myApplication;
  if (applied) {
    return (
      <Group gap="xs">
        <Text>{t('appliedOn', { date: formatDate(applied.createdAt) })}</Text>
        <StageBadge stage={applied.stage} candidate />
        <Anchor component={Link} to="/candidate/applications">
          {t('myApplications')}
        </Anchor>
      </Group>
    );
  }

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    const parsed = applyInputSchema.safeParse({ coverLetter });
    if (!parsed.success) {
      next.coverLetter = translateMessage(parsed.error.issues[0]?.message ?? '');
    }
    const refusal = resume && resumeRefusal(resume);
    if (refusal) next.resume = translateMessage(RESUME_REFUSAL_TEXTS[refusal]);
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    apply.mutate(
      { jobId: job.id, coverLetter, resume },
      {
        onSuccess: () => {
          clearDraft(job.id);
          void saveResumeDraft(job.id, null);
          navigate('/candidate/applications');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <CoverLetterInput
          value={coverLetter}
          onChange={setCoverLetter}
          error={errors.coverLetter}
        />
        <ResumeInput value={resume} onChange={setResume} error={errors.resume} />
        {mine.isError ? <FormError>{errorMessage(mine.error)}</FormError> : null}
        {apply.isError ? <FormError>{errorMessage(apply.error)}</FormError> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={apply.isPending}>
            {t('submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Mode = 'signup' | 'login';

/** Create a job seeker account or log in without leaving the job. */
function InlineAuth({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('careers');
  const [mode, setMode] = useState<Mode>('signup');
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as Mode)}
        data={[
          { value: 'signup', label: t('createAccount') },
          { value: 'login', label: t('logIn') },
        ]}
      />
      {mode === 'signup' ? (
        <InlineSignUp returnTo={returnTo} />
      ) : (
        <InlineLogIn returnTo={returnTo} />
      )}
    </Stack>
  );
}

function InlineSignUp({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation(['careers', 'auth']);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useSignUp();
  const form = useForm<SignUpInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '', confirmPassword: '', role: 'candidate' },
    validate: (values) => translateErrors(validateSignUp(values)),
  });
  if (sentTo) {
    return (
      <FormSuccess>
        {t('checkEmail', { email: sentTo })} {t('checkEmailThenReturn')}
      </FormSuccess>
    );
  }
  return (
    <form
      noValidate
      aria-label={t('createAccount')}
      onSubmit={form.onSubmit((values) => {
        // The mailed link lands on /login: from there, back to this job.
        rememberReturn(returnTo);
        mutation.mutate(
          { ...values, role: 'candidate' },
          { onSuccess: () => setSentTo(values.email.trim()) },
        );
      })}
    >
      <Stack gap="sm">
        {mutation.isError ? (
          <FormError>{t('auth:failed.signUp', { reason: errorMessage(mutation.error) })}</FormError>
        ) : null}
        <SignUpFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('auth:signUp.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InlineLogIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation(['careers', 'auth']);
  const navigate = useNavigate();
  const mutation = useLogIn();
  const { errors, setErrors, onEdit } = useLogInErrors();
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = readLogIn(event.currentTarget);
    const found = translateErrors(validateLogIn(values));
    setErrors(found as typeof errors);
    if (Object.values(found).some(Boolean)) return;
    mutation.mutate(values, {
      // Signed in: this page turns into the application form, the letter kept. With
      // two-factor sign-in on, the code comes first, then back here.
      onSuccess: (role) => {
        if (role === TWO_FACTOR_STEP) {
          rememberReturn(returnTo);
          navigate('/login/two-factor');
        }
      },
    });
  };
  const notVerified = mutation.error instanceof EmailNotVerifiedError;
  return (
    <form noValidate aria-label={t('logIn')} onSubmit={submit}>
      <Stack gap="sm">
        {mutation.isError ? (
          <FormError>
            {notVerified
              ? t('auth:verification.notVerified')
              : t('auth:failed.signIn', { reason: errorMessage(mutation.error) })}
          </FormError>
        ) : null}
        <LogInFields errors={errors} onEdit={onEdit} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            {t('auth:login.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
