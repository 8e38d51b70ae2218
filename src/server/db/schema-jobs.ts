import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  Currency,
  Experience,
  JobStatus,
  JobType,
  Stage,
  WorkplaceType,
} from '../../domain/jobs';
import { created, ts, updated } from './columns';
import { assessment } from './schema-assessments';
import { user } from './schema-auth';
import { department } from './schema-departments';

/** A job posted by a recruiter (its owner). */
export const job = pgTable(
  'job',
  {
    id: text('id').primaryKey(),
    recruiterId: text('recruiter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Departments feature: the job's department (its name is read through the join). */
    departmentId: text('department_id')
      .notNull()
      .references(() => department.id, { onDelete: 'restrict' }),
    locations: jsonb('locations').$type<string[]>().notNull(),
    /** ISO 3166-1 alpha-2 of the locations; null on jobs posted before the form asked. */
    country: text('country'),
    workplaceType: text('workplace_type').$type<WorkplaceType>().notNull(),
    jobType: text('job_type').$type<JobType>().notNull(),
    experience: text('experience').$type<Experience>().notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    currency: text('currency').$type<Currency>().notNull().default('USD'),
    showSalary: boolean('show_salary').notNull().default(true),
    description: text('description').notNull(),
    openings: integer('openings').notNull().default(1),
    closingDate: date('closing_date', { mode: 'string' }),
    status: text('status').$type<JobStatus>().notNull().default('draft'),
    publishedAt: ts('published_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    // Browse: published jobs, newest first (read backwards), keyset-paged by (published_at, id).
    index('job_browse_idx').on(t.status, t.publishedAt, t.id),
    index('job_recruiter_idx').on(t.recruiterId, t.createdAt),
    index('job_department_idx').on(t.departmentId),
    check('job_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('job_status_check', sql`${t.status} in ('draft', 'published', 'closed', 'archived')`),
    check(
      'job_salary_check',
      sql`${t.salaryMin} is null or ${t.salaryMax} is null or ${t.salaryMax} >= ${t.salaryMin}`,
    ),
  ],
);

/** One candidate's application to one job. */
export const jobApplication = pgTable(
  'job_application',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => job.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<Stage>().notNull().default('applied'),
    coverLetter: text('cover_letter').notNull(),
    /** Storage key of the uploaded PDF, if any. */
    resumeKey: text('resume_key'),
    resumeName: text('resume_name'),
    /** Careers (résumé search): the PDF's text once read; null before or when unreadable. */
    resumeText: text('resume_text'),
    /** null: not read yet (or no résumé); 'unreadable': "text could not be read". */
    resumeTextStatus: text('resume_text_status').$type<'read' | 'unreadable'>(),
    rejectionReason: text('rejection_reason'),
    /** The assessment assigned when it moved to the Assessment stage. */
    assessmentId: text('assessment_id').references(() => assessment.id, { onDelete: 'set null' }),
    /** When the job's recruiter first opened it; null counts as new. */
    seenAt: ts('seen_at'),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex('job_application_job_candidate_idx').on(t.jobId, t.candidateId),
    index('job_application_candidate_idx').on(t.candidateId, t.createdAt),
    index('job_application_assessment_idx').on(t.assessmentId),
    index('job_application_resume_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.resumeKey} is not null and ${t.resumeTextStatus} is null`),
    check(
      'job_application_resume_text_status_check',
      sql`${t.resumeTextStatus} in ('read', 'unreadable')`,
    ),
    check(
      'job_application_stage_check',
      sql`${t.stage} in ('applied', 'screening', 'assessment', 'interview', 'offer', 'hired', 'rejected', 'withdrawn')`,
    ),
  ],
);

/** Stage history: who moved an application, when, from where to where. */
export const applicationEvent = pgTable(
  'application_event',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplication.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage').$type<Stage>(),
    toStage: text('to_stage').$type<Stage>().notNull(),
    /** No foreign key: the history stays when an account is deleted. */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    reason: text('reason'),
    createdAt: created(),
  },
  (t) => [index('application_event_application_idx').on(t.applicationId, t.createdAt)],
);

/** The recruiters' notes on an application (never shown to the candidate). */
export const applicationNote = pgTable(
  'application_note',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplication.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: created(),
  },
  (t) => [index('application_note_application_idx').on(t.applicationId, t.createdAt)],
);
