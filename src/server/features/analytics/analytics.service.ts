import {
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANALYTICS_TEXTS,
  type Analytics,
  type AnalyticsOptions,
  addDays,
  type analyticsQuerySchema,
  buildFunnel,
  type Interval,
  resolveRange,
  SCORE_BUCKETS,
  type SeriesPoint,
} from '../../../domain/analytics';
import { PIPELINE_STAGES, type Stage } from '../../../domain/jobs';
import type { Db } from '../../db/client';
import { applicationEvent, assessment, job, jobApplication, user } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';

export interface AnalyticsDeps {
  db: Db;
}

type Query = z.output<typeof analyticsQuerySchema>;

/** Today as a UTC calendar day: the analytics count days in UTC. */
const utcToday = () => new Date().toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** A pipeline stage's position (applied 0 … hired 5); null for Rejected and Withdrawn. */
const stageIndex = (column: SQL | typeof applicationEvent.toStage) =>
  sql`case ${column} ${sql.join(
    PIPELINE_STAGES.map((s, i) => sql`when ${s} then ${sql.raw(String(i))}`),
    sql` `,
  )} end`;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

interface Scope {
  recruiterId: string | null;
  jobId: string | null;
  from: string;
  to: string;
  interval: Interval;
}

/**
 * Who sees what: admins everything (a recruiter or job filter narrows it); a recruiter only
 * their own jobs, whatever the query asks; candidates nothing. Another recruiter's filter or
 * job is refused before any figure is computed.
 */
async function scopeFor(db: Db, actor: Actor, query: Query): Promise<Scope> {
  if (actor.role === 'candidate') throw forbidden(ANALYTICS_TEXTS.candidatesRefused);
  let recruiterId = query.recruiterId ?? null;
  if (actor.role === 'recruiter') {
    if (recruiterId !== null && recruiterId !== actor.id) {
      throw forbidden(ANALYTICS_TEXTS.recruiterFilterAdminOnly);
    }
    recruiterId = actor.id;
  } else if (recruiterId !== null) {
    const [found] = await db
      .select({ id: user.id })
      .from(user)
      .where(
        and(
          eq(user.id, recruiterId),
          or(
            eq(user.role, 'recruiter'),
            sql`exists (select 1 from ${job} where ${job.recruiterId} = ${user.id})`,
          ),
        ),
      );
    if (!found) throw notFound(ANALYTICS_TEXTS.recruiterNotFound);
  }
  const jobId = query.jobId ?? null;
  if (jobId !== null) {
    const [row] = await db
      .select({ recruiterId: job.recruiterId })
      .from(job)
      .where(eq(job.id, jobId));
    // Another recruiter's job answers as if it did not exist: nothing about it leaks.
    if (!row || (actor.role === 'recruiter' && row.recruiterId !== actor.id)) {
      throw notFound(ANALYTICS_TEXTS.jobNotFound);
    }
  }
  const range = resolveRange(query, utcToday());
  if (!range.ok) {
    throw new AppError(400, `${range.path}: ${range.message}`, [
      { path: [range.path], message: range.message },
    ]);
  }
  return { recruiterId, jobId, from: range.from, to: range.to, interval: range.interval };
}

/** Applications of the jobs in scope made within the range (the cohort every figure follows). */
function applicationScope(s: Scope): SQL {
  return and(
    gte(jobApplication.createdAt, startOf(s.from)),
    lt(jobApplication.createdAt, startOf(addDays(s.to, 1))),
    s.recruiterId ? eq(job.recruiterId, s.recruiterId) : undefined,
    s.jobId ? eq(job.id, s.jobId) : undefined,
  )!;
}

/** Assessments assigned in the range by the recruiter in scope; with a job, its pipeline's. */
function assessmentScope(s: Scope): SQL {
  return and(
    gte(assessment.createdAt, startOf(s.from)),
    lt(assessment.createdAt, startOf(addDays(s.to, 1))),
    s.recruiterId ? eq(assessment.recruiterId, s.recruiterId) : undefined,
    s.jobId
      ? sql`${assessment.id} in (select ${jobApplication.assessmentId} from ${jobApplication} where ${jobApplication.jobId} = ${s.jobId} and ${jobApplication.assessmentId} is not null)`
      : undefined,
  )!;
}

/** Every period of the range, zero where nothing happened. */
export function fillSeries(
  from: string,
  to: string,
  interval: Interval,
  counts: Map<string, number>,
): SeriesPoint[] {
  let period = from;
  if (interval === 'week') {
    // Back to the Monday of the first week, as date_trunc('week') does.
    const weekday = (new Date(`${from}T00:00:00Z`).getUTCDay() + 6) % 7;
    period = addDays(from, -weekday);
  }
  const step = interval === 'week' ? 7 : 1;
  const points: SeriesPoint[] = [];
  for (; period <= to; period = addDays(period, step)) {
    points.push({ period, applications: counts.get(period) ?? 0 });
  }
  return points;
}

/** Funnel, stage times, time to hire, the series and the assessment figures, in SQL aggregates. */
export async function getAnalytics(
  { db }: AnalyticsDeps,
  actor: Actor,
  query: Query,
): Promise<Analytics> {
  const s = await scopeFor(db, actor, query);
  const apps = applicationScope(s);
  const e = applicationEvent;

  // How far each application got (its furthest pipeline stage, from the history and now).
  const furthestPerApp = db
    .select({
      idx: sql<number>`coalesce(greatest(max(${stageIndex(e.toStage)}), max(${stageIndex(sql`${jobApplication.stage}`)})), 0)`.as(
        'idx',
      ),
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .leftJoin(e, eq(e.applicationId, jobApplication.id))
    .where(apps)
    .groupBy(jobApplication.id)
    .as('furthest');

  // Each stay in a stage: from the move into it to the next move (stays not over yet are left out).
  const stays = db
    .select({
      stage: sql<Stage>`${e.toStage}`.as('stage'),
      seconds:
        sql<number>`extract(epoch from (lead(${e.createdAt}) over (partition by ${e.applicationId} order by ${e.createdAt}, ${e.id}) - ${e.createdAt}))`.as(
          'seconds',
        ),
    })
    .from(e)
    .innerJoin(jobApplication, eq(jobApplication.id, e.applicationId))
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .where(apps)
    .as('stays');

  // Days from applying to the first move to Hired.
  const hires = db
    .select({
      days: sql<number>`extract(epoch from (min(${e.createdAt}) - ${jobApplication.createdAt})) / 86400`.as(
        'days',
      ),
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .innerJoin(e, and(eq(e.applicationId, jobApplication.id), eq(e.toStage, 'hired')))
    .where(apps)
    .groupBy(jobApplication.id, jobApplication.createdAt)
    .as('hires');

  // A literal, not a parameter: GROUP BY must see the same expression as the select list.
  const unit = sql.raw(s.interval === 'week' ? "'week'" : "'day'");
  const period = sql<string>`to_char(date_trunc(${unit}, ${jobApplication.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const assessed = assessmentScope(s);
  const turnaround = sql`extract(epoch from (${assessment.reviewedAt} - ${assessment.completedDate})) / 3600`;
  const bucket = sql<number>`least(${assessment.score} / 10, 9)`;

  const n = () => count().as('n');
  const queries = {
    current: db
      .select({ stage: jobApplication.stage, n: n() })
      .from(jobApplication)
      .innerJoin(job, eq(job.id, jobApplication.jobId))
      .where(apps)
      .groupBy(jobApplication.stage),
    furthest: db
      .select({ idx: furthestPerApp.idx, n: n() })
      .from(furthestPerApp)
      .groupBy(furthestPerApp.idx),
    stageTimes: db
      .select({
        stage: stays.stage,
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${stays.seconds})`.as('median'),
        n: n(),
      })
      .from(stays)
      .where(and(isNotNull(stays.seconds), inArray(stays.stage, [...PIPELINE_STAGES])))
      .groupBy(stays.stage),
    hireFigures: db
      .select({
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${hires.days})`.as(
          'median',
        ),
        n: n(),
      })
      .from(hires),
    series: db
      .select({ period: sql<string>`${period}`.as('period'), n: n() })
      .from(jobApplication)
      .innerJoin(job, eq(job.id, jobApplication.jobId))
      .where(apps)
      .groupBy(period)
      .orderBy(asc(period)),
    assessmentFigures: db
      .select({
        assigned: count().as('assigned'),
        submitted: count(assessment.completedDate).as('submitted'),
        scored:
          sql<number>`count(*) filter (where ${assessment.score} is not null and ${assessment.completedDate} is not null)`.as(
            'scored',
          ),
        turnaround: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${turnaround}) filter (where ${assessment.reviewedAt} is not null and ${assessment.completedDate} is not null and ${assessment.score} is not null)`.as(
          'turnaround',
        ),
      })
      .from(assessment)
      .where(assessed),
    buckets: db
      .select({ bucket: sql<number>`${bucket}`.as('bucket'), n: n() })
      .from(assessment)
      .where(and(assessed, isNotNull(assessment.score), isNotNull(assessment.completedDate)))
      .groupBy(bucket),
    jobs: db
      .select({ open: sql<number>`count(*) filter (where ${job.status} = 'published')`.as('open') })
      .from(job)
      .where(
        and(
          s.recruiterId ? eq(job.recruiterId, s.recruiterId) : undefined,
          s.jobId ? eq(job.id, s.jobId) : undefined,
        ),
      ),
  };
  // The page's eight figures in one statement: each query's rows as a JSON array.
  const rowsOf = <Q extends { _: { result: unknown[] } }>(q: Q & SQLWrapper) =>
    sql<Q['_']['result']>`(select coalesce(json_agg(r), '[]') from (${q}) r)`;
  const [figures] = await db
    .select({
      current: rowsOf(queries.current),
      furthest: rowsOf(queries.furthest),
      stageTimes: rowsOf(queries.stageTimes),
      hireFigures: rowsOf(queries.hireFigures),
      series: rowsOf(queries.series),
      assessmentFigures: rowsOf(queries.assessmentFigures),
      buckets: rowsOf(queries.buckets),
      jobs: rowsOf(queries.jobs),
    })
    .from(sql`(select 1) as one`);
  if (!figures) throw new Error('analytics answered no row');
  const { current, furthest, stageTimes, series, buckets } = figures;
  const [hireFigures] = figures.hireFigures;
  const [assessmentFigures] = figures.assessmentFigures;
  const [jobs] = figures.jobs;

  const currentByStage: Partial<Record<Stage, number>> = {};
  for (const r of current) currentByStage[r.stage] = Number(r.n);
  const furthestByStage: Partial<Record<Stage, number>> = {};
  for (const r of furthest) {
    const stage = PIPELINE_STAGES[Number(r.idx)];
    if (stage) furthestByStage[stage] = (furthestByStage[stage] ?? 0) + Number(r.n);
  }
  const times = new Map(stageTimes.map((r) => [r.stage, r]));
  const bucketCounts = new Map(buckets.map((b) => [Number(b.bucket), Number(b.n)]));
  const assigned = Number(assessmentFigures?.assigned ?? 0);
  const submitted = Number(assessmentFigures?.submitted ?? 0);
  const applications = current.reduce((sum, r) => sum + Number(r.n), 0);
  const median = num(hireFigures?.median);

  return {
    range: { from: s.from, to: s.to, interval: s.interval },
    scope: { jobId: s.jobId, recruiterId: s.recruiterId },
    totals: {
      applications,
      hired: currentByStage.hired ?? 0,
      openJobs: Number(jobs?.open ?? 0),
    },
    funnel: buildFunnel(furthestByStage, currentByStage),
    timeToHire: { medianDays: median, hires: Number(hireFigures?.n ?? 0) },
    timeInStage: PIPELINE_STAGES.filter((st) => st !== 'hired').map((stage) => {
      const row = times.get(stage);
      return {
        stage,
        medianDays: row ? num(row.median)! / 86400 : null,
        moves: row ? Number(row.n) : 0,
      };
    }),
    applicationsOverTime: fillSeries(
      s.from,
      s.to,
      s.interval,
      new Map(series.map((r) => [r.period, Number(r.n)])),
    ),
    assessments: {
      assigned,
      submitted,
      scored: Number(assessmentFigures?.scored ?? 0),
      completionRate: assigned === 0 ? null : submitted / assigned,
      reviewTurnaroundHours: num(assessmentFigures?.turnaround),
    },
    scoreDistribution: SCORE_BUCKETS.map((b, i) => ({ ...b, count: bucketCounts.get(i) ?? 0 })),
  };
}

/** The filters' choices: the jobs in reach (a recruiter's own) and, for admins, the recruiters. */
export async function getAnalyticsOptions(
  { db }: AnalyticsDeps,
  actor: Actor,
): Promise<AnalyticsOptions> {
  if (actor.role === 'candidate') throw forbidden(ANALYTICS_TEXTS.candidatesRefused);
  const jobs = await db
    .select({ id: job.id, title: job.title, recruiterId: job.recruiterId, status: job.status })
    .from(job)
    .where(actor.role === 'recruiter' ? eq(job.recruiterId, actor.id) : undefined)
    .orderBy(asc(job.title), asc(job.id));
  const recruiters =
    actor.role === 'admin'
      ? await db
          .select({ id: user.id, name: user.name })
          .from(user)
          .where(
            or(
              eq(user.role, 'recruiter'),
              sql`exists (select 1 from ${job} where ${job.recruiterId} = ${user.id})`,
            ),
          )
          .orderBy(asc(user.name), asc(user.id))
      : [];
  return { jobs, recruiters };
}
