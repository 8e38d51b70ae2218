// NativeSelect's chevron.
import '@mantine/core/styles/Combobox.css';
import {
  Anchor,
  Button,
  Divider,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SignUpInput } from '../../../../domain/auth';
import {
  MIN_PASSWORD_LENGTH,
  SIGN_UP_ROLE_LABELS,
  SIGN_UP_ROLES,
} from '../../../../domain/constants';
import { failure } from '../../../../domain/texts';
import { VERIFICATION_TEXTS } from '../../../../domain/verification';
import { errorMessage } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignUp } from '../api/sign-up';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';
import { GoogleButton } from './google-button';
import { useGoogleErrorParam } from './use-google-error';

const ROLE_OPTIONS = SIGN_UP_ROLES.map((value) => ({ value, label: SIGN_UP_ROLE_LABELS[value] }));

export function SignUpScreen() {
  const signUp = useSignUp();
  /** The address a sign-up was sent for: the screen then says to check the mail. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const google = useGoogleSignIn();
  const googleReturnError = useGoogleErrorParam();
  const warmUp = useWarmUp({ withConfig: true });

  const form = useForm<SignUpInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '', confirmPassword: '', role: 'candidate' },
    validate: (values) => loadedValidation()?.validateSignUp(values) ?? {},
  });

  const submit = submitWhenReady(
    form.onSubmit((values) => {
      google.reset();
      signUp.mutate(values, {
        onSuccess: () => setSentTo(values.email.trim()),
      });
    }),
  );

  const error = signUp.isError
    ? failure.signUp(errorMessage(signUp.error))
    : google.isError
      ? failure.signUpGoogle(errorMessage(google.error))
      : googleReturnError && !signUp.isPending
        ? failure.signUpGoogle(googleReturnError)
        : null;

  // The same for a new address and one that has an account (docs/decisions/019).
  if (sentTo) {
    return (
      <AuthCard title={VERIFICATION_TEXTS.checkEmail}>
        <Stack gap="md">
          <FormSuccess>{VERIFICATION_TEXTS.checkEmailDetail(sentTo)}</FormSuccess>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login" fw={600}>
              Back to Log In
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign Up" subtitle="Create your account to get started.">
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          <FormError>{error}</FormError>
          <TextInput
            label="Full Name"
            autoComplete="name"
            required
            key={form.key('name')}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <NativeSelect
            label="Role"
            description="Choose how you will use the platform"
            required
            data={ROLE_OPTIONS}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            Create Account
          </Button>
          <Divider label="or" labelPosition="center" />
          <GoogleButton
            label="Sign up with Google"
            loading={google.isPending}
            onClick={() => {
              signUp.reset();
              google.mutate({ from: 'signup' });
            }}
          />
          <Text ta="center" size="sm">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Log In
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
