import { ActionIcon } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGING_TEXTS } from '../../../../domain/messaging';
import { ArrowLeftIcon } from './messaging-icons';

/** The back button of the conversation and compose screens (spec: back to /messages). */
export function BackToMessages() {
  return (
    <ActionIcon
      component={Link}
      to="/messages"
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={MESSAGING_TEXTS.backToMessages}
    >
      <ArrowLeftIcon size={20} />
    </ActionIcon>
  );
}
