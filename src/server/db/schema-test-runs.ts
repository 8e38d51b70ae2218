import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { RunStatus, RunTrigger } from '../../domain/test-runs';
import { ts } from './columns';
import { assessment } from './schema-assessments';
import { user } from './schema-auth';

/**
 * One sandboxed run of an assessment's tests, and the queue itself: workers
 * claim queued rows (skip locked) and hold them by a lease they renew, so a
 * run left by a killed server is picked up again or failed.
 */
export const testRun = pgTable(
  'test_run',
  {
    id: text('id').primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    requestedById: text('requested_by_id').references(() => user.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull().default(''),
    trigger: text('trigger').$type<RunTrigger>().notNull(),
    includeHidden: boolean('include_hidden').notNull().default(false),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    passed: integer('passed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failures: jsonb('failures').$type<{ name: string; message: string }[]>().notNull().default([]),
    output: text('output').notNull().default(''),
    durationMs: integer('duration_ms'),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    leaseUntil: ts('lease_until'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('test_run_assessment_idx').on(t.assessmentId, t.createdAt),
    index('test_run_queue_idx').on(t.status, t.createdAt),
    // One queued or running run per assessment and trigger: the rate limit, race-free.
    uniqueIndex('test_run_one_active_idx')
      .on(t.assessmentId, t.trigger)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);
