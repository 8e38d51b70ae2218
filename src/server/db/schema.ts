import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ProfileDetails } from '../../domain/profile';
import { created, ts, updated } from './columns';
import { user } from './schema-auth';

/*
 * The whole schema, for drizzle-kit (drizzle.config.ts) and the app's imports. Tables other
 * schema files refer to live in files of their own (schema-auth: user and session;
 * schema-assessments; schema-messaging), which never import this one: no import cycle.
 */

// --- the product's own tables ----------------------------------------------

/** Role-specific profile fields (spec section 3), one row per user. */
export const profile = pgTable('profile', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  details: jsonb('details').$type<ProfileDetails>().notNull(),
  /** Bumped on each new photo so the image URL changes and caches refresh. */
  imageVersion: integer('image_version').notNull().default(0),
  updatedAt: updated(),
});

/** Mail waiting to be delivered; written with the change that causes it. */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: created(),
    sentAt: ts('sent_at'),
    /** Conversation mail (docs/decisions/021): its Reply-To names this conversation… */
    conversationId: text('conversation_id'),
    /** …and this recipient, whose signed unsubscribe link the mail carries. */
    recipientId: text('recipient_id'),
    /** Interviews: a calendar invitation (.ics) sent along (docs/decisions/025). */
    calendar: jsonb('calendar').$type<{ method: 'REQUEST' | 'CANCEL'; content: string }>(),
    /** The language the mail is written in: its footer is added in it (docs/decisions/023). */
    language: text('language'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

// --- settings ---------------------------------------------------------------------

/** Admin settings that take effect (key → JSON value). */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updated(),
});

export * from './schema-ai';
export * from './schema-assessments';
export * from './schema-auth';
export * from './schema-departments';
export * from './schema-hardening';
export * from './schema-integrity';
export * from './schema-interviews';
export * from './schema-invitations';
export * from './schema-jobs';
export * from './schema-messaging';
export * from './schema-pads';
export * from './schema-people';
export * from './schema-playback';
export * from './schema-review';
export * from './schema-settings';
export * from './schema-test-runs';
