import { Button, Checkbox, Group, PasswordInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordInput, changePasswordSchema } from '../../../../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/constants';
import { errorMessage } from '../../../api/api-error';
import { translateErrors } from '../../../lib/messages';
import { FormError, FormSuccess } from '../../../ui/form-error';
import { useChangePassword, WrongCurrentPasswordError } from '../api/change-password';
import { FormSection } from './profile-form-parts';

const EMPTY: ChangePasswordInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

/**
 * The profile's Change Password card. Signing out the other devices is ticked
 * by default: someone changing a password may be locking out whoever had it.
 */
const validatePassword = schemaResolver(changePasswordSchema, { sync: true });

export function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    initialValues: EMPTY,
    validate: (values) => translateErrors(validatePassword(values)),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword, revokeOtherSessions }) => {
    setDone(null);
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          form.setValues(EMPTY);
          form.resetDirty();
          setDone(revokeOtherSessions ? t('password.changedSignedOut') : t('password.changed'));
        },
        onError: (error) => {
          if (error instanceof WrongCurrentPasswordError) {
            form.setFieldError('currentPassword', t('password.wrongCurrent'));
          }
        },
      },
    );
  });

  const failure =
    change.isError && !(change.error instanceof WrongCurrentPasswordError)
      ? t('password.failed', { reason: errorMessage(change.error) })
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('password.title')}>
      <FormSection title={t('password.title')}>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          description={t('password.newHint', { min: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label={t('password.revoke')}
          description={t('password.revokeHint')}
          {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
        />
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {failure ? <FormError>{failure}</FormError> : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending} miw={150}>
            {change.isPending ? t('password.changing') : t('password.submit')}
          </Button>
        </Group>
      </FormSection>
    </form>
  );
}
