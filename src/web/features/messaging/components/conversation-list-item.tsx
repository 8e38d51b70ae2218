import { Avatar, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ConversationSummary, otherNames } from '../../../../domain/messaging';
import { formatAgo } from '../../../lib/format';
import { avatarInitial, avatarTone } from '../lib/avatar';
import classes from './conversation-list.module.css';

type ConversationListItemProps = {
  conversation: ConversationSummary;
  viewerId: string;
  selected: boolean;
  /** The list's clock (ms), shared so every row's relative time moves on together. */
  now: number;
};

const avatarClassNames = { placeholder: classes.avatarFace };

/** One inbox row: who, when, about what, the last words, and whether it is unread. */
export const ConversationListItem = memo(function ConversationListItem({
  conversation,
  viewerId,
  selected,
  now,
}: ConversationListItemProps) {
  const { t } = useTranslation('messaging');
  const names = otherNames(conversation.participants, viewerId) || t('unknownUser');
  const face =
    conversation.participants.find((p) => p.id !== viewerId)?.displayName ??
    conversation.participants[0]?.displayName ??
    names;

  return (
    <Link
      to={`/messages/conversation/${encodeURIComponent(conversation.id)}`}
      className={classes.item}
      aria-current={selected ? 'page' : undefined}
      data-unread={conversation.unread || undefined}
    >
      {conversation.unread ? <VisuallyHidden>{t('unread')}</VisuallyHidden> : null}
      <Avatar
        className={classes.avatar}
        classNames={avatarClassNames}
        data-tone={avatarTone(face)}
        size={40}
        radius="xl"
        aria-hidden="true"
      >
        {avatarInitial(face)}
      </Avatar>
      <span className={classes.body}>
        <span className={classes.topLine}>
          <span className={classes.names}>{names}</span>
          {conversation.unread ? <span className={classes.dot} aria-hidden="true" /> : null}
          <time className={classes.time} dateTime={conversation.lastMessageAt}>
            {formatAgo(conversation.lastMessageAt, new Date(now))}
          </time>
        </span>
        <span className={classes.subject}>{conversation.subject}</span>
        <span className={classes.preview}>{conversation.lastMessage}</span>
      </span>
    </Link>
  );
});
