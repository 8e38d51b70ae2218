import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { user } from './schema-auth';
import { job } from './schema-jobs';

/**
 * Invite to apply: a recruiter asked a candidate to apply to one of their jobs. One per job
 * and candidate (a second invitation is refused); the candidate's bell shows it until read.
 */
export const jobInvitation = pgTable(
  'job_invitation',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => job.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Who sent it; no foreign key, so the invitation stays when the account goes. */
    recruiterId: text('recruiter_id').notNull(),
    recruiterName: text('recruiter_name').notNull(),
    message: text('message').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('job_invitation_job_candidate_idx').on(t.jobId, t.candidateId),
    index('job_invitation_candidate_idx').on(t.candidateId, t.createdAt),
  ],
);
