import { Box, Group, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { SearchIcon } from '../../../ui/admin-icons';
import { HelpButton } from './help-button';

type SettingsHeaderProps = {
  /** The template search; null on the tabs without templates, where it would search nothing. */
  search: { value: string; onChange: (value: string) => void } | null;
};

/** The page's one h1, the welcome line, the template search (Assessments tab) and Help. */
export function SettingsHeader({ search }: SettingsHeaderProps) {
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
        {search ? (
          <TextInput
            type="search"
            aria-label={t('searchTemplates')}
            placeholder={t('searchTemplates')}
            leftSection={<SearchIcon />}
            value={search.value}
            onChange={(event) => search.onChange(event.currentTarget.value)}
            style={{ flex: 1 }}
            miw={0}
            w={{ sm: 300 }}
          />
        ) : null}
        <HelpButton />
      </Group>
    </Group>
  );
}
