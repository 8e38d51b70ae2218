import { PasswordInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { SignUpInput } from '../../../../domain/auth';
import { MIN_PASSWORD_LENGTH } from '../../../../domain/constants';

/**
 * The sign-up form's inputs (name, e-mail, password twice), for /signup and the careers
 * page's inline sign-up; each form keeps its own submit and, on /signup, the account type.
 */
export function SignUpFields({ form }: { form: UseFormReturnType<SignUpInput> }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextInput
        label={t('signUp.name')}
        autoComplete="name"
        required
        key={form.key('name')}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('email')}
        type="email"
        autoComplete="email"
        required
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <PasswordInput
        label={t('password')}
        description={t('passwordHint', { count: MIN_PASSWORD_LENGTH })}
        autoComplete="new-password"
        required
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label={t('signUp.confirm')}
        autoComplete="new-password"
        required
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
