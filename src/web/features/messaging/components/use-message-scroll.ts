import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Message } from '../../../../domain/messaging';
import {
  isNearBottom,
  isNearTop,
  type ListEnds,
  listChange,
  type ScrollMetrics,
  scrollAction,
  scrollTopAfterPrepend,
} from '../lib/message-scroll';

type Options = {
  messages: readonly Message[];
  viewerId: string | null;
  /** An older page exists and none is being fetched. */
  canLoadOlder: boolean;
  loadOlder: () => void;
};

const measure = (el: HTMLElement): ScrollMetrics => ({
  scrollTop: el.scrollTop,
  scrollHeight: el.scrollHeight,
  clientHeight: el.clientHeight,
});

/**
 * Keeps a conversation's scroll box where the reader expects it: at the newest message
 * on opening, still when older messages are prepended, following new ones when they
 * were at the end (or wrote it), and stuck to the end when the box resizes (the message
 * box growing, a phone's keyboard). Scrolling near the top loads older messages.
 * `metrics` is the box as last seen (after each scroll and each adjustment): the state
 * before a change, which the decisions need.
 */
export function useMessageScroll({ messages, viewerId, canLoadOlder, loadOlder }: Options) {
  const scrollRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  const metrics = useRef<ScrollMetrics>({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 });
  const ends = useRef<ListEnds>(null);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = messages[0];
    const last = messages.at(-1);
    const next = first && last ? { firstId: first.id, lastId: last.id } : null;
    const change = listChange(ends.current, next);
    ends.current = next;
    const action = scrollAction(change, {
      wasNearBottom: isNearBottom(metrics.current),
      newestIsOwn: !!last && viewerId !== null && last.senderId === viewerId,
    });
    if (action === 'bottom') el.scrollTop = el.scrollHeight;
    if (action === 'keep-position') {
      el.scrollTop = scrollTopAfterPrepend(metrics.current, el.scrollHeight);
    }
    metrics.current = measure(el);
  }, [messages, viewerId]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isNearBottom(metrics.current)) el.scrollTop = el.scrollHeight;
      metrics.current = measure(el);
    });
    observer.observe(el);
    if (contentRef.current) observer.observe(contentRef.current);
    return () => observer.disconnect();
  }, []);

  // A first page too short to scroll cannot be scrolled up: fetch until it fills the box.
  useEffect(() => {
    const el = scrollRef.current;
    if (el && canLoadOlder && messages.length > 0 && el.scrollHeight <= el.clientHeight) {
      loadOlder();
    }
  }, [canLoadOlder, loadOlder, messages]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    metrics.current = measure(el);
    if (canLoadOlder && isNearTop(metrics.current)) loadOlder();
  }, [canLoadOlder, loadOlder]);

  return { scrollRef, contentRef, onScroll };
}
