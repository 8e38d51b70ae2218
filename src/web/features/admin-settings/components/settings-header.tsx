import { Box, Group, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { HelpButton } from './help-button';
import { SearchIcon } from './icons';

type SettingsHeaderProps = { search: string; onSearchChange: (value: string) => void };

/** The page's one h1, the welcome line, the template search and Help. */
export function SettingsHeader({ search, onSearchChange }: SettingsHeaderProps) {
  const { t } = useTranslation('admin-settings');
  usePageTitle(t('pageTitle'));
  const session = useSessionState();
  const name = (session.status === 'signed-in' && session.user.name.trim()) || t('fallbackName');
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg">
      <Box>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('pageTitle')}
        </Title>
        <Text c="dimmed">{t('welcome', { name })}</Text>
      </Box>
      <Group gap="sm" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
        <TextInput
          type="search"
          aria-label={t('searchTemplates')}
          placeholder={t('searchTemplates')}
          leftSection={<SearchIcon />}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          style={{ flex: 1 }}
          miw={0}
          w={{ sm: 300 }}
        />
        <HelpButton />
      </Group>
    </Group>
  );
}
