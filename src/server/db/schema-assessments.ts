import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import type { SampleProject, Task, TemplateTask } from '../../domain/assessments';
import { created, ts, updated } from './columns';
import { user } from './schema-auth';
import { department } from './schema-departments';

// --- assessments: templates, assigned assessments, the candidate's files -------------

export const assessmentTemplate = pgTable(
  'assessment_template',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    roleName: text('role_name').notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Recruiter ids; empty means every recruiter. */
    authorizedRecruiters: jsonb('authorized_recruiters').$type<string[]>().notNull().default([]),
    durationHours: integer('duration_hours').notNull().default(2),
    tasks: jsonb('tasks').$type<TemplateTask[]>().notNull().default([]),
    project: jsonb('project').$type<SampleProject>().notNull(),
    /** Departments feature; null for templates made before it until an admin picks one. */
    departmentId: text('department_id').references(() => department.id, { onDelete: 'restrict' }),
    /** Blind review (docs/decisions/026): reviewers see a pseudonym until they score. */
    blindReview: boolean('blind_review').notNull().default(false),
    /** Similarity check: submissions sharing at least this per cent with another are flagged. */
    similarityThreshold: integer('similarity_threshold').notNull().default(50),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [index('assessment_template_department_idx').on(t.departmentId)],
);

export const assessment = pgTable(
  'assessment',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id').references(() => assessmentTemplate.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    roleName: text('role_name').notNull(),
    description: text('description').notNull().default(''),
    /** Null once the candidate erased their account: the assessment stays, anonymised (015). */
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    candidateName: text('candidate_name').notNull(),
    /** When the candidate's account was erased (their name is then 'Erased candidate'). */
    candidateErasedAt: ts('candidate_erased_at'),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recruiterName: text('recruiter_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    status: text('status', { enum: ['scheduled', 'in-progress', 'completed'] })
      .notNull()
      .default('scheduled'),
    tasks: jsonb('tasks').$type<Task[]>().notNull().default([]),
    message: text('message').notNull().default(''),
    durationHours: integer('duration_hours').notNull(),
    /** A copy of the template's project: later template edits never change a running assessment. */
    project: jsonb('project').$type<SampleProject>().notNull(),
    createdAt: created(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    startedAt: ts('started_at'),
    completedDate: ts('completed_date'),
    feedback: text('feedback'),
    score: integer('score'),
    reviewedAt: ts('reviewed_at'),
    /** 'candidate' (the Submit step) or 'timeout' (the timer ran out); null until submitted. */
    submittedBy: text('submitted_by', { enum: ['candidate', 'timeout'] }),
    /** The one due-date reminder was sent (cleared when the due date moves). */
    reminderSentAt: ts('reminder_sent_at'),
    /** Blind review, copied from the template at assignment (docs/decisions/026). */
    blindReview: boolean('blind_review').notNull().default(false),
    /** When the reviewer revealed the candidate's identity (audited), after scoring. */
    identityRevealedAt: ts('identity_revealed_at'),
    updatedAt: updated(),
  },
  (t) => [
    index('assessment_candidate_idx').on(t.candidateId, t.createdAt),
    index('assessment_recruiter_idx').on(t.recruiterId, t.createdAt),
    check('assessment_score_check', sql`${t.score} is null or (${t.score} between 0 and 100)`),
  ],
);

/** The candidate's text of one project file in one assessment. */
export const candidateFile = pgTable(
  'candidate_file',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** Null once the candidate's account is erased: the work stays with the assessment. */
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The client's time of the edit this text came from; older saves are refused. */
    editedAt: bigint('edited_at', { mode: 'number' }).notNull(),
    updatedAt: updated(),
    /** The template path this file started as; null for a file the candidate created (024). */
    origin: text('origin'),
    /** The candidate deleted or renamed the path away; the row stays so older saves lose. */
    deleted: boolean('deleted').notNull().default(false),
    /** Renamed away: saves still on their way land under this name. */
    renamedTo: text('renamed_to'),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.fileName] })],
);

/** The candidate's creates, renames and deletes in order, for the playback timeline. */
export const projectChange = pgTable(
  'project_change',
  {
    id: text('id').primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    op: text('op', { enum: ['create', 'rename', 'delete'] }).notNull(),
    path: text('path').notNull(),
    /** A rename's new path. */
    toPath: text('to_path'),
    /** The browser's time of the change (epoch ms). */
    at: bigint('at', { mode: 'number' }).notNull(),
    createdAt: created(),
  },
  (t) => [index('project_change_assessment_idx').on(t.assessmentId, t.at)],
);

/** Spec: assigning adds the recruiter to the candidate's assigned recruiters. */
export const recruiterAssignment = pgTable(
  'recruiter_assignment',
  {
    candidateId: text('candidate_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.recruiterId] })],
);
