import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type browseQuerySchema,
  type CandidateApplication,
  decodeJobCursor,
  encodeJobCursor,
  excerptOf,
  JOB_PAGE_SIZE,
  JOB_TEXTS,
  type JobDetail,
  type JobPage,
} from '../../../domain/jobs';
import type { Db } from '../../db/client';
import { department, job, jobApplication, profile } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { JobsDeps } from './jobs-deps';
import {
  candidateApplications,
  companyName,
  isOpen,
  type JobRow,
  recruiter,
  selectJobs,
  today,
  toJob,
} from './read-models';

// The candidate's Browse Jobs and the public careers view of open jobs.

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
export const PUBLIC_VIEWER = { role: 'candidate' } as const;

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

/** Every column, but only the start of the description (for the excerpt); the bench's bare route selects the same. */
export const jobCardColumns = {
  id: job.id,
  recruiterId: job.recruiterId,
  title: job.title,
  departmentId: job.departmentId,
  locations: job.locations,
  country: job.country,
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
