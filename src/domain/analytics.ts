import { z } from 'zod';
import { calendarDateSchema, idSchema, isCalendarDate } from './inputs';
import { PIPELINE_STAGES, STAGE_LABELS, STAGES, type Stage } from './jobs';

// --- constants and texts ------------------------------------------------------------

/** Without dates, the analytics cover the 90 days ending today (UTC calendar days). */
export const DEFAULT_RANGE_DAYS = 90;
/** At most two years at once: the daily series stays small and the queries bounded. */
export const MAX_RANGE_DAYS = 731;
/** Up to this many days the series is per day; longer ranges are per week (weeks start Monday). */
export const DAILY_UP_TO_DAYS = 31;

export const INTERVALS = ['day', 'week'] as const;
export type Interval = (typeof INTERVALS)[number];

/** Scores are whole numbers 0–100: ten buckets, the last one holds 90–100. */
export const SCORE_BUCKETS = Array.from({ length: 10 }, (_, i) => ({
  min: i * 10,
  max: i === 9 ? 100 : i * 10 + 9,
  label: i === 9 ? '90–100' : `${i * 10}–${i * 10 + 9}`,
}));

export const ANALYTICS_TEXTS = {
  title: 'Analytics',
  loading: 'Loading analytics...',
  failed: 'Could not load the analytics',
  realDate: 'Enter a real date (YYYY-MM-DD)',
  fromAfterTo: 'The start date must not be after the end date',
  rangeTooLong: `Choose at most ${MAX_RANGE_DAYS} days at once`,
  recruiterFilterAdminOnly: 'Only admins can look at another recruiter’s figures',
  recruiterNotFound: 'Recruiter not found',
  jobNotFound: 'Job not found',
  candidatesRefused: 'Analytics are for recruiters and admins',
  noApplications: 'No applications in this range.',
  noApplicationsHint: 'Widen the dates, or choose another job or recruiter.',
  noStageTimes:
    'No application has moved on from a stage yet in this range, so there is no time in stage to show.',
  noHires: 'No hires in this range yet: time to hire appears with the first hire.',
  noAssessments: 'No assessments were assigned in this range.',
  noScores: 'No assessment has been scored in this range yet.',
  noReviews: 'No submitted assessment has been scored yet, so there is no turnaround to show.',
} as const;

// --- the query ------------------------------------------------------------------------

const dateParam = calendarDateSchema(ANALYTICS_TEXTS.realDate);

/** Whole days from one calendar date to another (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A calendar date `days` after (or before, negative) another. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/analytics: the date range (calendar days, inclusive, UTC), a job, a recruiter
 * (admins only) and the series interval. Everything is optional.
 */
export const analyticsQuerySchema = z
  .object({
    from: dateParam.optional(),
    to: dateParam.optional(),
    jobId: idSchema.optional(),
    recruiterId: idSchema.optional(),
    interval: z.enum(INTERVALS, { error: 'Choose day or week' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && isCalendarDate(q.from) && isCalendarDate(q.to)) {
      if (q.from > q.to) {
        ctx.addIssue({ code: 'custom', path: ['from'], message: ANALYTICS_TEXTS.fromAfterTo });
      } else if (daysBetween(q.from, q.to) + 1 > MAX_RANGE_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: ANALYTICS_TEXTS.rangeTooLong });
      }
    }
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

/**
 * The range a query means: the end date or today, the start date or the 90 days up to the
 * end, and the series interval (per day up to a month, per week beyond). Null with the
 * reason when the resolved range is backwards or too long.
 */
export function resolveRange(
  q: { from?: string; to?: string; interval?: Interval },
  today: string,
):
  | { ok: true; from: string; to: string; interval: Interval }
  | { ok: false; path: 'from' | 'to'; message: string } {
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) return { ok: false, path: 'from', message: ANALYTICS_TEXTS.fromAfterTo };
  const days = daysBetween(from, to) + 1;
  if (days > MAX_RANGE_DAYS)
    return { ok: false, path: 'to', message: ANALYTICS_TEXTS.rangeTooLong };
  const interval = q.interval ?? (days <= DAILY_UP_TO_DAYS ? 'day' : 'week');
  return { ok: true, from, to, interval };
}

// --- the answer --------------------------------------------------------------------------

export const funnelStepSchema = z.object({
  stage: z.enum(STAGES),
  /** Applications that got at least this far (for Rejected and Withdrawn: that ended there). */
  reached: z.number().int(),
  /** Applications in this stage now. */
  current: z.number().int(),
  /** Share of those that reached this stage which reached the next one (null: none reached it, or last). */
  passRate: z.number().nullable(),
});
export type FunnelStep = z.infer<typeof funnelStepSchema>;

export const stageTimeSchema = z.object({
  stage: z.enum(PIPELINE_STAGES),
  /** Median days an application stayed in this stage before its next move. */
  medianDays: z.number().nullable(),
  /** How many stays (moves out of the stage) the median is made of. */
  moves: z.number().int(),
});
export type StageTime = z.infer<typeof stageTimeSchema>;

export const seriesPointSchema = z.object({
  /** The day, or the Monday of the week, as YYYY-MM-DD. */
  period: z.string(),
  applications: z.number().int(),
});
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

export const scoreBucketSchema = z.object({
  label: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  count: z.number().int(),
});
export type ScoreBucket = z.infer<typeof scoreBucketSchema>;

export const analyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), interval: z.enum(INTERVALS) }),
  /** The filters the figures were computed with (a recruiter always sees their own id). */
  scope: z.object({ jobId: z.string().nullable(), recruiterId: z.string().nullable() }),
  totals: z.object({
    applications: z.number().int(),
    hired: z.number().int(),
    /** Jobs in scope (whatever their dates) that are published now. */
    openJobs: z.number().int(),
  }),
  funnel: z.array(funnelStepSchema),
  timeToHire: z.object({ medianDays: z.number().nullable(), hires: z.number().int() }),
  timeInStage: z.array(stageTimeSchema),
  applicationsOverTime: z.array(seriesPointSchema),
  assessments: z.object({
    assigned: z.number().int(),
    submitted: z.number().int(),
    scored: z.number().int(),
    /** submitted / assigned, 0–1; null when none was assigned. */
    completionRate: z.number().nullable(),
    /** Median hours from submission to score. */
    reviewTurnaroundHours: z.number().nullable(),
  }),
  scoreDistribution: z.array(scoreBucketSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/** What the filters offer: the jobs in the viewer's reach, and (admins) the recruiters. */
export const analyticsOptionsSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      recruiterId: z.string(),
      status: z.string(),
    }),
  ),
  recruiters: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AnalyticsOptions = z.infer<typeof analyticsOptionsSchema>;

// --- pure rules --------------------------------------------------------------------------

/**
 * The funnel from two counts per stage: how far each application ever got in the pipeline
 * (its furthest stage) and where it is now. Reaching Interview counts as having passed
 * Screening even when the recruiter skipped it.
 */
export function buildFunnel(
  furthest: Partial<Record<Stage, number>>,
  current: Partial<Record<Stage, number>>,
): FunnelStep[] {
  const reached = PIPELINE_STAGES.map((_, i) =>
    PIPELINE_STAGES.slice(i).reduce((sum, s) => sum + (furthest[s] ?? 0), 0),
  );
  const steps: FunnelStep[] = PIPELINE_STAGES.map((stage, i) => {
    const here = reached[i]!;
    const next = reached[i + 1];
    return {
      stage,
      reached: here,
      current: current[stage] ?? 0,
      passRate: next === undefined || here === 0 ? null : next / here,
    };
  });
  for (const stage of ['rejected', 'withdrawn'] as const) {
    steps.push({
      stage,
      reached: current[stage] ?? 0,
      current: current[stage] ?? 0,
      passRate: null,
    });
  }
  return steps;
}

/** '42%' / '—' */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** '3.5 days' / '1 day' / '—' */
export function formatDays(days: number | null): string {
  if (days === null) return '—';
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

/** '5 hours' / '2.5 days' for longer turnarounds / '—' */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours >= 48) return formatDays(hours / 24);
  const rounded = Math.round(hours * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
}

export const stageLabel = (stage: Stage) => STAGE_LABELS[stage];
