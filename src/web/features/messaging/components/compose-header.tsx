import { ActionIcon, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGING_TEXTS } from '../../../../domain/messaging';
import { usePageTitle } from '../../../lib/use-page-title';
import { OutlineIcon } from '../../../ui/icons';

/** The back button to the inbox and the screen's one h1. */
export function ComposeHeader() {
  usePageTitle(MESSAGING_TEXTS.newMessage);
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon
        component={Link}
        to="/messages"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={MESSAGING_TEXTS.backToMessages}
      >
        <OutlineIcon size={20}>
          <path d="M5 12h14" />
          <path d="M5 12l6 6" />
          <path d="M5 12l6-6" />
        </OutlineIcon>
      </ActionIcon>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {MESSAGING_TEXTS.newMessage}
      </Title>
    </Group>
  );
}
