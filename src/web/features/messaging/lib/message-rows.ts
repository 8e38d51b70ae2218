import type { Message } from '../../../../domain/messaging';
import { formatDate, formatDayName, formatTime, formatWeekdayDay } from '../../../lib/format';

/** Messages of one sender this close together read as one block, under one name line. */
const GROUP_GAP_MS = 5 * 60 * 1000;

export type MessageRow = {
  message: Message;
  own: boolean;
  /** The first of a run by the same sender: its name and time are shown. */
  startsGroup: boolean;
  /** Set on the first message of each day: the divider's text. */
  dayLabel: string | null;
};

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * 'Today', 'Yesterday', 'Tue, Mar 3' this year, 'Mar 3, 2025' before; in the viewer's zone
 * and language (src/web/lib/format.ts).
 */
export function dayLabel(at: Date, now: Date): string {
  if (dayKey(at) === dayKey(now)) return formatDayName(0);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return formatDayName(-1);
  return at.getFullYear() === now.getFullYear() ? formatWeekdayDay(at) : formatDate(at);
}

/** A message's time of day, e.g. '3:07 PM' (15:07 in German); empty when unreadable. */
export function messageTime(iso: string): string {
  return formatTime(iso);
}

/**
 * The messages (oldest first) as rows to render: whose they are, where a new run of
 * one sender starts and where a new day begins.
 */
export function messageRows(
  messages: readonly Message[],
  viewerId: string | null,
  now = new Date(),
): MessageRow[] {
  let previous: { senderKey: string; at: number; day: string } | null = null;
  return messages.map((message) => {
    const atMs = Date.parse(message.createdAt);
    const valid = !Number.isNaN(atMs);
    const at = new Date(valid ? atMs : 0);
    const day = valid ? dayKey(at) : 'unknown';
    // The name a message was sent under starts a run of its own: a sender who renamed
    // themselves mid-conversation shows the new name over what they sent after.
    const senderKey = `${message.senderId ?? ''}\u0000${message.senderName}`;
    const newDay = previous?.day !== day;
    // An e-mailed reply always shows its name line: that is where its 'via Email' badge is.
    const startsGroup =
      newDay ||
      message.fromEmail ||
      previous?.senderKey !== senderKey ||
      !valid ||
      atMs - (previous?.at ?? 0) > GROUP_GAP_MS;
    previous = { senderKey, at: atMs, day };
    return {
      message,
      own: viewerId !== null && message.senderId === viewerId,
      startsGroup,
      dayLabel: newDay && valid ? dayLabel(at, now) : null,
    };
  });
}
