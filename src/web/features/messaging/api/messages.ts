import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  type Message,
  type MessagePage,
  messagePageSchema,
  messageSchema,
} from '../../../../domain/messaging';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { onConversationChanged } from '../../../lib/realtime';
import { newClientId } from '../lib/client-id';
import { messagingKeys } from './keys';

type Pages = InfiniteData<MessagePage, number | null>;

const messagesPath = (id: string) => `/api/conversations/${encodeURIComponent(id)}/messages`;

/** Adds messages to the newest page, skipping any already there (by id or by client id). */
export function mergeNewest(data: Pages | undefined, incoming: Message[]): Pages | undefined {
  if (!data || data.pages.length === 0 || incoming.length === 0) return data;
  const known = new Set<string>();
  for (const page of data.pages) {
    for (const m of page.items) {
      known.add(m.id);
      if (m.clientId) known.add(`c:${m.senderId}:${m.clientId}`);
    }
  }
  const fresh = incoming.filter(
    (m) => !known.has(m.id) && !(m.clientId && known.has(`c:${m.senderId}:${m.clientId}`)),
  );
  if (fresh.length === 0) return data;
  const [newest, ...older] = data.pages;
  const items = [...newest!.items, ...fresh].sort((a, b) => a.seq - b.seq);
  return { ...data, pages: [{ ...newest!, items }, ...older] };
}

/**
 * The messages of one conversation: the newest page first, older pages on
 * demand (scrolling up). When the server says the conversation changed, only
 * the messages after the newest one held are fetched and added.
 */
export function useMessages(conversationId: string) {
  const queryClient = useQueryClient();
  const key = messagingKeys.messages(conversationId);
  const query = useInfiniteQuery({
    queryKey: key,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`${messagesPath(conversationId)}${pageParam ? `?before=${pageParam}` : ''}`, {
        schema: messagePageSchema,
        signal,
      }),
    // Pages run newest to oldest; the next page is the one before the oldest message held.
    getNextPageParam: (last) => (last.hasMore && last.items[0] ? last.items[0].seq : null),
    retry: retryUnlessRefused,
  });

  useEffect(
    () =>
      onConversationChanged(async (changedId) => {
        if (changedId !== conversationId) return;
        const key = messagingKeys.messages(conversationId);
        const data = queryClient.getQueryData<Pages>(key);
        const newestSeq = data?.pages[0]?.items.at(-1)?.seq;
        if (newestSeq === undefined) {
          void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        try {
          let after = newestSeq;
          for (let round = 0; round < 20; round++) {
            const page = await apiFetch(`${messagesPath(conversationId)}?after=${after}`, {
              schema: messagePageSchema,
            });
            queryClient.setQueryData<Pages>(key, (old) => mergeNewest(old, page.items));
            const last = page.items.at(-1);
            if (!page.hasMore || !last) break;
            after = last.seq;
          }
        } catch {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      }),
    [conversationId, queryClient],
  );

  const messages = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((p) => p.items) : []),
    [query.data],
  );
  return { ...query, messages };
}

/**
 * POST /api/conversations/:id/messages. `send(content)` makes the client id
 * once per message; every retry reuses it, so the server never stores it twice.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ content, clientId }: { content: string; clientId: string }) =>
      apiFetch(messagesPath(conversationId), {
        method: 'POST',
        json: { content, clientId },
        schema: messageSchema,
      }),
    // Lost connections are retried with the same client id.
    retry: (count, error) => count < 3 && 'status' in error && (error.status as number) === 0,
    onSuccess: (sent) => {
      queryClient.setQueryData<Pages>(messagingKeys.messages(conversationId), (old) =>
        mergeNewest(old, [sent]),
      );
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
    },
  });
  return {
    ...mutation,
    send: (content: string) => mutation.mutateAsync({ content, clientId: newClientId() }),
  };
}
