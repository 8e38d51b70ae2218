import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { NewPasswordInput } from '../../../../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/constants';
import { errorMessage } from '../../../api/api-error';
import { translateErrors } from '../../../lib/messages';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { InvalidResetTokenError, useResetPassword } from '../api/reset-password';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';

/** The page the e-mailed reset link opens: /reset-password/new?token=... */
export function NewPasswordScreen() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const reset = useResetPassword();
  const warmUp = useWarmUp();

  const form = useForm<NewPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: (values) => translateErrors(loadedValidation()?.validateNewPassword(values) ?? {}),
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('newPassword.title')}>
        <Stack gap="md">
          <FormSuccess>{t('newPassword.changed')}</FormSuccess>
          <Button component={Link} to="/login" fullWidth>
            {t('newPassword.goToLogIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!token || linkError || reset.error instanceof InvalidResetTokenError) {
    return (
      <AuthCard title={t('newPassword.title')}>
        <Stack gap="md">
          <FormError>{t('newPassword.invalidLink')}</FormError>
          <Button component={Link} to="/reset-password" fullWidth>
            {t('newPassword.requestNew')}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              {t('backToLogIn')}
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  const submit = submitWhenReady(() =>
    form.onSubmit(({ password }) => reset.mutate({ newPassword: password, token }))(),
  );

  return (
    <AuthCard title={t('newPassword.title')} subtitle={t('newPassword.subtitle')}>
      <form onSubmit={submit} noValidate {...warmUp}>
        <Stack gap="md">
          {reset.isError ? (
            <FormError>
              {t('failed.resetPassword', { reason: errorMessage(reset.error) })}
            </FormError>
          ) : null}
          <PasswordInput
            label={t('newPassword.password')}
            description={t('passwordHint', { count: MIN_PASSWORD_LENGTH })}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('newPassword.confirm')}
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('newPassword.submit')}
          </Button>
          <Text ta="center" size="sm">
            <Anchor component={Link} to="/login">
              {t('backToLogIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
