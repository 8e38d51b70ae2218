import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import type { ResetRequestInput } from '../../../../domain/auth';
import { failure, TEXTS } from '../../../../domain/texts';
import { errorMessage } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';

export function ResetPasswordScreen() {
  const request = useRequestPasswordReset();
  const warmUp = useWarmUp();
  const form = useForm<ResetRequestInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => loadedValidation()?.validateResetRequest(values) ?? {},
  });

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your email and we will send you a link to choose a new password."
    >
      <form
        onSubmit={submitWhenReady(form.onSubmit((values) => request.mutate(values)))}
        noValidate
        {...warmUp}
      >
        <Stack gap="md">
          {request.isSuccess ? <FormSuccess>{TEXTS.resetSuccess}</FormSuccess> : null}
          {request.isError ? (
            <FormError>{failure.resetPassword(errorMessage(request.error))}</FormError>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Reset Password
          </Button>
          <Group justify="space-between">
            <Text size="sm">
              <Anchor component={Link} to="/login">
                Back to Log In
              </Anchor>
            </Text>
            <Text size="sm">
              No account?{' '}
              <Anchor component={Link} to="/signup">
                Sign Up
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
