import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created, ts } from './columns';
import { assessment } from './schema-assessments';

// --- messaging -------------------------------------------------------------------

export const conversation = pgTable(
  'conversation',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    createdBy: text('created_by'),
    createdAt: created(),
    /** The newest message, for the inbox (messages themselves are rows of their own). */
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    lastSenderId: text('last_sender_id'),
    /** Started from an assessment (Message Recruiter / Message Candidate); reused from there. */
    assessmentId: text('assessment_id').references(() => assessment.id, { onDelete: 'set null' }),
  },
  (t) => [index('conversation_assessment_idx').on(t.assessmentId)],
);

/**
 * One row per participant with their own read state. No foreign key to the
 * user: a deleted account stays in the conversation as 'Unknown User'.
 * last_message_at is copied from the conversation so that the inbox is one
 * index scan per user.
 */
export const conversationParticipant = pgTable(
  'conversation_participant',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    unread: boolean('unread').notNull().default(false),
    /** The seq of the newest message this participant has read. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    joinedAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // Ascending, read backwards for "newest first": drizzle's .desc() means DESC NULLS LAST,
    // which ORDER BY … DESC (NULLS FIRST) cannot use.
    index('conversation_participant_inbox_idx').on(t.userId, t.lastMessageAt, t.conversationId),
    index('conversation_participant_unread_idx').on(t.userId).where(sql`${t.unread}`),
  ],
);

export const message = pgTable(
  'message',
  {
    id: text('id').primaryKey(),
    /** Order within a conversation and the paging cursor. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    senderId: text('sender_id'),
    senderName: text('sender_name').notNull(),
    /** The sender's own id for this message: a retried send finds it instead of adding another. */
    clientId: text('client_id'),
    content: text('content').notNull(),
    fromEmail: boolean('from_email').notNull().default(false),
    createdAt: created(),
  },
  (t) => [
    index('message_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('message_sender_client_idx').on(t.senderId, t.clientId),
  ],
);

/** Spec: an e-mail notification record per message and other participant. */
export const emailNotification = pgTable(
  'email_notification',
  {
    id: text('id').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => message.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id'),
    recipientEmail: text('recipient_email').notNull(),
    messagePreview: text('message_preview').notNull(),
    /**
     * The outbox row carrying the mail: the message's own, or the digest that folds
     * several (set when the digest is made); null when the recipient turned e-mail off.
     */
    mailId: text('mail_id'),
    /** Waiting for the conversation's next digest mail (see notification_digest). */
    digestPending: boolean('digest_pending').notNull().default(false),
    sent: boolean('sent').notNull().default(false),
    sentAt: ts('sent_at'),
    createdAt: created(),
  },
  (t) => [
    index('email_notification_message_idx').on(t.messageId),
    index('email_notification_mail_idx').on(t.mailId),
    index('email_notification_digest_idx')
      .on(t.conversationId, t.recipientId)
      .where(sql`${t.digestPending}`),
  ],
);
