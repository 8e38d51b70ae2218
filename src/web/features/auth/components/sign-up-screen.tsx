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
import { Link, useNavigate } from 'react-router';
import type { SignUpInput } from '../../../../domain/auth';
import {
  MIN_PASSWORD_LENGTH,
  SIGN_UP_ROLE_LABELS,
  SIGN_UP_ROLES,
} from '../../../../domain/constants';
import { dashboardPath } from '../../../../domain/roles';
import { failure } from '../../../../domain/texts';
import { errorMessage } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { FormError } from '../../../ui/form-error';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignUp } from '../api/sign-up';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';
import { GoogleButton } from './google-button';
import { useGoogleErrorParam } from './use-google-error';

const ROLE_OPTIONS = SIGN_UP_ROLES.map((value) => ({ value, label: SIGN_UP_ROLE_LABELS[value] }));

export function SignUpScreen() {
  const navigate = useNavigate();
  const signUp = useSignUp();
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
        onSuccess: (role) => navigate(dashboardPath(role), { replace: true }),
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
