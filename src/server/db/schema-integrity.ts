import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { assessment } from './schema-assessments';
import { user } from './schema-auth';

/** The candidate's written answer to a text or document task, saved like a file. */
export const taskAnswer = pgTable(
  'task_answer',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    /** Null once the candidate's account is erased: the answer stays with the assessment. */
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The client's time of the edit this text came from; older saves are refused. */
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.taskId] })],
);

/** A bell item about an assessment (submitted, scored, due date moved), unread until opened. */
export const assessmentNotification = pgTable(
  'assessment_notification',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    event: text('event', { enum: ['submitted', 'scored', 'due-date'] }).notNull(),
    title: text('title').notNull(),
    /** Who caused it, as the bell shows it. */
    fromName: text('from_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [index('assessment_notification_user_idx').on(t.userId, t.createdAt)],
);
