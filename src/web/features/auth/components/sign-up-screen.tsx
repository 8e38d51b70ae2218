// NativeSelect's chevron.
import '@mantine/core/styles/Combobox.css';
import { Anchor, Button, Divider, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SignUpInput } from '../../../../domain/auth';
import { SIGN_UP_ROLES } from '../../../../domain/constants';
import { VERIFICATION_LINK_HOURS } from '../../../../domain/verification';
import { errorMessage } from '../../../api/api-error';
import { translateErrors } from '../../../lib/messages';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useGoogleEnabled } from '../api/get-public-config';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignUp } from '../api/sign-up';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';
import { GoogleButton } from './google-button';
import { SignUpFields } from './sign-up-fields';
import { useGoogleErrorParam } from './use-google-error';

export function SignUpScreen() {
  const { t } = useTranslation('auth');
  const roleOptions = SIGN_UP_ROLES.map((value) => ({ value, label: t(`signUp.roles.${value}`) }));
  const signUp = useSignUp();
  /** The address a sign-up was sent for: the screen then says to check the mail. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const google = useGoogleSignIn();
  const googleEnabled = useGoogleEnabled();
  const googleReturnError = useGoogleErrorParam();
  const warmUp = useWarmUp({ withConfig: true });

  const form = useForm<SignUpInput>({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '', password: '', confirmPassword: '', role: 'candidate' },
    validate: (values) => translateErrors(loadedValidation()?.validateSignUp(values) ?? {}),
  });

  const submit = submitWhenReady(() =>
    form.onSubmit((values) => {
      google.reset();
      signUp.mutate(values, {
        onSuccess: () => setSentTo(values.email.trim()),
      });
    })(),
  );

  const error = signUp.isError
    ? t('failed.signUp', { reason: errorMessage(signUp.error) })
    : google.isError
      ? t('failed.signUpGoogle', { reason: errorMessage(google.error) })
      : googleReturnError && !signUp.isPending
        ? t('failed.signUpGoogle', { reason: googleReturnError })
        : null;

  // The same for a new address and one that has an account (docs/decisions/019).
  if (sentTo) {
    return (
      <AuthCard title={t('verification.checkEmail')}>
        <Stack gap="md">
          <FormSuccess>
            {t('verification.checkEmailDetail', { email: sentTo, hours: VERIFICATION_LINK_HOURS })}
          </FormSuccess>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login" fw={600}>
              {t('backToLogIn')}
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          <FormError>{error}</FormError>
          <SignUpFields form={form} />
          <NativeSelect
            label={t('signUp.role')}
            description={t('signUp.roleHint')}
            required
            data={roleOptions}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Button type="submit" fullWidth loading={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
          {googleEnabled ? (
            <>
              <Divider label={t('or')} labelPosition="center" />
              <GoogleButton
                label={t('signUp.google')}
                loading={google.isPending}
                onClick={() => {
                  signUp.reset();
                  google.mutate({ from: 'signup' });
                }}
              />
            </>
          ) : null}
          <Text ta="center" size="sm">
            {t('signUp.haveAccount')}{' '}
            {/* One word: Japanese breaks between any two kana ("ログ / イン"). */}
            <Anchor component={Link} to="/login" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {t('signUp.logIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
