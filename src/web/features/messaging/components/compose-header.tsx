import { Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/use-page-title';
import { BackToMessages } from './back-to-messages';

/** The back button to the inbox and the screen's one h1. */
export function ComposeHeader() {
  const { t } = useTranslation('messaging');
  usePageTitle(t('newMessage'));
  return (
    <Group gap="xs" wrap="nowrap">
      <BackToMessages />
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {t('newMessage')}
      </Title>
    </Group>
  );
}
