import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { session, user } from './schema-auth';

// --- security -------------------------------------------------------------------

/**
 * The idle clock of each session, in the database so that every server process
 * agrees (written at most once a minute per session). must_enrol_two_factor is
 * decided when the session is first seen: the admin required two-factor sign-in
 * and the user had not set it up.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => session.id, { onDelete: 'cascade' }),
  lastActiveAt: ts('last_active_at').notNull().defaultNow(),
  mustEnrolTwoFactor: boolean('must_enrol_two_factor').notNull().default(false),
});

/** better-auth's twoFactor plugin (field names are the ones it expects). */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: ts('locked_until'),
    /** The 30-second step of the last authenticator code accepted: no code of it or before again. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
  },
  (t) => [
    index('two_factor_user_id_idx').on(t.userId),
    index('two_factor_secret_idx').on(t.secret),
  ],
);

// --- audit log ------------------------------------------------------------------

/**
 * Who did what, when, with the state before and after. Written in the
 * transaction of the change; a trigger refuses updates and deletes.
 * No foreign key: the record outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: ts('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
