import { Button, Title } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { otherNames } from '../../../../domain/messaging';
import { ApiError, errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FormError } from '../../../ui/form-error';
import { LoadingText } from '../../../ui/loading-text';
import { useConversation } from '../api/conversations';
import { useMessages } from '../api/messages';
import { ConversationHeader } from './conversation-header';
import classes from './conversation-screen.module.css';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { EyeIcon } from './messaging-icons';
import { useMarkReadWhileOpen } from './use-mark-read-while-open';
import './styles';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function NotFound() {
  const { t } = useTranslation('messaging');
  return (
    <div className={classes.state}>
      <Title order={1} fz="xl">
        {t('conversationNotFound')}
      </Title>
      <Button component={Link} to="/messages" variant="light">
        {t('backToMessages')}
      </Button>
    </div>
  );
}

function LoadFailure({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTranslation('messaging');
  return (
    <div className={classes.state}>
      <Title order={1} fz="xl">
        {t('messages')}
      </Title>
      <FormError>{t('failed.loadConversation', { reason: reason })}</FormError>
      <Button variant="default" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}

function ReadOnlyNote() {
  const { t } = useTranslation('messaging');
  return (
    <div className={classes.readOnly}>
      <EyeIcon size={16} />
      <span>{t('readOnly')}</span>
    </div>
  );
}

/** One conversation: its header, messages and reply box (or the read-only note). */
function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messaging');
  const session = useSessionState();
  const viewerId = session.user?.id ?? null;
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const { fetchNextPage, refetch: refetchMessages } = messages;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const retryMessages = useCallback(() => void refetchMessages(), [refetchMessages]);

  const newestFromOthers = useMemo(() => {
    if (messages.isPending) return undefined;
    return messages.messages.findLast((m) => m.senderId !== viewerId)?.id ?? null;
  }, [messages.isPending, messages.messages, viewerId]);
  useMarkReadWhileOpen(conversationId, conversation.data, newestFromOthers);
  // Either call may be the first to learn that the conversation is gone.
  const notFound = isNotFound(conversation.error) || isNotFound(messages.error);
  usePageTitle(
    notFound ? t('conversationNotFound') : (conversation.data?.subject ?? t('messages')),
  );

  if (notFound) return <NotFound />;
  if (!conversation.data) {
    return conversation.isError ? (
      <LoadFailure
        reason={errorMessage(conversation.error)}
        onRetry={() => void conversation.refetch()}
      />
    ) : (
      <LoadingText text={t('loadingConversation')} />
    );
  }

  const { subject, participants, isParticipant } = conversation.data;
  return (
    <div className={classes.screen}>
      <ConversationHeader subject={subject} names={otherNames(participants, viewerId ?? '')} />
      <MessageList
        messages={messages.messages}
        viewerId={viewerId}
        status={messages.status}
        error={messages.error}
        onRetry={retryMessages}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        loadOlderFailed={messages.isFetchNextPageError}
        loadOlder={loadOlder}
      />
      {isParticipant ? <MessageComposer conversationId={conversationId} /> : <ReadOnlyNote />}
    </div>
  );
}

/**
 * /messages/conversation/:conversationId (and /messages/:conversationId). Each
 * conversation gets a fresh view, so a draft or an error never carries over to the next.
 */
export function ConversationScreen() {
  const { conversationId = '' } = useParams();
  return <ConversationView key={conversationId} conversationId={conversationId} />;
}
