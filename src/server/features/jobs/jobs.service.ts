import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { toIsoDate } from '../../../domain/assessments';
import { identityHiddenFrom } from '../../../domain/blind-review';
import { archivedNoCopy } from '../../../domain/departments';
import { coded } from '../../../domain/error-codes';
import { storedFileName } from '../../../domain/file-names';
import type { HiringLimits } from '../../../domain/hiring-limits';
import {
  type Application,
  type ApplicationDetail,
  type applyInputSchema,
  type browseQuerySchema,
  type CandidateApplication,
  closingDatePassed,
  decodeJobCursor,
  emptyCounts,
  encodeJobCursor,
  excerptOf,
  JOB_PAGE_SIZE,
  JOB_TEXTS,
  type Job,
  type JobAction,
  type JobDetail,
  type JobPage,
  type jobInputSchema,
  MAX_RESUME_BYTES,
  type ManagedJob,
  mayWithdraw,
  type moveInputSchema,
  type newJobSchema,
  nextStatus,
  type Stage,
  type StageEvent,
  toCandidateApplication,
} from '../../../domain/jobs';
import type { Db } from '../../db/client';
import {
  applicationEvent,
  applicationNote,
  assessment,
  department,
  job,
  jobApplication,
  profile,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { AppError, codedError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type Work, write } from '../../lib/unit-of-work';
import { assertLimitOpen, consumeLimit } from '../../lib/usage-limit';
import { enqueueMail, type Mail } from '../../mail/outbox';
import { recipientLanguages } from '../../mail/recipient-language';
import type { Storage } from '../../storage/storage';
import { type AssessmentDeps, type AssessmentTx, assign } from '../assessments/assessments.service';
import { type AuditEntry, recordAudit } from '../audit/audit';
import { resolveDepartment } from '../departments/departments.service';
import { cancelInterviewsOf, type InterviewDeps } from '../interviews/interviews.service';
import { stageMail } from './mails';

export interface JobsDeps extends AssessmentDeps {
  storage: Storage;
  /** The hiring abuse limits; the routes always pass them (scripts such as the seed do not). */
  limits?: Pick<HiringLimits, 'jobs' | 'applications'>;
  /** Résumé search: a résumé was stored with this application (its text is read later). */
  onResumeStored?: (applicationId: string) => void;
  /** The calendar-reply address of the interviews it cancels (their CANCEL's ORGANIZER). */
  rsvp?: InterviewDeps['rsvp'];
}

type Tx = AssessmentTx;
type JobRow = typeof job.$inferSelect;
type NewJob = z.output<typeof newJobSchema>;
type JobFields = z.output<typeof jobInputSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The server's calendar day; closing dates are days, open until that day ends. */
const today = () => toIsoDate(new Date());
/** A day of slack for "in the past": the recruiter's today may be behind the server's. */
const yesterday = () => toIsoDate(new Date(Date.now() - 86_400_000));

const recruiter = alias(user, 'recruiter');
const candidate = alias(user, 'candidate');
const companyName = sql<string>`coalesce(${profile.details}->'company'->>'name', '')`;

const jobColumns = {
  job,
  recruiterName: recruiter.name,
  companyName,
  departmentName: department.name,
};

/** Jobs with their owner's name and company (from the owner's profile) and department's name. */
const selectJobs = (db: Db | Tx) =>
  db
    .select(jobColumns)
    .from(job)
    .innerJoin(recruiter, eq(recruiter.id, job.recruiterId))
    .innerJoin(department, eq(department.id, job.departmentId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId));

function toJob(
  r: { job: JobRow; recruiterName: string; companyName: string; departmentName: string },
  viewer: Pick<Actor, 'role'>,
): Job {
  const j = r.job;
  const hideSalary = !j.showSalary && viewer.role === 'candidate';
  return {
    id: j.id,
    recruiterId: j.recruiterId,
    recruiterName: r.recruiterName,
    companyName: r.companyName,
    title: j.title,
    department: r.departmentName,
    departmentId: j.departmentId,
    locations: j.locations,
    workplaceType: j.workplaceType,
    jobType: j.jobType,
    experience: j.experience,
    salaryMin: hideSalary ? null : j.salaryMin,
    salaryMax: hideSalary ? null : j.salaryMax,
    currency: j.currency,
    showSalary: j.showSalary,
    description: j.description,
    openings: j.openings,
    closingDate: j.closingDate,
    status: j.status,
    publishedAt: iso(j.publishedAt),
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

/** Open for applications: published and its closing day not over. */
const isOpen = (j: Pick<JobRow, 'status' | 'closingDate'>) =>
  j.status === 'published' && !closingDatePassed(j.closingDate, today());

function assertFutureClosing(closingDate: string | null) {
  if (closingDate !== null && closingDate < yesterday()) {
    throw new AppError(400, JOB_TEXTS.closingInPast, [
      { path: ['closingDate'], message: JOB_TEXTS.closingInPast },
    ]);
  }
}

/** A job as the audit log keeps it (the description left out). */
const jobBrief = (row: JobRow) => ({
  title: row.title,
  recruiterId: row.recruiterId,
  status: row.status,
  departmentId: row.departmentId,
  closingDate: row.closingDate,
});

/**
 * Admins act on recruiters' jobs and pipelines: each such change is logged (in the change's
 * transaction). A recruiter's changes to their own are not admin actions and are not.
 */
async function auditAdmin(tx: Db | Tx, actor: Actor, entry: Omit<AuditEntry, 'actor'>) {
  if (actor.role === 'admin') await recordAudit(tx, { actor, ...entry });
}

async function loadJobRow(db: Db | Tx, id: string) {
  const [row] = await db.select().from(job).where(eq(job.id, id));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  return row;
}

/** The job's owner or an admin; another recruiter is told whose it is, a candidate is refused. */
async function loadManageable(db: Db | Tx, actor: Actor, id: string) {
  if (actor.role === 'candidate') throw forbidden();
  const row = await loadJobRow(db, id);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}

async function announceJob(deps: JobsDeps, row: Pick<JobRow, 'id' | 'recruiterId'>) {
  await deps.bus.publish({
    audience: { userIds: [row.recruiterId], roles: ['admin'] },
    event: { type: 'job.changed', jobId: row.id },
  });
}

async function announceApplications(
  deps: JobsDeps,
  items: { id: string; jobId: string; candidateId: string; recruiterId: string }[],
) {
  for (const a of items) await deps.bus.publish(applicationChanged(a));
}

/** Publishes, once the write commits, that these applications changed. */
function publishApplications(
  w: Work,
  items: { id: string; jobId: string; candidateId: string; recruiterId: string }[],
) {
  for (const a of items) {
    const { audience, event } = applicationChanged(a);
    w.publish(audience, event);
  }
}

function applicationChanged(a: {
  id: string;
  jobId: string;
  candidateId: string;
  recruiterId: string;
}) {
  return {
    audience: { userIds: [a.candidateId, a.recruiterId], roles: ['admin' as const] },
    event: { type: 'application.changed' as const, applicationId: a.id, jobId: a.jobId },
  };
}

async function readJob(db: Db, actor: Actor, id: string): Promise<Job> {
  const [row] = await selectJobs(db).where(eq(job.id, id));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  return toJob(row, actor);
}

// --- recruiters: jobs ------------------------------------------------------------------

/**
 * Counts a job the recruiter posts (Post Job, Duplicate) against their limit, in the
 * transaction that makes it: a job that is not made (refused, failed) is not counted.
 */
async function countJobPosted(tx: Tx, deps: JobsDeps, actor: Actor) {
  if (!deps.limits) return;
  await consumeLimit(tx, `job-post:${actor.id}`, deps.limits.jobs, 'wait-jobs');
}

export async function createJob(deps: JobsDeps, actor: Actor, input: NewJob): Promise<Job> {
  if (actor.role !== 'recruiter') throw forbidden('Only recruiters can post jobs');
  assertFutureClosing(input.closingDate);
  const { status, department: departmentName, ...fields } = input;
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await countJobPosted(tx, deps, actor);
    // Locked until the job is in: the department cannot be archived or deleted meanwhile.
    const dept = await resolveDepartment(tx, departmentName, null, 'department', true);
    await tx.insert(job).values({
      id,
      recruiterId: actor.id,
      ...fields,
      departmentId: dept.id,
      status,
      publishedAt: status === 'published' ? new Date() : null,
    });
  });
  await announceJob(deps, { id, recruiterId: actor.id });
  return readJob(deps.db, actor, id);
}

export async function updateJob(
  deps: JobsDeps,
  actor: Actor,
  id: string,
  input: JobFields,
): Promise<Job> {
  const row = await loadManageable(deps.db, actor, id);
  if (row.status === 'archived') throw new AppError(400, JOB_TEXTS.archivedReadOnly);
  if (input.closingDate !== row.closingDate) assertFutureClosing(input.closingDate);
  const { department: departmentName, ...fields } = input;
  await deps.db.transaction(async (tx) => {
    // An archived department stays on the job that has it; others cannot pick it.
    const dept = await resolveDepartment(tx, departmentName, row.departmentId, 'department', true);
    const [after] = await tx
      .update(job)
      .set({ ...fields, departmentId: dept.id })
      .where(eq(job.id, id))
      .returning();
    await auditAdmin(tx, actor, {
      action: 'job.update',
      targetType: 'job',
      targetId: id,
      before: jobBrief(row),
      after: after ? jobBrief(after) : null,
    });
  });
  await announceJob(deps, row);
  return readJob(deps.db, actor, id);
}

export async function changeJobStatus(
  deps: JobsDeps,
  actor: Actor,
  id: string,
  action: JobAction,
): Promise<Job> {
  const row = await loadManageable(deps.db, actor, id);
  const to = nextStatus(row.status, action);
  if (!to) {
    throw codedError(400, coded('job-action-refused', { status: row.status, action }));
  }
  if (to === 'published' && closingDatePassed(row.closingDate, today())) {
    throw new AppError(400, `${JOB_TEXTS.closingInPast}: change it before publishing`, [
      { path: ['closingDate'], message: JOB_TEXTS.closingInPast },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(job)
      .set({
        status: to,
        publishedAt: action === 'publish' ? new Date() : row.publishedAt,
      })
      .where(and(eq(job.id, id), eq(job.status, row.status)))
      .returning({ id: job.id });
    if (changed.length > 0) {
      await auditAdmin(tx, actor, {
        action: `job.${action}`,
        targetType: 'job',
        targetId: id,
        before: { status: row.status },
        after: { status: to },
      });
    }
  });
  await announceJob(deps, row);
  return readJob(deps.db, actor, id);
}

/** A new draft with the same fields (a passed closing date is dropped). */
export async function duplicateJob(deps: JobsDeps, actor: Actor, id: string): Promise<Job> {
  const row = await loadManageable(deps.db, actor, id);
  if (actor.role !== 'recruiter') throw forbidden('Only recruiters can post jobs');
  const copy = newId();
  const { id: _id, createdAt: _c, updatedAt: _u, publishedAt: _p, status: _s, ...fields } = row;
  const [dept] = await deps.db
    .select({ name: department.name, archived: department.archived })
    .from(department)
    .where(eq(department.id, row.departmentId));
  if (dept?.archived) {
    // A copy is a new job: an archived department is not offered for it.
    throw new AppError(400, archivedNoCopy(dept.name));
  }
  await deps.db.transaction(async (tx) => {
    await countJobPosted(tx, deps, actor);
    await tx.insert(job).values({
      ...fields,
      id: copy,
      recruiterId: actor.id,
      status: 'draft',
      publishedAt: null,
      closingDate: closingDatePassed(row.closingDate, today()) ? null : row.closingDate,
    });
  });
  await announceJob(deps, { id: copy, recruiterId: actor.id });
  return readJob(deps.db, actor, copy);
}

/** Admin: hand a job (and its applicants) to another recruiter. */
export async function reassignJob(
  deps: JobsDeps,
  actor: Actor,
  id: string,
  recruiterId: string,
): Promise<Job> {
  if (actor.role !== 'admin') throw forbidden();
  const row = await loadJobRow(deps.db, id);
  const [target] = await deps.db
    .select({ id: user.id, role: user.role })
    .from(user)
    .where(eq(user.id, recruiterId));
  if (target?.role !== 'recruiter') {
    throw new AppError(400, 'Choose a recruiter as the new owner', [
      { path: ['recruiterId'], message: 'Choose a recruiter as the new owner' },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(job).set({ recruiterId }).where(eq(job.id, id));
    await recordAudit(tx, {
      actor,
      action: 'job.reassign',
      targetType: 'job',
      targetId: id,
      before: { title: row.title, recruiterId: row.recruiterId },
      after: { title: row.title, recruiterId },
    });
    const applicants = await tx
      .select({ candidateId: jobApplication.candidateId })
      .from(jobApplication)
      .where(eq(jobApplication.jobId, id));
    if (applicants.length > 0) {
      await tx
        .insert(recruiterAssignment)
        .values(applicants.map((a) => ({ candidateId: a.candidateId, recruiterId })))
        .onConflictDoNothing();
    }
  });
  await announceJob(deps, row);
  await announceJob(deps, { id, recruiterId });
  return readJob(deps.db, actor, id);
}

/** Admin: remove a job with its applications (assessments already assigned stay). */
export async function deleteJob(deps: JobsDeps, actor: Actor, id: string) {
  if (actor.role !== 'admin') throw forbidden();
  const row = await loadJobRow(deps.db, id);
  await deps.db.transaction(async (tx) => {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobApplication)
      .where(eq(jobApplication.jobId, id));
    await tx.delete(job).where(eq(job.id, id));
    await recordAudit(tx, {
      actor,
      action: 'job.delete',
      targetType: 'job',
      targetId: id,
      before: { ...jobBrief(row), applications: Number(counted?.n ?? 0) },
      after: null,
    });
  });
  await announceJob(deps, row);
}

/** My Listings (the recruiter's own) or Manage Jobs (admin: all), newest first, with counts. */
export async function listManagedJobs(deps: JobsDeps, actor: Actor): Promise<ManagedJob[]> {
  if (actor.role === 'candidate') throw forbidden();
  const rows = await selectJobs(deps.db)
    .where(actor.role === 'recruiter' ? eq(job.recruiterId, actor.id) : undefined)
    .orderBy(desc(job.createdAt), desc(job.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.job.id);
  const counts = await deps.db
    .select({
      jobId: jobApplication.jobId,
      stage: jobApplication.stage,
      n: sql<number>`count(*)::int`,
      // isNewApplication (src/domain/jobs.ts): unopened and still Applied; the job's part below.
      unseen: sql<number>`(count(*) filter (where ${jobApplication.seenAt} is null and ${jobApplication.stage} = 'applied'))::int`,
    })
    .from(jobApplication)
    .where(inArray(jobApplication.jobId, ids))
    .groupBy(jobApplication.jobId, jobApplication.stage);
  const byJob = new Map<string, { counts: ReturnType<typeof emptyCounts>; unseen: number }>();
  for (const c of counts) {
    const entry = byJob.get(c.jobId) ?? { counts: emptyCounts(), unseen: 0 };
    entry.counts[c.stage] = c.n;
    entry.unseen += c.unseen;
    byJob.set(c.jobId, entry);
  }
  return rows.map((r) => {
    const entry = byJob.get(r.job.id) ?? { counts: emptyCounts(), unseen: 0 };
    return {
      ...toJob(r, actor),
      counts: entry.counts,
      total: Object.values(entry.counts).reduce((a, b) => a + b, 0),
      newApplications: r.job.status === 'published' ? entry.unseen : 0,
    };
  });
}

// --- candidates: browse and apply ------------------------------------------------------

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function browseJobs(
  deps: JobsDeps,
  actor: Actor,
  query: z.output<typeof browseQuerySchema>,
): Promise<JobPage> {
  if (actor.role !== 'candidate') throw forbidden('Only candidates browse jobs');
  return browseOpenJobs(deps.db, actor.id, query);
}

/** Anyone's view of a job (the careers site): what candidates see, salary hidden if asked. */
const PUBLIC_VIEWER = { role: 'candidate' } as const;

/**
 * Browse Jobs' search and filters over published, open jobs: for a candidate (`viewerId`, who
 * also learns which they applied to) or for anyone (null: the public careers site).
 */
export async function browseOpenJobs(
  db: Db,
  viewerId: string | null,
  query: z.output<typeof browseQuerySchema>,
): Promise<JobPage> {
  const conditions: (SQL | undefined)[] = [
    eq(job.status, 'published'),
    or(isNull(job.closingDate), sql`${job.closingDate} >= ${today()}`),
  ];
  if (query.q) {
    const p = likePattern(query.q);
    conditions.push(
      or(
        sql`${job.title} ilike ${p}`,
        sql`${job.description} ilike ${p}`,
        sql`${department.name} ilike ${p}`,
        sql`${job.locations}::text ilike ${p}`,
      ),
    );
  }
  if (query.department) {
    conditions.push(sql`lower(${department.name}) = lower(${query.department})`);
  }
  if (query.location)
    conditions.push(sql`${job.locations}::text ilike ${likePattern(query.location)}`);
  if (query.workplaceType) conditions.push(eq(job.workplaceType, query.workplaceType));
  if (query.jobType) conditions.push(eq(job.jobType, query.jobType));
  if (query.experience) conditions.push(eq(job.experience, query.experience));
  if (query.salaryMin !== undefined) {
    // Only shown salaries: a hidden one must not be guessable through the filter.
    conditions.push(
      eq(job.showSalary, true),
      sql`coalesce(${job.salaryMax}, ${job.salaryMin}) >= ${query.salaryMin}`,
    );
  }
  if (query.currency) conditions.push(eq(job.currency, query.currency));
  if (query.posted) {
    const since = new Date(Date.now() - Number(query.posted) * 86_400_000);
    conditions.push(sql`${job.publishedAt} >= ${since.toISOString()}`);
  }
  if (query.cursor) {
    const cursor = decodeJobCursor(query.cursor);
    if (!cursor) throw new AppError(400, 'The cursor is not valid');
    conditions.push(sql`(${job.publishedAt}, ${job.id}) < (${cursor.publishedAt}, ${cursor.id})`);
  }
  const rows = await db
    .select({
      job: {
        ...jobCardColumns,
      },
      recruiterName: recruiter.name,
      companyName,
      departmentName: department.name,
      applied:
        viewerId === null
          ? sql<boolean>`false`
          : sql<boolean>`exists (select 1 from ${jobApplication} where ${jobApplication.jobId} = ${job.id} and ${jobApplication.candidateId} = ${viewerId})`,
    })
    .from(job)
    .innerJoin(recruiter, eq(recruiter.id, job.recruiterId))
    .innerJoin(department, eq(department.id, job.departmentId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId))
    .where(and(...conditions))
    .orderBy(desc(job.publishedAt), desc(job.id))
    .limit(JOB_PAGE_SIZE + 1);
  const page = rows.slice(0, JOB_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => {
      const { description, ...rest } = toJob(
        {
          job: r.job as JobRow,
          recruiterName: r.recruiterName,
          companyName: r.companyName,
          departmentName: r.departmentName,
        },
        PUBLIC_VIEWER,
      );
      return { ...rest, excerpt: excerptOf(description), applied: r.applied };
    }),
    nextCursor:
      rows.length > JOB_PAGE_SIZE && last?.job.publishedAt
        ? encodeJobCursor(last.job.publishedAt.toISOString(), last.job.id)
        : null,
  };
}

/** Every column, but only the start of the description (for the excerpt). */
const jobCardColumns = {
  id: job.id,
  recruiterId: job.recruiterId,
  title: job.title,
  departmentId: job.departmentId,
  locations: job.locations,
  workplaceType: job.workplaceType,
  jobType: job.jobType,
  experience: job.experience,
  salaryMin: job.salaryMin,
  salaryMax: job.salaryMax,
  currency: job.currency,
  showSalary: job.showSalary,
  description: sql<string>`left(${job.description}, 600)`,
  openings: job.openings,
  closingDate: job.closingDate,
  status: job.status,
  publishedAt: job.publishedAt,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
};

/** A job as the viewer may open it: candidates open jobs and those they applied to. */
export async function getJob(deps: JobsDeps, actor: Actor, id: string): Promise<JobDetail> {
  const [row] = await selectJobs(deps.db).where(eq(job.id, id));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  let myApplication: CandidateApplication | null = null;
  if (actor.role === 'candidate') {
    [myApplication = null] = await candidateApplications(
      deps.db,
      actor,
      and(eq(jobApplication.jobId, id), eq(jobApplication.candidateId, actor.id)),
    );
    if (!myApplication && !isOpen(row.job)) throw notFound(JOB_TEXTS.jobNotFound);
  } else if (actor.role === 'recruiter' && row.job.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return {
    ...toJob(row, actor),
    myApplication,
    canApply: actor.role === 'candidate' && !myApplication && isOpen(row.job),
  };
}

/** A job as anyone may see it (the careers site), and whether it is open; null if none. */
export async function readPublicJob(db: Db, id: string) {
  const [row] = await selectJobs(db).where(eq(job.id, id));
  if (!row) return null;
  return { job: toJob(row, PUBLIC_VIEWER), open: isOpen(row.job) };
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
export const isPdf = (bytes: Uint8Array) => PDF_MAGIC.every((b, i) => bytes[i] === b);
export const resumeKey = (applicationId: string) => `resumes/${applicationId}`;
const RESUME_FALLBACK_NAME = 'resume.pdf';

export async function applyToJob(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
  input: z.output<typeof applyInputSchema>,
  resume: { name: string; bytes: Uint8Array } | null,
): Promise<CandidateApplication> {
  if (actor.role !== 'candidate') throw forbidden('Only candidates can apply to jobs');
  const row = await loadJobRow(deps.db, jobId);
  if (row.status === 'draft') throw notFound(JOB_TEXTS.jobNotFound);
  if (!isOpen(row)) throw new AppError(400, JOB_TEXTS.notOpen);
  const [existing] = await deps.db
    .select({ id: jobApplication.id })
    .from(jobApplication)
    .where(and(eq(jobApplication.jobId, jobId), eq(jobApplication.candidateId, actor.id)));
  if (existing) throw new AppError(409, JOB_TEXTS.alreadyApplied);
  if (resume) {
    if (resume.bytes.byteLength > MAX_RESUME_BYTES)
      throw new AppError(413, JOB_TEXTS.resumeTooLarge);
    if (!isPdf(resume.bytes)) throw new AppError(415, JOB_TEXTS.resumePdf);
  }
  const limitKey = `application:${actor.id}`;
  // Refused before the résumé is stored; counted (for real) with the application it allows.
  if (deps.limits) {
    await assertLimitOpen(deps.db, limitKey, deps.limits.applications, 'wait-applications');
  }
  const id = newId();
  if (resume) {
    await deps.storage.put(resumeKey(id), { bytes: resume.bytes, contentType: 'application/pdf' });
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (deps.limits) {
        await consumeLimit(tx, limitKey, deps.limits.applications, 'wait-applications');
      }
      await tx.insert(jobApplication).values({
        id,
        jobId,
        candidateId: actor.id,
        coverLetter: input.coverLetter,
        resumeKey: resume ? resumeKey(id) : null,
        resumeName: resume ? storedFileName(resume.name, RESUME_FALLBACK_NAME) : null,
      });
      await tx.insert(applicationEvent).values({
        id: newId(),
        applicationId: id,
        fromStage: null,
        toStage: 'applied',
        actorId: actor.id,
        actorName: actor.name,
      });
      // The job's recruiter becomes one the candidate may message (messaging's rule).
      await tx
        .insert(recruiterAssignment)
        .values({ candidateId: actor.id, recruiterId: row.recruiterId })
        .onConflictDoNothing();
    });
  } catch (error) {
    // No application, no résumé: a refused or failed one leaves no file behind.
    if (resume) await deps.storage.remove(resumeKey(id)).catch(() => false);
    if (isUniqueViolation(error)) throw new AppError(409, JOB_TEXTS.alreadyApplied);
    throw error;
  }
  if (resume) deps.onResumeStored?.(id);
  await announceApplications(deps, [
    { id, jobId, candidateId: actor.id, recruiterId: row.recruiterId },
  ]);
  const [created] = await candidateApplications(deps.db, actor, eq(jobApplication.id, id));
  return created!;
}

// --- applications -----------------------------------------------------------------------

type ApplicationRow = Awaited<ReturnType<typeof applicationRows>>[number];

function applicationRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      a: jobApplication,
      jobTitle: job.title,
      jobStatus: job.status,
      recruiterId: job.recruiterId,
      recruiterName: recruiter.name,
      companyName,
      candidateName: candidate.name,
      candidateEmail: candidate.email,
      assessmentTitle: assessment.title,
      assessmentStatus: assessment.status,
      assessmentScore: assessment.score,
      assessmentBlind: assessment.blindReview,
      assessmentRevealedAt: assessment.identityRevealedAt,
      assessmentReviewedAt: assessment.reviewedAt,
      assessmentDueDate: assessment.dueDate,
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .innerJoin(recruiter, eq(recruiter.id, job.recruiterId))
    .innerJoin(candidate, eq(candidate.id, jobApplication.candidateId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId))
    .leftJoin(assessment, eq(assessment.id, jobApplication.assessmentId))
    .where(where)
    .orderBy(desc(jobApplication.createdAt), desc(jobApplication.id));
}

/** The assessment linked to an application, as this viewer may see it (blind review: docs/decisions/026). */
function linkedAssessment(r: ApplicationRow, viewer: Actor): Application['assessment'] {
  const a = r.a;
  if (!a.assessmentId || r.assessmentTitle === null) return null;
  const hidden = identityHiddenFrom(viewer, {
    blindReview: r.assessmentBlind ?? false,
    identityRevealedAt: r.assessmentRevealedAt,
  });
  if (hidden) {
    // The application names the person: linking it to the assessment, its status or its score
    // would tell the reviewer whose work they are scoring.
    return {
      id: null,
      title: r.assessmentTitle,
      status: 'blind-review',
      score: null,
      reviewedAt: null,
      dueDate: r.assessmentDueDate ?? '',
      identityHidden: true,
    };
  }
  return {
    id: a.assessmentId,
    title: r.assessmentTitle,
    status: r.assessmentStatus ?? 'scheduled',
    score: r.assessmentScore,
    reviewedAt: iso(r.assessmentReviewedAt),
    dueDate: r.assessmentDueDate ?? '',
    identityHidden: false,
  };
}

function toApplication(r: ApplicationRow, viewer: Actor): Application {
  const a = r.a;
  return {
    id: a.id,
    jobId: a.jobId,
    jobTitle: r.jobTitle,
    jobStatus: r.jobStatus,
    companyName: r.companyName,
    recruiterId: r.recruiterId,
    recruiterName: r.recruiterName,
    candidateId: a.candidateId,
    candidateName: r.candidateName,
    candidateEmail: r.candidateEmail,
    stage: a.stage,
    coverLetter: a.coverLetter,
    hasResume: a.resumeKey !== null,
    // Names stored before the rule are cleaned as they are served.
    resumeName: a.resumeName === null ? null : storedFileName(a.resumeName, RESUME_FALLBACK_NAME),
    resumeTextStatus: a.resumeTextStatus,
    rejectionReason: a.rejectionReason,
    seen: a.seenAt !== null,
    assessment: linkedAssessment(r, viewer),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function selectApplications(db: Db | Tx, viewer: Actor, where: SQL | undefined) {
  return (await applicationRows(db, where)).map((r) => toApplication(r, viewer));
}

async function historyOf(db: Db, ids: string[]): Promise<Map<string, StageEvent[]>> {
  const map = new Map<string, StageEvent[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(applicationEvent)
    .where(inArray(applicationEvent.applicationId, ids))
    .orderBy(asc(applicationEvent.createdAt), asc(applicationEvent.id));
  for (const e of rows) {
    const list = map.get(e.applicationId) ?? [];
    list.push({
      id: e.id,
      fromStage: e.fromStage,
      toStage: e.toStage,
      actorId: e.actorId,
      actorName: e.actorName,
      reason: e.reason,
      at: e.createdAt.toISOString(),
    });
    map.set(e.applicationId, list);
  }
  return map;
}

/**
 * Applications as their candidate sees them, each with its timeline: every answer a candidate
 * gets about an application is made here, through the domain's allow-list.
 */
async function candidateApplications(
  db: Db,
  actor: Actor,
  where: SQL | undefined,
): Promise<CandidateApplication[]> {
  const apps = await selectApplications(
    db,
    actor,
    and(eq(jobApplication.candidateId, actor.id), where),
  );
  const history = await historyOf(
    db,
    apps.map((a) => a.id),
  );
  return apps.map((a) => toCandidateApplication(a, history.get(a.id) ?? []));
}

/** My Applications: the candidate's own, newest first, each with its timeline. */
export async function listMyApplications(
  deps: JobsDeps,
  actor: Actor,
): Promise<CandidateApplication[]> {
  if (actor.role !== 'candidate') throw forbidden('Only candidates have applications');
  return candidateApplications(deps.db, actor, undefined);
}

export async function withdrawApplication(
  deps: JobsDeps,
  actor: Actor,
  id: string,
): Promise<CandidateApplication> {
  if (actor.role !== 'candidate') throw forbidden('Only the candidate can withdraw');
  const [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
  if (!row || row.a.candidateId !== actor.id) throw notFound(JOB_TEXTS.applicationNotFound);
  if (!mayWithdraw(row.a.stage)) throw new AppError(400, JOB_TEXTS.cannotWithdraw);
  await write(deps, async (w) => {
    const { tx } = w;
    await tx.update(jobApplication).set({ stage: 'withdrawn' }).where(eq(jobApplication.id, id));
    await tx.insert(applicationEvent).values({
      id: newId(),
      applicationId: id,
      fromStage: row.a.stage,
      toStage: 'withdrawn',
      actorId: actor.id,
      actorName: actor.name,
    });
    // Its interview under way is called off (calendar cancellations to everyone).
    await cancelInterviewsOf(w, deps, [id], 'The candidate withdrew the application');
    publishApplications(w, [
      { id, jobId: row.a.jobId, candidateId: actor.id, recruiterId: row.recruiterId },
    ]);
  });
  const [updated] = await candidateApplications(deps.db, actor, eq(jobApplication.id, id));
  return updated!;
}

/** The pipeline of one job (its owner or an admin). */
export async function listJobApplications(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
): Promise<Application[]> {
  await loadManageable(deps.db, actor, jobId);
  return selectApplications(deps.db, actor, eq(jobApplication.jobId, jobId));
}

/** Who may work on an application: its job's owner or an admin. */
async function loadManageableApplication(db: Db, actor: Actor, id: string) {
  if (actor.role === 'candidate') throw forbidden();
  const [row] = await applicationRows(db, eq(jobApplication.id, id));
  if (!row) throw notFound(JOB_TEXTS.applicationNotFound);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}

/** One application with its history and notes; the owner's first look marks it seen. */
export async function getApplication(
  deps: JobsDeps,
  actor: Actor,
  id: string,
): Promise<ApplicationDetail> {
  let row: ApplicationRow | undefined = await loadManageableApplication(deps.db, actor, id);
  if (row.a.seenAt === null && actor.id === row.recruiterId) {
    await deps.db
      .update(jobApplication)
      .set({ seenAt: new Date() })
      .where(and(eq(jobApplication.id, id), isNull(jobApplication.seenAt)));
    [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
    await announceJob(deps, { id: row!.a.jobId, recruiterId: row!.recruiterId });
  }
  const history = await historyOf(deps.db, [id]);
  const notes = await deps.db
    .select()
    .from(applicationNote)
    .where(eq(applicationNote.applicationId, id))
    .orderBy(asc(applicationNote.createdAt), asc(applicationNote.id));
  return {
    ...toApplication(row!, actor),
    history: history.get(id) ?? [],
    notes: notes.map((n) => ({
      id: n.id,
      authorId: n.authorId,
      authorName: n.authorName,
      body: n.body,
      at: n.createdAt.toISOString(),
    })),
  };
}

export async function addNote(
  deps: JobsDeps,
  actor: Actor,
  id: string,
  body: string,
): Promise<ApplicationDetail> {
  const row = await loadManageableApplication(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    const noteId = newId();
    await tx.insert(applicationNote).values({
      id: noteId,
      applicationId: id,
      authorId: actor.id,
      authorName: actor.name,
      body,
    });
    await auditAdmin(tx, actor, {
      action: 'application.note',
      targetType: 'application',
      targetId: id,
      after: { noteId, jobId: row.a.jobId },
    });
  });
  await announceApplications(deps, [
    { id, jobId: row.a.jobId, candidateId: row.a.candidateId, recruiterId: row.recruiterId },
  ]);
  return getApplication(deps, actor, id);
}

/** The résumé PDF: the candidate, the job's owner, admins. */
export async function getResume(deps: JobsDeps, actor: Actor, id: string) {
  const [row] = await applicationRows(deps.db, eq(jobApplication.id, id));
  const allowed =
    row &&
    (actor.role === 'admin' ||
      (actor.role === 'candidate' && row.a.candidateId === actor.id) ||
      (actor.role === 'recruiter' && row.recruiterId === actor.id));
  if (!row || !allowed) throw notFound(JOB_TEXTS.applicationNotFound);
  const stored = row.a.resumeKey ? await deps.storage.open(row.a.resumeKey) : null;
  if (!stored) throw notFound('No résumé was uploaded');
  return { ...stored, fileName: storedFileName(row.a.resumeName ?? '', RESUME_FALLBACK_NAME) };
}

// --- the pipeline: moving applications ----------------------------------------------------

/**
 * Moves one or several applications of one job to a stage. Every application
 * is checked before anything changes; moving to Assessment assigns the chosen
 * template through the assessments' own assign flow and links the assessment.
 * The candidates get a mail (the assessment's invitation on that stage) and a
 * live update.
 */
export async function moveApplications(
  deps: JobsDeps,
  actor: Actor,
  jobId: string,
  input: z.output<typeof moveInputSchema>,
): Promise<{ moved: number }> {
  const jobRow = await loadManageable(deps.db, actor, jobId);
  const ids = [...new Set(input.applicationIds)];
  const rows = await applicationRows(deps.db, inArray(jobApplication.id, ids));
  if (rows.length !== ids.length || rows.some((r) => r.a.jobId !== jobId)) {
    throw notFound(JOB_TEXTS.applicationNotFound);
  }
  if (rows.some((r) => r.a.stage === 'withdrawn')) throw new AppError(400, JOB_TEXTS.withdrawn);
  const to = input.stage as Stage;
  const moving = rows.filter((r) => r.a.stage !== to);
  if (moving.length === 0) return { moved: 0 };

  const eventFor = (r: ApplicationRow) => ({
    id: newId(),
    applicationId: r.a.id,
    fromStage: r.a.stage,
    toStage: to,
    actorId: actor.id,
    actorName: actor.name,
    reason: to === 'rejected' ? (input.reason ?? null) : null,
  });

  if (to === 'assessment' && actor.role !== 'recruiter') {
    throw forbidden("Only the job's recruiter can assign an assessment");
  }
  const languageOf =
    to === 'assessment'
      ? undefined
      : await recipientLanguages(
          deps.db,
          moving.map((r) => r.a.candidateId),
        );
  // Every application moves in one transaction: all of them or none.
  await write(deps, async (w) => {
    const { tx } = w;
    if (to === 'assessment') {
      const plan = input.assessment!;
      for (const r of moving) {
        const assessmentId = await assign(
          deps,
          actor,
          {
            templateId: plan.templateId,
            candidateId: r.a.candidateId,
            dueDate: plan.dueDate,
            message: plan.message,
          },
          w,
        );
        await tx
          .update(jobApplication)
          .set({ stage: to, assessmentId, rejectionReason: null })
          .where(eq(jobApplication.id, r.a.id));
        await tx.insert(applicationEvent).values(eventFor(r));
      }
    } else {
      await tx
        .update(jobApplication)
        .set({ stage: to, rejectionReason: to === 'rejected' ? (input.reason ?? null) : null })
        .where(
          and(
            inArray(
              jobApplication.id,
              moving.map((r) => r.a.id),
            ),
            ne(jobApplication.stage, 'withdrawn'),
          ),
        );
      await tx.insert(applicationEvent).values(moving.map(eventFor));
      await auditAdmin(tx, actor, {
        action: 'application.move',
        targetType: 'job',
        targetId: jobId,
        before: moving.map((r) => ({ applicationId: r.a.id, stage: r.a.stage })),
        after: { stage: to, reason: to === 'rejected' ? (input.reason ?? null) : null },
      });
      await w.mails(
        moving.map((r) =>
          stageMail({
            to: r.candidateEmail,
            language: languageOf!(r.a.candidateId),
            candidateName: r.candidateName,
            jobTitle: r.jobTitle,
            companyName: r.companyName,
            stage: to,
            url: `${deps.appUrl}/candidate/applications`,
          }),
        ),
      );
      // A rejected application's interview under way is called off.
      if (to === 'rejected') {
        await cancelInterviewsOf(
          w,
          deps,
          moving.map((r) => r.a.id),
          'The application is no longer under consideration',
        );
      }
    }
    publishApplications(
      w,
      moving.map((r) => ({
        id: r.a.id,
        jobId,
        candidateId: r.a.candidateId,
        recruiterId: jobRow.recruiterId,
      })),
    );
  });
  return { moved: moving.length };
}
