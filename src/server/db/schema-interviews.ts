import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  InterviewStatus,
  Recommendation,
  RsvpResponse,
  SlotStatus,
} from '../../domain/interviews';
import { created, ts, updated } from './columns';
import { user } from './schema-auth';
import { job, jobApplication } from './schema-jobs';

/** The criteria a job's interviews are scored on (its recruiter names them). */
export const jobScorecardCriteria = pgTable('job_scorecard_criteria', {
  jobId: text('job_id')
    .primaryKey()
    .references(() => job.id, { onDelete: 'cascade' }),
  criteria: jsonb('criteria').$type<string[]>().notNull(),
  updatedAt: updated(),
});

/**
 * An interview of an application: proposed (times offered), scheduled (one picked; the
 * scheduled_* columns hold it, moved by a reschedule) or cancelled. `sequence` is the
 * calendar invitation's SEQUENCE, raised on every change the invitations announce.
 */
export const interview = pgTable(
  'interview',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplication.id, { onDelete: 'cascade' }),
    jobId: text('job_id')
      .notNull()
      .references(() => job.id, { onDelete: 'cascade' }),
    /** Who proposed it (the job's recruiter then). */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<InterviewStatus>().notNull().default('proposed'),
    startsAt: ts('starts_at'),
    durationMinutes: integer('duration_minutes'),
    timeZone: text('time_zone'),
    location: text('location'),
    sequence: integer('sequence').notNull().default(0),
    /** The one reminder mail was queued (cleared when the time moves). */
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // One interview under way per application at a time.
    uniqueIndex('interview_open_application_idx')
      .on(t.applicationId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('interview_job_idx').on(t.jobId),
    index('interview_reminder_idx').on(t.status, t.startsAt),
    check('interview_status_check', sql`${t.status} in ('proposed', 'scheduled', 'cancelled')`),
  ],
);

/** A time the recruiter offered; the candidate picks one. */
export const interviewSlot = pgTable(
  'interview_slot',
  {
    id: text('id').primaryKey(),
    interviewId: text('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull(),
    status: text('status').$type<SlotStatus>().notNull().default('open'),
  },
  (t) => [
    index('interview_slot_interview_idx').on(t.interviewId),
    check('interview_slot_status_check', sql`${t.status} in ('open', 'chosen', 'withdrawn')`),
  ],
);

export const interviewInterviewer = pgTable(
  'interview_interviewer',
  {
    interviewId: text('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    index('interview_interviewer_user_idx').on(t.userId),
  ],
);

/** One interviewer's scorecard of one interview (never shown to the candidate). */
export const interviewScorecard = pgTable(
  'interview_scorecard',
  {
    id: text('id').primaryKey(),
    interviewId: text('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    interviewerId: text('interviewer_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<{ criterion: string; rating: number }[]>().notNull(),
    recommendation: text('recommendation').$type<Recommendation>().notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex('interview_scorecard_one_idx').on(t.interviewId, t.interviewerId)],
);

/**
 * A participant's answer from their calendar app (an iCalendar METHOD:REPLY mailed to the
 * invitation's ORGANIZER address): the latest one each, with the SEQUENCE it answered, so an
 * answer to a time since moved is known as outdated.
 */
export const interviewResponse = pgTable(
  'interview_response',
  {
    interviewId: text('interview_id')
      .notNull()
      .references(() => interview.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    response: text('response').$type<RsvpResponse>().notNull(),
    sequence: integer('sequence').notNull(),
    respondedAt: ts('responded_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    check('interview_response_check', sql`${t.response} in ('accepted', 'declined', 'tentative')`),
  ],
);
