import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created, ts } from './columns';
import { assessment, assessmentTemplate } from './schema-assessments';
import { user } from './schema-auth';

// --- review: bulk invitations, similarity check (docs/decisions/026) ------------------

/**
 * An assessment offered by e-mail to someone without an account (bulk invitations). One row
 * per template, recruiter and address: uploading the same file again finds it and sends
 * nothing. The mailed link carries a random token; only its SHA-256 is stored.
 */
export const assessmentInvitation = pgTable(
  'assessment_invitation',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    templateId: text('template_id')
      .notNull()
      .references(() => assessmentTemplate.id, { onDelete: 'cascade' }),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: created(),
    /** Set when the invitee's account is made (or found) and the assessment assigned. */
    acceptedAt: ts('accepted_at'),
    /** The link works until then (INVITATION_VALID_DAYS after it was mailed); uploading the row again mails a new one. */
    expiresAt: ts('expires_at').notNull(),
    assessmentId: text('assessment_id').references(() => assessment.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('assessment_invitation_once_idx').on(t.templateId, t.recruiterId, t.email),
    index('assessment_invitation_email_idx').on(t.email),
  ],
);

/**
 * Similarity check: one row per submitted assessment, queued at submission and filled in by
 * the similarity worker (off the request path) with the submission's fingerprints.
 */
export const submissionFingerprint = pgTable(
  'submission_fingerprint',
  {
    assessmentId: text('assessment_id')
      .primaryKey()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    templateId: text('template_id').references(() => assessmentTemplate.id, {
      onDelete: 'cascade',
    }),
    status: text('status', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** The winnowed hashes (starter text removed), sorted and distinct; null while queued. */
    hashes: jsonb('hashes').$type<number[]>(),
    /** Fingerprints of this submission (the denominator of its percentages). */
    total: integer('total').notNull().default(0),
    createdAt: created(),
    checkedAt: ts('checked_at'),
  },
  (t) => [index('submission_fingerprint_template_idx').on(t.templateId, t.status)],
);

/** How much of `assessmentId`'s fingerprints `otherId` shares (both directions stored). */
export const similarityMatch = pgTable(
  'similarity_match',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    otherId: text('other_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    /** Whole per cent of this submission's fingerprints found in the other one. */
    percent: integer('percent').notNull(),
    shared: integer('shared').notNull(),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.otherId] }),
    index('similarity_match_other_idx').on(t.otherId),
  ],
);
