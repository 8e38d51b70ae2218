import { Button, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../domain/messaging';
import { errorMessage } from '../../../api/http';
import { FormError } from '../../../ui/form-error';
import { messageRows } from '../lib/message-rows';
import classes from './conversation-screen.module.css';
import { MessageItem } from './message-item';
import { useMessageScroll } from './use-message-scroll';

type MessageListProps = {
  messages: readonly Message[];
  viewerId: string | null;
  /** What the messages query is doing; the list shows its own loading and error states. */
  status: 'pending' | 'error' | 'success';
  error: unknown;
  onRetry: () => void;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlderFailed: boolean;
  loadOlder: () => void;
};

/** The conversation's messages, oldest at the top, in a box that scrolls on its own. */
export function MessageList({
  messages,
  viewerId,
  status,
  error,
  onRetry,
  hasOlder,
  loadingOlder,
  loadOlderFailed,
  loadOlder,
}: MessageListProps) {
  const { t } = useTranslation('messaging');
  const rows = useMemo(() => messageRows(messages, viewerId), [messages, viewerId]);
  const { scrollRef, contentRef, onScroll } = useMessageScroll({
    messages,
    viewerId,
    canLoadOlder: hasOlder && !loadingOlder && !loadOlderFailed,
    loadOlder,
  });

  // Focusable, so keyboard users can scroll it even when no message holds a link.
  return (
    <section
      ref={scrollRef}
      className={classes.scroll}
      onScroll={onScroll}
      aria-label={t('conversationMessages')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (WCAG 2.1.1)
      tabIndex={0}
    >
      {status === 'pending' ? (
        <div className={classes.centered} role="status">
          <Loader size="sm" aria-hidden="true" />
          <VisuallyHidden>{t('loadingMessages')}</VisuallyHidden>
        </div>
      ) : null}
      {status === 'error' && messages.length === 0 ? (
        <Stack className={classes.centered} align="center" gap="sm">
          <FormError>{t('failed.loadConversation', { reason: errorMessage(error) })}</FormError>
          <Button variant="default" size="xs" onClick={onRetry}>
            {t('tryAgain')}
          </Button>
        </Stack>
      ) : null}
      {status === 'success' && !hasOlder && messages.length > 0 ? (
        <p className={classes.start}>{t('startOfConversation')}</p>
      ) : null}
      {/* Stays in place while loading (as its own spinner): anything above the messages
            changing height would make them jump. */}
      {hasOlder ? (
        <div className={classes.older}>
          {loadOlderFailed ? (
            <FormError>{t('failed.loadConversation', { reason: errorMessage(error) })}</FormError>
          ) : null}
          <Button variant="subtle" size="compact-xs" loading={loadingOlder} onClick={loadOlder}>
            {t('loadEarlier')}
          </Button>
          <VisuallyHidden role="status">{loadingOlder ? t('loadingEarlier') : ''}</VisuallyHidden>
        </div>
      ) : null}
      <ol ref={contentRef} className={classes.list}>
        {rows.map((row) => (
          <MessageItem
            key={row.message.id}
            message={row.message}
            own={row.own}
            startsGroup={row.startsGroup}
            dayLabel={row.dayLabel}
          />
        ))}
      </ol>
    </section>
  );
}
