import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LogInInput } from '../../../../domain/auth';
import { DATA_RIGHTS_TEXTS, ERASED_FLAG } from '../../../../domain/data-rights-texts';
import { dashboardPath } from '../../../../domain/roles';
import { SECURITY_TEXTS } from '../../../../domain/security-texts';
import { failure } from '../../../../domain/texts';
import { VERIFICATION_TEXTS } from '../../../../domain/verification';
import { errorMessage } from '../../../api/api-error';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useGoogleSignIn } from '../api/google-sign-in';
import { EmailNotVerifiedError, TWO_FACTOR_STEP, useLogIn } from '../api/log-in';
import { useSendVerification } from '../api/send-verification';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';
import { GoogleButton } from './google-button';
import { useGoogleErrorParam } from './use-google-error';

/** Whether this tab's account was just erased (set by the erase form). */
function erasedFlag(): boolean {
  try {
    return sessionStorage.getItem(ERASED_FLAG) === '1';
  } catch {
    return false;
  }
}

export function LoginScreen() {
  const navigate = useNavigate();
  const logIn = useLogIn();
  const google = useGoogleSignIn();
  const resend = useSendVerification();
  const [params] = useSearchParams();
  // A verification link that failed lands here with ?verify=done&error=CODE (not Google's).
  const linkFailed = params.has('verify') && params.has('error');
  const googleError = useGoogleErrorParam();
  const googleReturnError = linkFailed ? null : googleError;
  const signedOutIdle = params.get('reason') === 'idle';
  const [erased] = useState(() => params.get('reason') === 'erased' || erasedFlag());
  // Said once: a later visit to /login does not repeat it.
  useEffect(() => {
    try {
      sessionStorage.removeItem(ERASED_FLAG);
    } catch {
      // Storage refused: nothing was kept.
    }
  }, []);
  // Validation, the auth client and the config (for the Google button) load once the user
  // starts on the form, not before the first paint.
  const warmUp = useWarmUp({ withConfig: true });

  const form = useForm<LogInInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: (values) => loadedValidation()?.validateLogIn(values) ?? {},
  });

  const submit = submitWhenReady(
    form.onSubmit((values) => {
      google.reset();
      resend.reset();
      logIn.mutate(values, {
        onSuccess: (role) =>
          navigate(role === TWO_FACTOR_STEP ? '/login/two-factor' : dashboardPath(role), {
            replace: true,
          }),
      });
    }),
  );

  const notVerified = logIn.error instanceof EmailNotVerifiedError ? logIn.error : null;
  const error = notVerified
    ? null
    : logIn.isError
      ? failure.signIn(errorMessage(logIn.error))
      : google.isError
        ? failure.signInGoogle(errorMessage(google.error))
        : googleReturnError && !logIn.isPending
          ? failure.signInGoogle(googleReturnError)
          : null;

  return (
    <AuthCard title="Log In" subtitle="Welcome back! Sign in to continue.">
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          <FormError>{error}</FormError>
          {notVerified && !resend.isSuccess ? (
            <FormError>
              {VERIFICATION_TEXTS.notVerified}{' '}
              <Anchor
                component="button"
                type="button"
                fw={600}
                c="inherit"
                td="underline"
                disabled={resend.isPending}
                onClick={() => resend.mutate(notVerified.email)}
              >
                {VERIFICATION_TEXTS.resend}
              </Anchor>
            </FormError>
          ) : null}
          {notVerified && resend.isSuccess ? (
            <FormSuccess>{VERIFICATION_TEXTS.resent(notVerified.email)}</FormSuccess>
          ) : null}
          {resend.isError ? (
            <FormError>{failure.signIn(errorMessage(resend.error))}</FormError>
          ) : null}
          {linkFailed && !logIn.isError ? (
            <FormError>{VERIFICATION_TEXTS.linkInvalid}</FormError>
          ) : null}
          {signedOutIdle && !error ? (
            <FormSuccess>{SECURITY_TEXTS.idleSignedOut}</FormSuccess>
          ) : null}
          {erased && !error ? <FormSuccess>{DATA_RIGHTS_TEXTS.erased}</FormSuccess> : null}
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
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={logIn.isPending}>
            Log In
          </Button>
          <Divider label="or" labelPosition="center" />
          <GoogleButton
            label="Log in with Google"
            loading={google.isPending}
            onClick={() => {
              logIn.reset();
              google.mutate({ from: 'login' });
            }}
          />
          <Text ta="center" size="sm">
            Don't have an account?{' '}
            <Anchor component={Link} to="/signup" fw={600}>
              Sign Up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
