import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DUE_DATE_SLACK_DAYS, earliestDueDate } from '../../../domain/assessments';
import { archivedNoCopy } from '../../../domain/departments';
import { coded } from '../../../domain/error-codes';
import {
  closingDatePassed,
  emptyCounts,
  JOB_TEXTS,
  type Job,
  type JobAction,
  type jobInputSchema,
  type ManagedJob,
  type newJobSchema,
  nextStatus,
} from '../../../domain/jobs';
import type { Tx } from '../../db/client';
import { department, job, jobApplication, recruiterAssignment, user } from '../../db/schema';
import { AppError, codedError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { write } from '../../lib/unit-of-work';
import { consumeLimit } from '../../lib/usage-limit';
import { resolveDepartment } from '../departments/departments.service';
import { auditAdmin, type JobsDeps, publishJob } from './jobs-deps';
import {
  type JobRow,
  loadJobRow,
  loadManageable,
  readJob,
  selectJobs,
  today,
  toJob,
} from './read-models';

// A recruiter's jobs (post, edit, duplicate, close, limits) and an admin's hand on them.

type NewJob = z.output<typeof newJobSchema>;
type JobFields = z.output<typeof jobInputSchema>;

function assertFutureClosing(closingDate: string | null) {
  if (closingDate !== null && closingDate < earliestDueDate(new Date(), DUE_DATE_SLACK_DAYS)) {
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
  await write(deps, async (w) => {
    const { tx } = w;
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
    publishJob(w, { id, recruiterId: actor.id });
  });
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
  await write(deps, async (w) => {
    const { tx } = w;
    // An archived department stays on the job that has it; others cannot pick it.
    const dept = await resolveDepartment(tx, departmentName, row.departmentId, 'department', true);
    const [after] = await tx
      .update(job)
      .set({ ...fields, departmentId: dept.id })
      .where(eq(job.id, id))
      .returning();
    await auditAdmin(w, actor, {
      action: 'job.update',
      targetType: 'job',
      targetId: id,
      before: jobBrief(row),
      after: after ? jobBrief(after) : null,
    });
    publishJob(w, row);
  });
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
  await write(deps, async (w) => {
    const { tx } = w;
    const changed = await tx
      .update(job)
      .set({
        status: to,
        publishedAt: action === 'publish' ? new Date() : row.publishedAt,
      })
      .where(and(eq(job.id, id), eq(job.status, row.status)))
      .returning({ id: job.id });
    if (changed.length > 0) {
      await auditAdmin(w, actor, {
        action: `job.${action}`,
        targetType: 'job',
        targetId: id,
        before: { status: row.status },
        after: { status: to },
      });
    }
    publishJob(w, row);
  });
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
  await write(deps, async (w) => {
    const { tx } = w;
    await countJobPosted(tx, deps, actor);
    await tx.insert(job).values({
      ...fields,
      id: copy,
      recruiterId: actor.id,
      status: 'draft',
      publishedAt: null,
      closingDate: closingDatePassed(row.closingDate, today()) ? null : row.closingDate,
    });
    publishJob(w, { id: copy, recruiterId: actor.id });
  });
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
  await write(deps, async (w) => {
    const { tx } = w;
    await tx.update(job).set({ recruiterId }).where(eq(job.id, id));
    await w.audit({
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
    publishJob(w, row);
    publishJob(w, { id, recruiterId });
  });
  return readJob(deps.db, actor, id);
}

/** Admin: remove a job with its applications (assessments already assigned stay). */
export async function deleteJob(deps: JobsDeps, actor: Actor, id: string) {
  if (actor.role !== 'admin') throw forbidden();
  const row = await loadJobRow(deps.db, id);
  await write(deps, async (w) => {
    const { tx } = w;
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobApplication)
      .where(eq(jobApplication.jobId, id));
    await tx.delete(job).where(eq(job.id, id));
    await w.audit({
      actor,
      action: 'job.delete',
      targetType: 'job',
      targetId: id,
      before: { ...jobBrief(row), applications: Number(counted?.n ?? 0) },
      after: null,
    });
    publishJob(w, row);
  });
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
