import { CheckIcon, Combobox, Group, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessagableUser } from '../../../../domain/messaging';
import { roleLabel } from '../../../../domain/roles';
import { filterUsers, toggleId } from '../lib/compose-recipients';

type RecipientMultiSelectProps = {
  users: readonly MessagableUser[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
};

/**
 * 'To:' for admins and recruiters: type to search by name or e-mail, pick with the mouse or
 * arrows + Enter; picked users become tags, removed by their button or Backspace.
 */
export function RecipientMultiSelect({
  users,
  value,
  onChange,
  onBlur,
  error,
}: RecipientMultiSelectProps) {
  const { t } = useTranslation('messaging');
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  const matches = filterUsers(users, search);

  // While searching, the first match is highlighted so Enter picks it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search changes
  useEffect(() => {
    if (search.trim()) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [search]);

  const remove = (userId: string) => onChange(value.filter((v) => v !== userId));

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(userId) => {
        onChange(toggleId(value, userId));
        setSearch('');
        combobox.updateSelectedOptionIndex('selected');
      }}
      withinPortal
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={t('to')}
          error={error}
          onClick={() => combobox.openDropdown()}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group>
            {value.map((userId) => {
              const name = byId.get(userId)?.displayName ?? userId;
              return (
                <Pill
                  key={userId}
                  withRemoveButton
                  onRemove={() => remove(userId)}
                  // Mantine hides the remove button from keyboards and screen readers; here it
                  // is a real, named button.
                  removeButtonProps={{
                    'aria-label': t('remove', { name }),
                    'aria-hidden': false,
                    tabIndex: 0,
                    // Removed from the keyboard, the focus would be lost with the tag: it
                    // goes to the search field instead. (A mouse never focuses the button.)
                    onClick: (event) => {
                      if (document.activeElement === event.currentTarget) combobox.focusTarget();
                    },
                  }}
                >
                  {name}
                </Pill>
              );
            })}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                placeholder={value.length === 0 ? t('searchUsers') : undefined}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  combobox.openDropdown();
                }}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => {
                  combobox.closeDropdown();
                  setSearch('');
                  onBlur?.();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value[value.length - 1]!);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        {/* The empty text stays outside the listbox: a listbox may only hold options. */}
        <Combobox.Options
          // Not labelled 'To:' itself, so that label names only the search field.
          aria-label={t('usersToMessage')}
          aria-multiselectable
          mah={280}
          style={{ overflowY: 'auto' }}
        >
          {matches.map((user) => (
            <RecipientOption key={user.id} user={user} selected={value.includes(user.id)} />
          ))}
        </Combobox.Options>
        {matches.length === 0 ? <Combobox.Empty>{t('noMatchingUsers')}</Combobox.Empty> : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** One user in the list: name, e-mail and role, with a check once picked. */
function RecipientOption({ user, selected }: { user: MessagableUser; selected: boolean }) {
  return (
    <Combobox.Option value={user.id} active={selected} aria-selected={selected}>
      <Group gap="sm" wrap="nowrap">
        <span style={{ width: 12, flexShrink: 0, display: 'inline-flex' }}>
          {selected ? <CheckIcon size={12} aria-hidden="true" /> : null}
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" truncate>
            {user.displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </div>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {roleLabel(user.role)}
        </Text>
      </Group>
    </Combobox.Option>
  );
}
