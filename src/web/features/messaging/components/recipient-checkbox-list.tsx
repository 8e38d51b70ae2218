import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MessagableUser } from '../../../../domain/messaging';
import { roleLabel } from '../../../../domain/roles';

type RecipientCheckboxListProps = {
  users: readonly MessagableUser[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: React.ReactNode;
};

/** 'To:' for candidates: a checkbox per assigned recruiter, with role and e-mail. */
export function RecipientCheckboxList({
  users,
  value,
  onChange,
  error,
}: RecipientCheckboxListProps) {
  const { t } = useTranslation('messaging');
  return (
    <Checkbox.Group label={t('to')} value={[...value]} onChange={onChange} error={error}>
      <Stack gap="sm" mt={6}>
        {users.map((user) => (
          <Checkbox
            key={user.id}
            value={user.id}
            label={`${user.displayName} — ${roleLabel(user.role)}`}
            description={user.email}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
