import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toIsoDate } from '../../../domain/assessments';
import { identityHiddenFrom } from '../../../domain/blind-review';
import { storedFileName } from '../../../domain/file-names';
import {
  type Application,
  type CandidateApplication,
  closingDatePassed,
  JOB_TEXTS,
  type Job,
  type StageEvent,
  toCandidateApplication,
} from '../../../domain/jobs';
import type { Db, Tx } from '../../db/client';
import {
  applicationEvent,
  assessment,
  department,
  job,
  jobApplication,
  profile,
  user,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';

// Read models: how jobs and applications are loaded and shaped for a viewer.

export type JobRow = typeof job.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The server's calendar day; closing dates are days, open until that day ends. */
export const today = () => toIsoDate(new Date());

export const recruiter = alias(user, 'recruiter');
const candidate = alias(user, 'candidate');
export const companyName = sql<string>`coalesce(${profile.details}->'company'->>'name', '')`;

const jobColumns = {
  job,
  recruiterName: recruiter.name,
  companyName,
  departmentName: department.name,
};

/** Jobs with their owner's name and company (from the owner's profile) and department's name. */
export const selectJobs = (db: Db | Tx) =>
  db
    .select(jobColumns)
    .from(job)
    .innerJoin(recruiter, eq(recruiter.id, job.recruiterId))
    .innerJoin(department, eq(department.id, job.departmentId))
    .leftJoin(profile, eq(profile.userId, job.recruiterId));

export function toJob(
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
    country: j.country,
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
export const isOpen = (j: Pick<JobRow, 'status' | 'closingDate'>) =>
  j.status === 'published' && !closingDatePassed(j.closingDate, today());

export async function loadJobRow(db: Db | Tx, id: string) {
  const [row] = await db.select().from(job).where(eq(job.id, id));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  return row;
}

/** The job's owner or an admin; another recruiter is told whose it is, a candidate is refused. */
export async function loadManageable(db: Db | Tx, actor: Actor, id: string) {
  if (actor.role === 'candidate') throw forbidden();
  const row = await loadJobRow(db, id);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}

export async function readJob(db: Db, actor: Actor, id: string): Promise<Job> {
  const [row] = await selectJobs(db).where(eq(job.id, id));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  return toJob(row, actor);
}

export const RESUME_FALLBACK_NAME = 'resume.pdf';

export type ApplicationRow = Awaited<ReturnType<typeof applicationRows>>[number];

export function applicationRows(db: Db | Tx, where: SQL | undefined) {
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

export function toApplication(r: ApplicationRow, viewer: Actor): Application {
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

export async function selectApplications(db: Db | Tx, viewer: Actor, where: SQL | undefined) {
  return (await applicationRows(db, where)).map((r) => toApplication(r, viewer));
}

export async function historyOf(db: Db, ids: string[]): Promise<Map<string, StageEvent[]>> {
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
export async function candidateApplications(
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

/** Who may work on an application: its job's owner or an admin. */
export async function loadManageableApplication(db: Db, actor: Actor, id: string) {
  if (actor.role === 'candidate') throw forbidden();
  const [row] = await applicationRows(db, eq(jobApplication.id, id));
  if (!row) throw notFound(JOB_TEXTS.applicationNotFound);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}
