import { Badge, VisuallyHidden } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../domain/messaging';
import { messageTime } from '../lib/message-rows';
import classes from './conversation-screen.module.css';

type MessageItemProps = {
  message: Message;
  own: boolean;
  startsGroup: boolean;
  dayLabel: string | null;
};

// The spec's wording as written; a darker green than teal 9 on the palest tint (7:1, AA).
const emailBadgeStyles = {
  root: {
    background: 'var(--mantine-color-teal-0)',
    color: '#0a5c45',
    textTransform: 'none' as const,
  },
};

/**
 * One message (with the day divider before it, if it opens a day). Its sender and time
 * head each run of one sender's messages; inside a run they are kept for screen readers.
 */
export const MessageItem = memo(function MessageItem({
  message,
  own,
  startsGroup,
  dayLabel,
}: MessageItemProps) {
  const { t } = useTranslation('messaging');
  const time = messageTime(message.createdAt);
  const meta = (
    <>
      <span className={classes.sender}>{own ? t('you') : message.senderName}</span>
      {message.fromEmail ? (
        <Badge size="sm" variant="light" color="teal" radius="sm" styles={emailBadgeStyles}>
          {t('viaEmail')}
        </Badge>
      ) : null}
      {time ? <time dateTime={message.createdAt}>{time}</time> : null}
    </>
  );

  return (
    <>
      {dayLabel ? (
        <li className={classes.day}>
          <span>{dayLabel}</span>
        </li>
      ) : null}
      <li
        className={classes.message}
        data-own={own || undefined}
        data-group-start={startsGroup || undefined}
      >
        {startsGroup ? (
          <div className={classes.meta}>{meta}</div>
        ) : (
          <VisuallyHidden>{meta}</VisuallyHidden>
        )}
        <div className={classes.bubble} title={startsGroup ? undefined : time}>
          {message.content}
        </div>
      </li>
    </>
  );
});
