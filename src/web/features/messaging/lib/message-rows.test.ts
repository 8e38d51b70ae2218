import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../domain/messaging';
import { i18n } from '../../../lib/i18n';
import { dayLabel, messageRows, messageTime } from './message-rows';

let seq = 0;
function message(senderId: string | null, createdAt: Date, extra: Partial<Message> = {}): Message {
  seq++;
  return {
    id: `m${seq}`,
    clientId: null,
    conversationId: 'c1',
    seq,
    content: `message ${seq}`,
    senderId,
    senderName: senderId ?? 'Someone',
    fromEmail: false,
    createdAt: createdAt.toISOString(),
    readBy: [],
    ...extra,
  };
}

const now = new Date(2026, 2, 10, 15, 0);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute);

describe('messageRows', () => {
  it('marks the viewer’s own messages', () => {
    const rows = messageRows([message('me', at(10, 9)), message('ann', at(10, 9, 1))], 'me', now);
    expect(rows.map((r) => r.own)).toEqual([true, false]);
  });

  it('marks nothing as own without a viewer', () => {
    const rows = messageRows([message(null, at(10, 9))], null, now);
    expect(rows[0]!.own).toBe(false);
  });

  it('starts a new run on a change of sender, after five minutes, or for an e-mailed reply', () => {
    const rows = messageRows(
      [
        message('ann', at(10, 9, 0)),
        message('ann', at(10, 9, 4)),
        message('me', at(10, 9, 5)),
        message('me', at(10, 9, 11)),
        message('me', at(10, 9, 12), { fromEmail: true }),
        message('me', at(10, 9, 13), { fromEmail: true }),
        message('me', at(10, 9, 14)),
      ],
      'me',
      now,
    );
    expect(rows.map((r) => r.startsGroup)).toEqual([true, false, true, true, true, true, false]);
  });

  it('starts a new run when the sender wrote under a new name', () => {
    const rows = messageRows(
      [
        message('ann', at(10, 9, 0), { senderName: 'Ann Old' }),
        message('ann', at(10, 9, 1), { senderName: 'Ann Old' }),
        message('ann', at(10, 9, 2), { senderName: 'Ann New' }),
        message('ann', at(10, 9, 3), { senderName: 'Ann New' }),
      ],
      'me',
      now,
    );
    expect(rows.map((r) => r.startsGroup)).toEqual([true, false, true, false]);
  });

  it('puts a day divider before the first message of each day', () => {
    const rows = messageRows(
      [message('ann', at(9, 23, 58)), message('ann', at(10, 0, 1)), message('ann', at(10, 8))],
      'me',
      now,
    );
    expect(rows.map((r) => r.dayLabel)).toEqual(['Yesterday', 'Today', null]);
    expect(rows[1]!.startsGroup).toBe(true);
  });

  it('copes with a date it cannot read', () => {
    const bad = { ...message('ann', at(10, 9)), createdAt: 'not a date' };
    const rows = messageRows([bad, message('ann', at(10, 9))], 'me', now);
    expect(rows[0]!.dayLabel).toBeNull();
    expect(rows[0]!.startsGroup).toBe(true);
    expect(rows[1]!.dayLabel).toBe('Today');
  });
});

describe('dayLabel', () => {
  it('names recent days and dates the rest', () => {
    expect(dayLabel(at(10, 1), now)).toBe('Today');
    expect(dayLabel(at(9, 23), now)).toBe('Yesterday');
    expect(dayLabel(at(3, 12), now)).toBe('Tue, Mar 3');
    expect(dayLabel(new Date(2025, 11, 24), now)).toBe('Dec 24, 2025');
  });

  it('knows yesterday across a month boundary', () => {
    expect(dayLabel(new Date(2026, 1, 28, 20), new Date(2026, 2, 1, 8))).toBe('Yesterday');
  });
});

describe('messageTime', () => {
  it('shows the time of day, or nothing for an unreadable date', () => {
    expect(messageTime(new Date(2026, 2, 10, 15, 7).toISOString())).toBe('3:07 PM');
    expect(messageTime('nope')).toBe('');
  });
});

describe('day labels and times in the reader language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says today and yesterday, weekdays and times in German', async () => {
    await i18n.changeLanguage('de');
    const now = new Date(2026, 5, 10, 16, 0);
    expect(dayLabel(new Date(2026, 5, 10, 9, 0), now)).toBe('Heute');
    expect(dayLabel(new Date(2026, 5, 9, 9, 0), now)).toBe('Gestern');
    expect(dayLabel(new Date(2026, 5, 2, 9, 0), now)).toBe('Di., 2. Juni');
    expect(messageTime(new Date(2026, 5, 10, 15, 7).toISOString())).toBe('15:07');
  });

  it('and in Japanese', async () => {
    await i18n.changeLanguage('ja');
    const now = new Date(2026, 5, 10, 16, 0);
    expect(dayLabel(new Date(2026, 5, 10, 9, 0), now)).toBe('今日');
    expect(dayLabel(new Date(2025, 5, 2, 9, 0), now)).toBe('2025年6月2日');
  });
});
