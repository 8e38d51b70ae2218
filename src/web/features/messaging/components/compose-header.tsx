import { Group, Title } from '@mantine/core';
import { MESSAGING_TEXTS } from '../../../../domain/messaging';
import { usePageTitle } from '../../../lib/use-page-title';
import { BackToMessages } from './back-to-messages';

/** The back button to the inbox and the screen's one h1. */
export function ComposeHeader() {
  usePageTitle(MESSAGING_TEXTS.newMessage);
  return (
    <Group gap="xs" wrap="nowrap">
      <BackToMessages />
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {MESSAGING_TEXTS.newMessage}
      </Title>
    </Group>
  );
}
