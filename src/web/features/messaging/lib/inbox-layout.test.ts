import { describe, expect, it } from 'vitest';
import { isInboxOpen, messagesView, selectedConversationId } from './inbox-layout';

describe('messagesView', () => {
  it('tells the index, compose and conversation routes apart', () => {
    expect(messagesView('/messages')).toBe('index');
    expect(messagesView('/messages/')).toBe('index');
    expect(messagesView('/messages/new')).toBe('compose');
    expect(messagesView('/messages/conversation/abc')).toBe('conversation');
    expect(messagesView('/messages/abc')).toBe('conversation');
  });
});

describe('selectedConversationId', () => {
  it('reads the id from both conversation paths', () => {
    expect(selectedConversationId('/messages/conversation/abc')).toBe('abc');
    expect(selectedConversationId('/messages/abc')).toBe('abc');
    expect(selectedConversationId('/messages/conversation/abc/')).toBe('abc');
  });

  it('decodes escaped ids and keeps broken escapes as they are', () => {
    expect(selectedConversationId('/messages/conversation/a%20b')).toBe('a b');
    expect(selectedConversationId('/messages/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('is null on the index and the compose screen', () => {
    expect(selectedConversationId('/messages')).toBeNull();
    expect(selectedConversationId('/messages/new')).toBeNull();
    expect(selectedConversationId('/messages/conversation')).toBeNull();
    expect(selectedConversationId('/profile')).toBeNull();
  });
});

describe('isInboxOpen', () => {
  it('always shows the inbox on wide screens', () => {
    expect(isInboxOpen(false, '/messages/conversation/abc', null)).toBe(true);
    expect(isInboxOpen(false, '/messages/new', { pathname: '/messages/new', open: false })).toBe(
      true,
    );
  });

  it('below 768 px shows it on the index and hides it once something is opened', () => {
    expect(isInboxOpen(true, '/messages', null)).toBe(true);
    expect(isInboxOpen(true, '/messages/conversation/abc', null)).toBe(false);
    expect(isInboxOpen(true, '/messages/abc', null)).toBe(false);
    expect(isInboxOpen(true, '/messages/new', null)).toBe(false);
  });

  it('follows the toggle on the path it was used on only', () => {
    const shown = { pathname: '/messages/abc', open: true };
    expect(isInboxOpen(true, '/messages/abc', shown)).toBe(true);
    expect(isInboxOpen(true, '/messages/xyz', shown)).toBe(false);
    expect(isInboxOpen(true, '/messages', { pathname: '/messages', open: false })).toBe(false);
  });
});
