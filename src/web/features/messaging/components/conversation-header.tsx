import { ActionIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGING_TEXTS } from '../../../../domain/messaging';
import classes from './conversation-screen.module.css';
import { ArrowLeftIcon } from './messaging-icons';

/** The conversation's bar: back to the inbox, the subject (the h1) and who else is in it. */
export function ConversationHeader({ subject, names }: { subject: string; names: string }) {
  return (
    <header className={classes.header}>
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
      <div className={classes.headerText}>
        <Title order={1} className={classes.subject} title={subject}>
          {subject}
        </Title>
        <p className={classes.with}>With: {names}</p>
      </div>
    </header>
  );
}
