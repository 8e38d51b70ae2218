import type { NotificationItem } from '../../../domain/messaging';

/** The badge on the bell: nothing at 0, the count up to 9, then '9+'. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The bell's accessible name carries the count the badge shows to sighted users. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications (${count} unread)` : 'Notifications';
}

/** Where an item of the dropdown leads. */
export function notificationHref(item: NotificationItem): string {
  return item.kind === 'message'
    ? `/messages/conversation/${encodeURIComponent(item.conversationId)}`
    : `/assessment/${encodeURIComponent(item.assessmentId)}`;
}

/** An item's first line: the conversation's subject, or the invitation's title. */
export function notificationTitle(item: NotificationItem): string {
  return item.kind === 'message' ? item.subject : `New assessment: ${item.title}`;
}
