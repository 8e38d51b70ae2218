import {
  bigint,
  boolean,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { assessment } from './schema-assessments';
import { user } from './schema-auth';

/** bytea as a Uint8Array on both drivers (postgres.js hands out a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * One file's recording as a whole: the text the stored events lead to (`head`), so that each
 * upload is checked against it without replaying the history, and the totals for the caps.
 */
export const playbackFile = pgTable(
  'playback_file',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** null until the first snapshot arrived. */
    head: text('head'),
    batches: integer('batches').notNull().default(0),
    events: integer('events').notNull().default(0),
    rawBytes: bigint('raw_bytes', { mode: 'number' }).notNull().default(0),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.fileName] })],
);

/**
 * One upload's new events for one file, in the order they were applied (`batch_no`). The
 * events are compact JSON (`t` in ms after `started_at`, on the browser's clock; add
 * `clock_offset_ms` for the server's), deflated when that makes them smaller.
 */
export const playbackBatch = pgTable(
  'playback_batch',
  {
    assessmentId: text('assessment_id').notNull(),
    fileName: text('file_name').notNull(),
    batchNo: integer('batch_no').notNull(),
    /** The editing session whose numbered events these are (a resync alone: 'server'). */
    clientId: text('client_id').notNull(),
    lastSeq: integer('last_seq').notNull(),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }).notNull(),
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull(),
    eventCount: integer('event_count').notNull(),
    hasPaste: boolean('has_paste').notNull().default(false),
    rawBytes: integer('raw_bytes').notNull(),
    storedBytes: integer('stored_bytes').notNull(),
    encoding: text('encoding', { enum: ['json', 'deflate'] }).notNull(),
    data: bytea('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.fileName, t.batchNo] }),
    foreignKey({
      columns: [t.assessmentId, t.fileName],
      foreignColumns: [playbackFile.assessmentId, playbackFile.fileName],
    }).onDelete('cascade'),
    index('playback_batch_client_idx').on(t.assessmentId, t.fileName, t.clientId, t.lastSeq),
  ],
);
