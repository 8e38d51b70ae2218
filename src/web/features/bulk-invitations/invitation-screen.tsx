import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { errorMessage } from '../../api/http';
import { formatDate } from '../../lib/format';
import { useSessionState } from '../../lib/session';
import { AuthCard } from '../../ui/auth-card';
import { FormError } from '../../ui/form-error';
import { logIn } from '../auth';
import { useAcceptInvitation, useInvitation, useInvitationSignUp } from './api';

/**
 * The link of a bulk invitation (docs/decisions/026): sign-up with the invited address
 * filled in and fixed (the link proves it; no verification mail), then straight into the
 * assessment. A signed-in candidate with that address takes it with one click.
 */
export function InvitationScreen() {
  const { t } = useTranslation('bulk-invitations');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const invitation = useInvitation(token);
  const session = useSessionState();
  const signUp = useInvitationSignUp(token);
  const accept = useAcceptInvitation(token);
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);

  if (invitation.isPending || session.status === 'loading') {
    return (
      <AuthCard title={t('invitation.title')}>
        <Text>{t('invitation.loading')}</Text>
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title={t('invitation.title')}>
        <FormError>{errorMessage(invitation.error)}</FormError>
      </AuthCard>
    );
  }
  const info = invitation.data;
  const subtitle = t('invitation.subtitle', {
    recruiter: info.recruiterName,
    title: info.title,
    date: formatDate(info.dueDate),
  });

  if (session.status === 'signed-in') {
    const mine = session.user.email.toLowerCase() === info.email;
    return (
      <AuthCard title={t('invitation.title')} subtitle={subtitle}>
        <Stack gap="md">
          {mine ? (
            <Button
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: ({ assessmentId }) => navigate(`/assessment/${assessmentId}`),
                })
              }
            >
              {t('invitation.open')}
            </Button>
          ) : (
            <Text>{t('invitation.otherAddress', { email: info.email })}</Text>
          )}
          {accept.isError ? <FormError>{errorMessage(accept.error)}</FormError> : null}
        </Stack>
      </AuthCard>
    );
  }

  if (info.accepted || info.accountExists) {
    return (
      <AuthCard title={t('invitation.title')} subtitle={subtitle}>
        <Stack gap="md">
          <Text>{t('invitation.hasAccount', { email: info.email })}</Text>
          <Anchor component={Link} to="/login" fw={600}>
            {t('invitation.logIn')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setFormError(t('invitation.passwordTooShort', { count: MIN_PASSWORD_LENGTH }));
      return;
    }
    if (password !== confirm) {
      setFormError(t('invitation.passwordsDiffer'));
      return;
    }
    setFormError(null);
    signUp.mutate(
      { name: name ?? info.name, password },
      {
        onSuccess: async ({ email, assessmentId }) => {
          setSigningIn(true);
          try {
            await logIn({ email, password });
            navigate(`/assessment/${assessmentId}`);
          } catch (error) {
            setFormError(errorMessage(error));
            setSigningIn(false);
          }
        },
      },
    );
  };

  return (
    <AuthCard title={t('invitation.createTitle')} subtitle={subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError ?? (signUp.isError ? errorMessage(signUp.error) : null)}</FormError>
          <TextInput
            label={t('invitation.fullName')}
            autoComplete="name"
            required
            value={name ?? info.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label={t('invitation.email')}
            type="email"
            value={info.email}
            readOnly
            description={t('invitation.emailHint')}
          />
          <PasswordInput
            label={t('invitation.password')}
            description={t('invitation.passwordHint', { count: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label={t('invitation.confirmPassword')}
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={signUp.isPending || signingIn}>
            {t('invitation.create')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
