import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PadLanguage, PadStatus } from '../../domain/pads';
import { created, ts, updated } from './columns';
import { user } from './schema-auth';
import { interview } from './schema-interviews';
import { jobApplication } from './schema-jobs';

/** bytea as a Uint8Array on both drivers (postgres.js hands out a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A live coding pad (docs/decisions/031): of an interview, or ad hoc for an application. Its
 * Yjs document is `snapshot` (every update up to `snapshot_seq` merged) plus the pad_update
 * rows after it. `status` ended: read-only for everyone.
 */
export const pad = pgTable(
  'pad',
  {
    id: text('id').primaryKey(),
    interviewId: text('interview_id').references(() => interview.id, { onDelete: 'cascade' }),
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplication.id, { onDelete: 'cascade' }),
    language: text('language').$type<PadLanguage>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<PadStatus>().notNull().default('open'),
    snapshot: bytea('snapshot'),
    /** The last update merged into `snapshot` (0: none). */
    snapshotSeq: integer('snapshot_seq').notNull().default(0),
    /** The last update appended; bumped in the same statement that claims the next seq. */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: created(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('pad_interview_idx').on(t.interviewId),
    index('pad_application_idx').on(t.applicationId),
    check('pad_status_check', sql`${t.status} in ('open', 'ended')`),
  ],
);

/**
 * Every Yjs update as it arrived, with its author and time: the replay reads them. Rows stay
 * after compaction (the snapshot only speeds opening).
 */
export const padUpdate = pgTable(
  'pad_update',
  {
    padId: text('pad_id')
      .notNull()
      .references(() => pad.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.padId, t.seq] })],
);

/** An interviewer's or the recruiter's note on a pad: never shown to the candidate. */
export const padNote = pgTable(
  'pad_note',
  {
    id: text('id').primaryKey(),
    padId: text('pad_id')
      .notNull()
      .references(() => pad.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('pad_note_pad_idx').on(t.padId)],
);

/**
 * A run of a pad's files in the sandbox; one queued or running per pad at a time. Queued rows
 * are the pad runs' queue, claimed like test_run's (in the server on the embedded database,
 * else by `npm run runner`) under a lease.
 */
export const padRun = pgTable(
  'pad_run',
  {
    id: text('id').primaryKey(),
    padId: text('pad_id')
      .notNull()
      .references(() => pad.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status')
      .$type<'queued' | 'running' | 'done' | 'failed'>()
      .notNull()
      .default('queued'),
    output: text('output').notNull().default(''),
    passed: integer('passed'),
    failed: integer('failed'),
    /** The worker (server or runner process) that claimed it, and until when it holds it. */
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    createdAt: created(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('pad_run_pad_idx').on(t.padId),
    index('pad_run_queue_idx').on(t.status, t.createdAt),
    // One run at a time per pad: a second Run while one is under way is refused by this index.
    uniqueIndex('pad_run_one_active_idx')
      .on(t.padId)
      .where(sql`${t.status} in ('queued', 'running')`),
    check('pad_run_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * Who is in a pad now, one row per open socket, on whichever server holds it: the 10-people
 * limit counts these, so it holds across servers. A server refreshes `seen_at` of its rows
 * while they are open and deletes them on close; rows of a server that died stop counting
 * once stale.
 */
export const padPresence = pgTable(
  'pad_presence',
  {
    id: text('id').primaryKey(),
    padId: text('pad_id')
      .notNull()
      .references(() => pad.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    serverId: text('server_id').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [index('pad_presence_pad_idx').on(t.padId, t.seenAt)],
);
