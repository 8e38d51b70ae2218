/**
 * Query keys of messaging. The realtime hook invalidates everything under
 * ['conversations'] and ['notifications'] when a conversation changes; the
 * messages of an open conversation live under ['messages', id] and are topped
 * up with just the newer ones instead (see useMessages).
 */
export const messagingKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  unread: ['conversations', 'unread'] as const,
  detail: (id: string) => ['conversations', 'detail', id] as const,
  messages: (id: string) => ['messages', id] as const,
  /** Not under ['conversations']: who one may write to does not change with each message. */
  recipients: ['people', 'messagable'] as const,
  notifications: ['notifications'] as const,
};
