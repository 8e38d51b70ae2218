/**
 * Scroll decisions of a conversation's message list, kept pure: what to do after the
 * list changed (open, older page prepended, new message appended) and where to scroll.
 */

export type ScrollMetrics = { scrollTop: number; scrollHeight: number; clientHeight: number };

/** Within this many pixels of the end the reader counts as following the conversation. */
export const NEAR_EDGE_PX = 120;

export const isNearBottom = (m: ScrollMetrics, threshold = NEAR_EDGE_PX) =>
  m.scrollHeight - m.scrollTop - m.clientHeight <= threshold;

export const isNearTop = (m: ScrollMetrics, threshold = NEAR_EDGE_PX) => m.scrollTop <= threshold;

/**
 * The scroll position that keeps the same messages in view after older ones were
 * inserted above: everything added above moved the content down by the growth.
 */
export const scrollTopAfterPrepend = (before: ScrollMetrics, newScrollHeight: number) =>
  Math.max(0, before.scrollTop + (newScrollHeight - before.scrollHeight));

/** The ends of the list as rendered; enough to tell how it changed. */
export type ListEnds = { firstId: string; lastId: string } | null;

export type ListChange = 'none' | 'initial' | 'prepended' | 'appended' | 'replaced';

export function listChange(before: ListEnds, after: ListEnds): ListChange {
  if (!after) return 'none';
  if (!before) return 'initial';
  const sameFirst = before.firstId === after.firstId;
  const sameLast = before.lastId === after.lastId;
  if (sameFirst && sameLast) return 'none';
  if (sameLast) return 'prepended';
  if (sameFirst) return 'appended';
  return 'replaced';
}

export type ScrollAction = 'none' | 'bottom' | 'keep-position';

/**
 * Opening a conversation shows its newest message; older messages loaded above keep
 * the view still; a new message scrolls into view when the reader was following the
 * end or wrote it themselves, and otherwise leaves them where they are reading.
 */
export function scrollAction(
  change: ListChange,
  context: { wasNearBottom: boolean; newestIsOwn: boolean },
): ScrollAction {
  switch (change) {
    case 'initial':
      return 'bottom';
    case 'prepended':
      return 'keep-position';
    case 'appended':
      return context.wasNearBottom || context.newestIsOwn ? 'bottom' : 'none';
    case 'replaced':
      return context.wasNearBottom ? 'bottom' : 'none';
    case 'none':
      return 'none';
  }
}
