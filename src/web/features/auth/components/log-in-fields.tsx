import { PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogInInput } from '../../../../domain/auth';

export type LogInErrors = Partial<Record<keyof LogInInput, string>>;

/**
 * The log-in form's inputs, for /login and the careers page's inline log-in. Read back with
 * `readLogIn`: no @mantine/form here, since /login ships in the entry, within its script
 * budget.
 */
export function LogInFields({
  errors,
  onEdit,
}: {
  errors: LogInErrors;
  onEdit: (field: keyof LogInInput) => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextInput
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        name="email"
        error={errors.email}
        onChange={() => onEdit('email')}
      />
      <PasswordInput
        label={t('password')}
        autoComplete="current-password"
        required
        name="password"
        error={errors.password}
        onChange={() => onEdit('password')}
      />
    </>
  );
}

/** What the submitted form holds. */
export function readLogIn(form: HTMLFormElement): LogInInput {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

/** The fields' errors; a field's error goes as soon as it is edited. */
export function useLogInErrors() {
  const [errors, setErrors] = useState<LogInErrors>({});
  const onEdit = (field: keyof LogInInput) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  return { errors, setErrors, onEdit };
}
