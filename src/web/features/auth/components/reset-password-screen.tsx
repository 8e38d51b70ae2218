import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResetRequestInput } from '../../../../domain/auth';
import { errorMessage } from '../../../api/api-error';
import { translateErrors } from '../../../lib/messages';
import { AuthCard } from '../../../ui/auth-card';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { loadedValidation, submitWhenReady, useWarmUp } from '../lib/use-warm-up';

export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const request = useRequestPasswordReset();
  const warmUp = useWarmUp();
  const form = useForm<ResetRequestInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => translateErrors(loadedValidation()?.validateResetRequest(values) ?? {}),
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      <form
        onSubmit={submitWhenReady(() => form.onSubmit((values) => request.mutate(values))())}
        noValidate
        {...warmUp}
      >
        <Stack gap="md">
          {request.isSuccess ? <FormSuccess>{t('reset.success')}</FormSuccess> : null}
          {request.isError ? (
            <FormError>
              {t('failed.resetPassword', { reason: errorMessage(request.error) })}
            </FormError>
          ) : null}
          <TextInput
            label={t('email')}
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('reset.submit')}
          </Button>
          <Group justify="space-between">
            <Text size="sm">
              <Anchor component={Link} to="/login">
                {t('backToLogIn')}
              </Anchor>
            </Text>
            <Text size="sm">
              {t('reset.noAccount')}{' '}
              <Anchor component={Link} to="/signup" style={{ whiteSpace: 'nowrap' }}>
                {t('reset.signUp')}
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
