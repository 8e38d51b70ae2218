import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import type { NewPasswordInput } from '../../../../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/constants';
import { failure } from '../../../../domain/texts';
import { errorMessage } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { InvalidResetTokenError, useResetPassword } from '../api/reset-password';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';

const INVALID_LINK =
  'This password reset link is invalid or has expired. Please request a new one.';

/** The page the e-mailed reset link opens: /reset-password/new?token=... */
export function NewPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const reset = useResetPassword();
  const warmUp = useWarmUp();

  const form = useForm<NewPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => loadedValidation()?.validateNewPassword(values) ?? {},
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title="Choose a New Password">
        <Stack gap="md">
          <FormSuccess>Your password has been changed. You can now log in with it.</FormSuccess>
          <Button component={Link} to="/login" fullWidth>
            Go to Log In
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!token || linkError || reset.error instanceof InvalidResetTokenError) {
    return (
      <AuthCard title="Choose a New Password">
        <Stack gap="md">
          <FormError>{INVALID_LINK}</FormError>
          <Button component={Link} to="/reset-password" fullWidth>
            Request a new link
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              Back to Log In
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  const submit = submitWhenReady(
    form.onSubmit(({ password }) => reset.mutate({ newPassword: password, token })),
  );

  return (
    <AuthCard title="Choose a New Password" subtitle="Enter the new password for your account.">
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          {reset.isError ? (
            <FormError>{failure.resetPassword(errorMessage(reset.error))}</FormError>
          ) : null}
          <PasswordInput
            label="New Password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Change Password
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              Back to Log In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
