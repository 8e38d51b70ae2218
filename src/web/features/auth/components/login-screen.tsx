import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERASED_FLAG } from '../../../../domain/erased-flag';
import { dashboardPath } from '../../../../domain/roles';
import { errorMessage } from '../../../api/api-error';
import { translateErrors } from '../../../lib/messages';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useGoogleEnabled } from '../api/get-public-config';
import { useGoogleSignIn } from '../api/google-sign-in';
import { EmailNotVerifiedError, TWO_FACTOR_STEP, useLogIn } from '../api/log-in';
import { useSendVerification } from '../api/send-verification';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';
import { GoogleButton } from './google-button';
import { LogInFields, readLogIn, useLogInErrors } from './log-in-fields';
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
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const logIn = useLogIn();
  const google = useGoogleSignIn();
  const googleEnabled = useGoogleEnabled();
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

  const { errors, setErrors, onEdit } = useLogInErrors();

  const submit = submitWhenReady((formElement) => {
    const values = readLogIn(formElement);
    const found = translateErrors(loadedValidation()?.validateLogIn(values) ?? {});
    setErrors(found as typeof errors);
    if (Object.values(found).some(Boolean)) return;
    google.reset();
    resend.reset();
    logIn.mutate(values, {
      onSuccess: (role) =>
        navigate(role === TWO_FACTOR_STEP ? '/login/two-factor' : dashboardPath(role), {
          replace: true,
        }),
    });
  });

  const notVerified = logIn.error instanceof EmailNotVerifiedError ? logIn.error : null;
  const error = notVerified
    ? null
    : logIn.isError
      ? t('failed.signIn', { reason: errorMessage(logIn.error) })
      : google.isError
        ? t('failed.signInGoogle', { reason: errorMessage(google.error) })
        : googleReturnError && !logIn.isPending
          ? t('failed.signInGoogle', { reason: googleReturnError })
          : null;

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          <FormError>{error}</FormError>
          {notVerified && !resend.isSuccess ? (
            <FormError>
              {t('verification.notVerified')}{' '}
              <Anchor
                component="button"
                type="button"
                fw={600}
                c="inherit"
                td="underline"
                disabled={resend.isPending}
                onClick={() => resend.mutate(notVerified.email)}
              >
                {t('verification.resend')}
              </Anchor>
            </FormError>
          ) : null}
          {notVerified && resend.isSuccess ? (
            <FormSuccess>{t('verification.resent', { email: notVerified.email })}</FormSuccess>
          ) : null}
          {resend.isError ? (
            <FormError>{t('failed.signIn', { reason: errorMessage(resend.error) })}</FormError>
          ) : null}
          {linkFailed && !logIn.isError ? (
            <FormError>{t('verification.linkInvalid')}</FormError>
          ) : null}
          {signedOutIdle && !error ? <FormSuccess>{t('login.idleSignedOut')}</FormSuccess> : null}
          {erased && !error ? <FormSuccess>{t('login.erased')}</FormSuccess> : null}
          <LogInFields errors={errors} onEdit={onEdit} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/reset-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={logIn.isPending}>
            {t('login.submit')}
          </Button>
          {googleEnabled ? (
            <>
              <Divider label={t('or')} labelPosition="center" />
              <GoogleButton
                label={t('login.google')}
                loading={google.isPending}
                onClick={() => {
                  logIn.reset();
                  google.mutate({ from: 'login' });
                }}
              />
            </>
          ) : null}
          <Text ta="center" size="sm">
            {t('login.noAccount')}{' '}
            {/* One word: Japanese breaks between any two kana ("ログ / イン"). */}
            <Anchor component={Link} to="/signup" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t('login.signUp')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
