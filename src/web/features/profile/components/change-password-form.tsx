import { Button, Checkbox, Group, PasswordInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { type ChangePasswordInput, changePasswordSchema } from '../../../../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/constants';
import { errorMessage } from '../../../api/api-error';
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
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    initialValues: EMPTY,
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword, revokeOtherSessions }) => {
    setDone(null);
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions },
      {
        onSuccess: () => {
          form.setValues(EMPTY);
          form.resetDirty();
          setDone(
            revokeOtherSessions
              ? 'Your password has been changed. Your other devices have been signed out.'
              : 'Your password has been changed.',
          );
        },
        onError: (error) => {
          if (error instanceof WrongCurrentPasswordError) {
            form.setFieldError('currentPassword', error.message);
          }
        },
      },
    );
  });

  const failure =
    change.isError && !(change.error instanceof WrongCurrentPasswordError)
      ? `Failed to change password: ${errorMessage(change.error)}`
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label="Change Password">
      <FormSection title="Change Password">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Checkbox
          label="Sign out of all other devices"
          description="Recommended if someone else may know your old password."
          {...form.getInputProps('revokeOtherSessions', { type: 'checkbox' })}
        />
        {done ? <FormSuccess>{done}</FormSuccess> : null}
        {failure ? <FormError>{failure}</FormError> : null}
        <Group justify="flex-end">
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending} miw={150}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </Group>
      </FormSection>
    </form>
  );
}
