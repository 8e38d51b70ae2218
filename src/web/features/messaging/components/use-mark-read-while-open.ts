import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type { ConversationSummary } from '../../../../domain/messaging';
import { useMarkRead } from '../api/conversations';

/**
 * Marks the open conversation read (spec section 4): when it is opened unread, and again
 * when someone else's message arrives while it is open. Only while the tab is visible
 * (a background tab has not been read; coming back marks it), and never for an admin
 * reading a conversation they are not part of.
 *
 * @param newestFromOthers id of the newest message not by the viewer: null when there
 *   is none, undefined while the messages load.
 */
export function useMarkReadWhileOpen(
  conversationId: string,
  conversation: ConversationSummary | undefined,
  newestFromOthers: string | null | undefined,
) {
  const { mutate } = useMarkRead();
  const visible = useDocumentVisibility() === 'visible';
  const canMark = !!conversation?.isParticipant && visible;
  const unread = !!conversation?.unread;

  // The server's word: unread on opening, on coming back to the tab, after a refetch.
  useEffect(() => {
    if (canMark && unread) mutate(conversationId);
  }, [canMark, unread, conversationId, mutate]);

  // A new message from someone else, seen here before the conversation is refetched.
  const previous = useRef(newestFromOthers);
  useEffect(() => {
    const before = previous.current;
    previous.current = newestFromOthers;
    if (canMark && before !== undefined && newestFromOthers && newestFromOthers !== before) {
      mutate(conversationId);
    }
  }, [newestFromOthers, canMark, conversationId, mutate]);
}
