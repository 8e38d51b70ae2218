import { describe, expect, it } from 'vitest';
import {
  MESSAGING_TEXTS,
  matchesUser,
  mayStartConversation,
  messagePreview,
  newConversationSchema,
  otherNames,
  refusalText,
  sendMessageSchema,
  unreadCount,
} from './messaging';

describe('who may start a conversation', () => {
  it('lets admins write to anyone known', () => {
    for (const role of ['candidate', 'recruiter', 'admin'] as const) {
      expect(mayStartConversation('admin', { role, assignedToSender: false })).toBe(true);
    }
    expect(mayStartConversation('admin', { role: 'unknown', assignedToSender: false })).toBe(false);
  });

  it('lets recruiters write to candidates only', () => {
    expect(mayStartConversation('recruiter', { role: 'candidate', assignedToSender: false })).toBe(
      true,
    );
    expect(mayStartConversation('recruiter', { role: 'recruiter', assignedToSender: false })).toBe(
      false,
    );
    expect(mayStartConversation('recruiter', { role: 'admin', assignedToSender: false })).toBe(
      false,
    );
  });

  it('lets candidates write to their assigned recruiters only', () => {
    expect(mayStartConversation('candidate', { role: 'recruiter', assignedToSender: true })).toBe(
      true,
    );
    expect(mayStartConversation('candidate', { role: 'recruiter', assignedToSender: false })).toBe(
      false,
    );
    expect(mayStartConversation('candidate', { role: 'candidate', assignedToSender: true })).toBe(
      false,
    );
    expect(mayStartConversation('candidate', { role: 'admin', assignedToSender: true })).toBe(
      false,
    );
    expect(refusalText('candidate')).toBe('Candidates can only message their assigned recruiters');
  });
});

describe('read state', () => {
  it('counts unread conversations, not messages', () => {
    expect(unreadCount([{ unread: true }, { unread: false }, { unread: true }])).toBe(2);
  });
});

describe('texts', () => {
  it('keeps the first 100 characters for the notification preview', () => {
    expect(messagePreview('a'.repeat(150))).toHaveLength(100);
    expect(messagePreview('short')).toBe('short');
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(messagePreview('😀'.repeat(120))).toBe('😀'.repeat(100));
  });

  it("lists the other participants for 'With:'", () => {
    const people = [
      { id: 'me', displayName: 'Me' },
      { id: 'a', displayName: 'Ann' },
      { id: 'b', displayName: 'Bob' },
    ];
    expect(otherNames(people, 'me')).toBe('Ann, Bob');
    // An admin reading someone else's conversation sees everyone.
    expect(otherNames(people, 'admin')).toBe('Me, Ann, Bob');
  });

  it('matches users by name or e-mail, ignoring case', () => {
    const user = { displayName: 'Rita Recruiter', email: 'rita@northwind.test' };
    expect(matchesUser(user, 'rita')).toBe(true);
    expect(matchesUser(user, 'NORTHWIND')).toBe(true);
    expect(matchesUser(user, '  ')).toBe(true);
    expect(matchesUser(user, 'bob')).toBe(false);
  });
});

describe('inputs', () => {
  const firstMessage = (input: unknown) => {
    const result = newConversationSchema.safeParse(input);
    return result.success ? null : result.error.issues[0]?.message;
  };

  it('uses the spec texts for a new conversation', () => {
    expect(firstMessage({ recipientIds: [], subject: 'a', message: 'b' })).toBe(
      MESSAGING_TEXTS.selectRecipient,
    );
    expect(firstMessage({ recipientIds: ['x'], subject: '  ', message: 'b' })).toBe(
      MESSAGING_TEXTS.enterSubject,
    );
    expect(firstMessage({ recipientIds: ['x'], subject: 'a', message: '\n' })).toBe(
      MESSAGING_TEXTS.enterMessage,
    );
    expect(firstMessage({ recipientIds: ['x'], subject: ' a ', message: 'b' })).toBeNull();
  });

  it('refuses blank messages and malformed client ids', () => {
    expect(sendMessageSchema.safeParse({ clientId: 'abcdefgh12', content: '   ' }).success).toBe(
      false,
    );
    expect(sendMessageSchema.safeParse({ clientId: 'bad id!', content: 'hi' }).success).toBe(false);
    expect(sendMessageSchema.parse({ clientId: 'abcdefgh12', content: ' hi ' }).content).toBe('hi');
  });
});
