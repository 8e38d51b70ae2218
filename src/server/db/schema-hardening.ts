import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { conversation } from './schema-messaging';

/**
 * Per-user abuse limits (messages sent, conversations started): one fixed
 * window per key, counted with one upsert so that every server shares it.
 */
export const usageLimit = pgTable('usage_limit', {
  /** `<action>:<user id>` */
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * The message mail of one recipient in one conversation: when they were last
 * mailed, and when the digest of the messages since is due (null: none waiting).
 */
export const notificationDigest = pgTable(
  'notification_digest',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').notNull(),
    lastMailedAt: ts('last_mailed_at').notNull(),
    dueAt: ts('due_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.recipientId] }),
    index('notification_digest_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
  ],
);
