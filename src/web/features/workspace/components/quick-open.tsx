import { Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './ide.module.css';

/** Ctrl/Cmd+P: type part of a name, Enter opens the first match. */
export function QuickOpen({
  opened,
  fileNames,
  onClose,
  onOpen,
}: {
  opened: boolean;
  fileNames: readonly string[];
  onClose: () => void;
  onOpen: (name: string) => void;
}) {
  const { t } = useTranslation('workspace');
  const [query, setQuery] = useState('');
  const wanted = query.trim().toLowerCase();
  const matches = fileNames.filter((name) => name.toLowerCase().includes(wanted)).slice(0, 20);
  const open = (name: string) => {
    setQuery('');
    onOpen(name);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('ide.quickOpen')}>
      <Stack gap="xs">
        <TextInput
          data-autofocus
          label={t('ide.quickOpenLabel')}
          placeholder={t('ide.quickOpenPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && matches[0]) {
              e.preventDefault();
              open(matches[0]);
            }
          }}
        />
        {matches.length === 0 ? (
          <Text size="sm">{t('ide.quickOpenNone')}</Text>
        ) : (
          <ul className={classes.quickList}>
            {matches.map((name) => (
              <li key={name}>
                <UnstyledButton className={classes.quickItem} onClick={() => open(name)}>
                  {name}
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Modal>
  );
}
