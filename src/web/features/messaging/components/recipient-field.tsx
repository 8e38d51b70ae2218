import { Group, Input, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessagableUser } from '../../../../domain/messaging';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { RecipientCheckboxList } from './recipient-checkbox-list';
import { RecipientMultiSelect } from './recipient-multi-select';

type RecipientFieldProps = {
  users: UseQueryResult<MessagableUser[]>;
  /** Candidates tick their assigned recruiters; everyone else searches. */
  asCheckboxes: boolean;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  /** Focus left the search field (the checkbox list reports changes only). */
  onBlur?: () => void;
  error?: React.ReactNode;
};

/** The 'To:' field in each of its states: loading, failed, nobody to message, or the picker. */
export function RecipientField({
  users,
  asCheckboxes,
  value,
  onChange,
  onBlur,
  error,
}: RecipientFieldProps) {
  const { t } = useTranslation('messaging');
  if (users.isPending || users.isError || users.data.length === 0) {
    return (
      // A plain caption: there is no control for a label to point at.
      <Input.Wrapper label={t('to')} labelElement="div" error={error}>
        <RecipientStatus users={users} asCheckboxes={asCheckboxes} />
      </Input.Wrapper>
    );
  }
  if (asCheckboxes) {
    return (
      <RecipientCheckboxList users={users.data} value={value} onChange={onChange} error={error} />
    );
  }
  return (
    <RecipientMultiSelect
      users={users.data}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

function RecipientStatus({
  users,
  asCheckboxes,
}: Pick<RecipientFieldProps, 'users' | 'asCheckboxes'>) {
  const { t } = useTranslation('messaging');
  if (users.isPending) {
    return (
      <Group gap="xs" py={6} role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{t('loadingUsers')}</Text>
      </Group>
    );
  }
  if (users.isError)
    return <FormError>{t('failed.loadUsers', { reason: errorMessage(users.error) })}</FormError>;
  if (!asCheckboxes) return <Text size="sm">{t('noUsersAvailable')}</Text>;
  return (
    <>
      <Text size="sm">{t('noAssignedRecruiters')}</Text>
      <Text size="sm" c="dimmed">
        {t('noAssignedRecruitersHint')}
      </Text>
    </>
  );
}
