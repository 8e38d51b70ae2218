import { Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/http';
import { useSessionState } from '../../../lib/session';
import { FormError } from '../../../ui/form-error';
import { flattenConversations, useConversations } from '../api/conversations';
import { uniqueById } from '../lib/unique-by-id';
import classes from './conversation-list.module.css';
import { ConversationListItem } from './conversation-list-item';
import { ChatBubblesIcon } from './messaging-icons';
import { useLoadMoreOnVisible } from './use-load-more';
import { useNow } from './use-now';

function ListSkeleton() {
  const { t } = useTranslation('messaging');
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>{t('loadingConversations')}</VisuallyHidden>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className={classes.skeletonRow} aria-hidden="true">
          <Skeleton circle height={40} />
          <Stack gap={8} className={classes.skeletonLines}>
            <Skeleton height={10} width="55%" radius="xl" />
            <Skeleton height={10} width="80%" radius="xl" />
            <Skeleton height={10} width="65%" radius="xl" />
          </Stack>
        </div>
      ))}
    </div>
  );
}

function EmptyInbox() {
  const { t } = useTranslation('messaging');
  return (
    <div className={classes.empty}>
      <span className={classes.emptyIcon}>
        <ChatBubblesIcon size={26} />
      </span>
      <Text fw={600}>{t('noConversationsYet')}</Text>
      <Text size="sm" c="dimmed">
        {t('noneStarted')}
      </Text>
      <Button component={Link} to="/messages/new" variant="light" size="sm" mt="sm">
        {t('startConversation')}
      </Button>
    </div>
  );
}

/**
 * The inbox: a page of 30 conversations at a time, the next one loaded as the end of the
 * list scrolls into view (or with 'Load more'). Rows are memoised and skip rendering
 * off-screen, so a thousand conversations stay smooth.
 */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const { t } = useTranslation('messaging');
  const query = useConversations();
  const session = useSessionState();
  const viewerId = session.user?.id ?? '';
  const conversations = useMemo(() => uniqueById(flattenConversations(query.data)), [query.data]);
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError;

  useLoadMoreOnVisible(scrollRef, sentinelRef, canLoadMore, () => void fetchNextPage());

  let body: ReactNode;
  if (query.isPending) {
    body = <ListSkeleton />;
  } else if (query.isError && conversations.length === 0) {
    body = (
      <Stack gap="sm" align="flex-start" className={classes.state}>
        <FormError>{errorMessage(query.error)}</FormError>
        <Button variant="default" size="xs" onClick={() => void query.refetch()}>
          {t('tryAgain')}
        </Button>
      </Stack>
    );
  } else if (conversations.length === 0) {
    body = <EmptyInbox />;
  } else {
    body = (
      <>
        {query.isRefetchError ? (
          <div className={classes.state}>
            <FormError>{errorMessage(query.error)}</FormError>
          </div>
        ) : null}
        <ul className={classes.list}>
          {conversations.map((conversation) => (
            <li key={conversation.id} className={classes.row}>
              <ConversationListItem
                conversation={conversation}
                viewerId={viewerId}
                selected={conversation.id === selectedId}
                now={now}
              />
            </li>
          ))}
        </ul>
        <div ref={sentinelRef} className={classes.sentinel} />
        {hasNextPage || query.isFetchNextPageError ? (
          <div className={classes.footer}>
            {query.isFetchNextPageError ? <FormError>{errorMessage(query.error)}</FormError> : null}
            <Button
              variant="subtle"
              size="xs"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div ref={scrollRef} className={classes.scroll}>
      {body}
    </div>
  );
}
