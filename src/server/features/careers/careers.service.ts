import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toIsoDate } from '../../../domain/assessments';
import {
  CAREERS_TEXTS,
  careerJobPath,
  type PublicJob,
  type PublicJobCard,
  type PublicJobPage,
} from '../../../domain/careers';
import type { browseQuerySchema, Job, JobCard } from '../../../domain/jobs';
import type { Db } from '../../db/client';
import { department, job } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { browseOpenJobs, readPublicJob } from '../jobs/jobs.service';

export interface CareersDeps {
  db: Db;
}

/** The public fields of a job: no recruiter, nothing of the pipeline. */
function toPublic(j: Job): PublicJob {
  return {
    id: j.id,
    path: careerJobPath(j),
    title: j.title,
    companyName: j.companyName,
    department: j.department,
    locations: j.locations,
    country: j.country,
    workplaceType: j.workplaceType,
    jobType: j.jobType,
    experience: j.experience,
    salaryMin: j.salaryMin,
    salaryMax: j.salaryMax,
    currency: j.currency,
    description: j.description,
    openings: j.openings,
    closingDate: j.closingDate,
    publishedAt: j.publishedAt,
    updatedAt: j.updatedAt,
  };
}

function toPublicCard(card: JobCard): PublicJobCard {
  const { description: _none, ...rest } = toPublic({ ...card, description: '' });
  return { ...rest, excerpt: card.excerpt };
}

/** /careers: Browse Jobs' search and filters, for anyone. */
export async function listCareerJobs(
  { db }: CareersDeps,
  query: z.output<typeof browseQuerySchema>,
): Promise<PublicJobPage> {
  const page = await browseOpenJobs(db, null, query);
  return { items: page.items.map(toPublicCard), nextCursor: page.nextCursor };
}

/**
 * One open job for anyone. Drafts, archived jobs and unknown ids are "not found"; a closed one
 * (or one past its closing day) says it is no longer open — all answer 404.
 */
export async function getCareerJob({ db }: CareersDeps, id: string): Promise<PublicJob> {
  const found = await readPublicJob(db, id);
  if (!found || found.job.status === 'draft' || found.job.status === 'archived') {
    throw notFound(CAREERS_TEXTS.notFound);
  }
  if (!found.open) throw new AppError(404, CAREERS_TEXTS.noLongerOpen, undefined, { closed: true });
  return toPublic(found.job);
}

const openNow = () =>
  and(
    eq(job.status, 'published'),
    or(isNull(job.closingDate), sql`${job.closingDate} >= ${toIsoDate(new Date())}`),
  );

/** The departments that have open jobs (the careers site's department filter). */
export async function careerDepartments({ db }: CareersDeps): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: department.name })
    .from(job)
    .innerJoin(department, eq(department.id, job.departmentId))
    .where(openNow())
    .orderBy(asc(department.name));
  return rows.map((r) => r.name);
}

/** A sitemap holds at most 50,000 addresses. */
const SITEMAP_MAX = 50_000;

/** Every open job's page and when it last changed (sitemap.xml). */
export async function sitemapJobs({ db }: CareersDeps) {
  const rows = await db
    .select({ id: job.id, title: job.title, updatedAt: job.updatedAt })
    .from(job)
    .where(openNow())
    .orderBy(desc(job.publishedAt), desc(job.id))
    .limit(SITEMAP_MAX - 1);
  return rows.map((r) => ({ path: careerJobPath(r), updatedAt: r.updatedAt.toISOString() }));
}
