import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { errorMessage } from '../../api/http';
import { useSessionState } from '../../lib/session';
import { AuthCard } from '../../ui/auth-card';
import { FormError } from '../../ui/form-error';
import { logIn } from '../auth/api/log-in';
import { useAcceptInvitation, useInvitation, useInvitationSignUp } from './api';

/**
 * The link of a bulk invitation (docs/decisions/026): sign-up with the invited address
 * filled in and fixed (the link proves it; no verification mail), then straight into the
 * assessment. A signed-in candidate with that address takes it with one click.
 */
export function InvitationScreen() {
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
      <AuthCard title="Your invitation">
        <Text>Loading your invitation...</Text>
      </AuthCard>
    );
  }
  if (invitation.isError) {
    return (
      <AuthCard title="Your invitation">
        <FormError>{errorMessage(invitation.error)}</FormError>
      </AuthCard>
    );
  }
  const info = invitation.data;
  const subtitle = `${info.recruiterName} invited you to "${info.title}", due by ${info.dueDate}.`;

  if (session.status === 'signed-in') {
    const mine = session.user.email.toLowerCase() === info.email;
    return (
      <AuthCard title="Your invitation" subtitle={subtitle}>
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
              Open the assessment
            </Button>
          ) : (
            <Text>
              This invitation was sent to {info.email}. Log out, then open the link again.
            </Text>
          )}
          {accept.isError ? <FormError>{errorMessage(accept.error)}</FormError> : null}
        </Stack>
      </AuthCard>
    );
  }

  if (info.accepted || info.accountExists) {
    return (
      <AuthCard title="Your invitation" subtitle={subtitle}>
        <Stack gap="md">
          <Text>
            {info.email} already has an account. Log in, then open the link from the mail again.
          </Text>
          <Anchor component={Link} to="/login" fw={600}>
            Log In
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setFormError(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    if (password !== confirm) {
      setFormError('The passwords do not match');
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
    <AuthCard title="Create your account" subtitle={subtitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{formError ?? (signUp.isError ? errorMessage(signUp.error) : null)}</FormError>
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            value={name ?? info.name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <TextInput
            label="Email"
            type="email"
            value={info.email}
            readOnly
            description="The address the invitation was sent to"
          />
          <PasswordInput
            label="Password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={signUp.isPending || signingIn}>
            Create Account and Start
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
