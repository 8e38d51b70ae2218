import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, EXPERIENCE_OPTIONS, JOB_TYPES } from './constants';
import { countrySchema } from './countries';
import { MAX_DEPARTMENT_NAME } from './departments';

// --- constants ------------------------------------------------------------------

export const WORKPLACE_TYPES = ['on-site', 'hybrid', 'remote'] as const;
export type WorkplaceType = (typeof WORKPLACE_TYPES)[number];
export const WORKPLACE_LABELS: Record<WorkplaceType, string> = {
  'on-site': 'On-site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};

export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  internship: 'Internship',
};
export type Experience = (typeof EXPERIENCE_OPTIONS)[number];
export type Currency = (typeof CURRENCIES)[number];

export const JOB_STATUSES = ['draft', 'published', 'closed', 'archived'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  closed: 'Closed',
  archived: 'Archived',
};
export const JOB_STATUS_COLORS: Record<JobStatus, string> = {
  draft: 'gray',
  published: 'green',
  closed: 'orange',
  archived: 'dark',
};

/** The pipeline, in order, then the two ways out of it. */
export const PIPELINE_STAGES = [
  'applied',
  'screening',
  'assessment',
  'interview',
  'offer',
  'hired',
] as const;
export const STAGES = [...PIPELINE_STAGES, 'rejected', 'withdrawn'] as const;
export type Stage = (typeof STAGES)[number];
/** Stages a recruiter may move an application to (withdrawing is the candidate's). */
export const MOVE_TARGETS = [...PIPELINE_STAGES, 'rejected'] as const;
export type MoveTarget = (typeof MOVE_TARGETS)[number];

export const STAGE_LABELS: Record<Stage, string> = {
  applied: 'Applied',
  screening: 'Screening',
  assessment: 'Assessment',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
/** What the candidate sees for each stage. */
export const CANDIDATE_STAGE_LABELS: Record<Stage, string> = {
  applied: 'Submitted',
  screening: 'In review',
  assessment: 'Assessment',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};
export const STAGE_COLORS: Record<Stage, string> = {
  applied: 'blue',
  screening: 'cyan',
  assessment: 'violet',
  interview: 'indigo',
  offer: 'teal',
  hired: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};

export const POSTED_WITHIN = ['1', '7', '30'] as const;
export const POSTED_WITHIN_LABELS: Record<(typeof POSTED_WITHIN)[number], string> = {
  '1': 'Past 24 hours',
  '7': 'Past week',
  '30': 'Past month',
};

export const MAX_SALARY = 10_000_000;
export const MAX_OPENINGS = 1000;
export const MAX_LOCATIONS = 10;
export const MAX_DESCRIPTION = 20_000;
export const MAX_COVER_LETTER = 5000;
export const MAX_NOTE = 2000;
export const MAX_REASON = 500;
/** Résumés: PDF only (checked from the bytes), at most 5 MB. */
export const MAX_RESUME_BYTES = 5 * 1024 * 1024;
export const JOB_PAGE_SIZE = 20;
export const MAX_BULK_MOVE = 100;

export const JOB_TEXTS = {
  jobNotFound: 'Job not found',
  applicationNotFound: 'Application not found',
  notYourJob: 'This job belongs to another recruiter',
  notOpen: 'This job is not open for applications',
  alreadyApplied: 'You have already applied to this job',
  salaryOrder: 'The maximum salary must not be below the minimum',
  closingInPast: 'The closing date must not be in the past',
  realDate: 'Enter a real date (YYYY-MM-DD)',
  noNul: 'Text must not contain NUL characters',
  resumePdf: 'The résumé must be a PDF file',
  resumeTooLarge: 'The résumé is larger than 5 MB',
  reasonRequired: 'Please give a reason for the rejection',
  withdrawn: 'This application was withdrawn and can no longer be moved',
  cannotWithdraw: 'This application can no longer be withdrawn',
  templateRequired: 'Choose an assessment template',
  archivedReadOnly: 'An archived job can no longer be edited',
  noApplications: 'No applications yet.',
  noJobs: 'No jobs match your search.',
  noListings: "You haven't posted any jobs yet.",
  noMyApplications: "You haven't applied to any jobs yet.",
  loadingJobs: 'Loading jobs...',
  loadingApplications: 'Loading applications...',
  loadingJob: 'Loading job...',
} as const;

// --- helpers for inputs ---------------------------------------------------------------

/** A trimmed string of at most `max` characters without NUL. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max * 2, `At most ${max} characters`)
    .refine((s) => !s.includes('\u0000'), JOB_TEXTS.noNul)
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `At most ${max} characters`));

const requiredText = (message: string, max: number) =>
  safeText(max).pipe(z.string().min(1, message));

/** A YYYY-MM-DD that is a real calendar day (2030-02-30 is refused). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
export const isoDateSchema = z
  .string()
  .max(10, JOB_TEXTS.realDate)
  .refine(isRealDate, JOB_TEXTS.realDate);

/** An id as the server makes them (uuid or prefix_timestamp_hex). */
export const idSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id');

// --- job input --------------------------------------------------------------------

const money = z
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'The salary must not be negative')
  .max(MAX_SALARY, `At most ${MAX_SALARY.toLocaleString('en-US')}`)
  .nullable();

export const jobFieldsSchema = z.object({
  title: requiredText('Please enter a job title', 150),
  /** A department's name (any case): an active one, or the one the job already has. */
  department: z
    .string({ error: 'Choose a department' })
    .pipe(requiredText('Choose a department', MAX_DEPARTMENT_NAME)),
  locations: z
    .array(requiredText('A location cannot be empty', 100), {
      error: 'Add at least one location',
    })
    .min(1, 'Add at least one location')
    .max(MAX_LOCATIONS, `At most ${MAX_LOCATIONS} locations`),
  /** ISO 3166-1 alpha-2 of the locations (JobPosting's addressCountry); the form asks for it. */
  country: countrySchema.nullable().default(null),
  workplaceType: z.enum(WORKPLACE_TYPES, { error: 'Choose a workplace type' }),
  jobType: z.enum(JOB_TYPES, { error: 'Choose a job type' }),
  experience: z.enum(EXPERIENCE_OPTIONS, { error: 'Choose an experience band' }),
  salaryMin: money.default(null),
  salaryMax: money.default(null),
  currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  showSalary: z.boolean().default(true),
  description: requiredText('Please enter a description', MAX_DESCRIPTION),
  openings: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'At least one opening')
    .max(MAX_OPENINGS, `At most ${MAX_OPENINGS} openings`)
    .default(1),
  closingDate: isoDateSchema.nullable().default(null),
});

const salaryRule = <T extends { salaryMin: number | null; salaryMax: number | null }>(
  input: T,
  ctx: z.RefinementCtx,
) => {
  if (input.salaryMin !== null && input.salaryMax !== null && input.salaryMax < input.salaryMin) {
    ctx.addIssue({ code: 'custom', path: ['salaryMax'], message: JOB_TEXTS.salaryOrder });
  }
};

/** Edit form of a job. */
export const jobInputSchema = jobFieldsSchema.superRefine(salaryRule);
export type JobInput = z.input<typeof jobInputSchema>;

/** Post Job: the fields plus whether it goes out now or stays a draft. */
export const newJobSchema = jobFieldsSchema
  .extend({ status: z.enum(['draft', 'published']).default('draft') })
  .superRefine(salaryRule);
export type NewJobInput = z.input<typeof newJobSchema>;

export const JOB_ACTIONS = ['publish', 'close', 'reopen', 'archive', 'unpublish'] as const;
export type JobAction = (typeof JOB_ACTIONS)[number];
export const jobActionSchema = z.object({ action: z.enum(JOB_ACTIONS) });

/** Which status an action leads to from which; anything else is refused. */
export const JOB_TRANSITIONS: Record<JobAction, { from: readonly JobStatus[]; to: JobStatus }> = {
  publish: { from: ['draft'], to: 'published' },
  close: { from: ['published'], to: 'closed' },
  reopen: { from: ['closed'], to: 'published' },
  archive: { from: ['draft', 'published', 'closed'], to: 'archived' },
  unpublish: { from: ['published'], to: 'draft' },
};
export const JOB_ACTION_LABELS: Record<JobAction, string> = {
  publish: 'Publish',
  close: 'Close',
  reopen: 'Reopen',
  archive: 'Archive',
  unpublish: 'Unpublish',
};

export function nextStatus(status: JobStatus, action: JobAction): JobStatus | null {
  const t = JOB_TRANSITIONS[action];
  return t.from.includes(status) ? t.to : null;
}

export const reassignSchema = z.object({ recruiterId: idSchema });

// --- browse --------------------------------------------------------------------------

export const browseQuerySchema = z.object({
  q: safeText(100).optional(),
  /** A department's name, any case. */
  department: safeText(MAX_DEPARTMENT_NAME).optional(),
  location: safeText(100).optional(),
  workplaceType: z.enum(WORKPLACE_TYPES).optional(),
  jobType: z.enum(JOB_TYPES).optional(),
  experience: z.enum(EXPERIENCE_OPTIONS).optional(),
  /** Jobs that pay at least this much (their shown maximum, or minimum without one). */
  salaryMin: z.coerce.number().int().min(0).max(MAX_SALARY).optional(),
  currency: z.enum(CURRENCIES).optional(),
  posted: z.enum(POSTED_WITHIN).optional(),
  cursor: z.string().max(200).optional(),
});
export type BrowseQuery = z.input<typeof browseQuerySchema>;

/** Browse paging cursor: the last job's publish time and id. */
export function encodeJobCursor(publishedAt: string, id: string): string {
  return `${publishedAt}|${id}`;
}
export function decodeJobCursor(cursor: string): { publishedAt: string; id: string } | null {
  const at = cursor.indexOf('|');
  if (at < 0) return null;
  const publishedAt = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  if (Number.isNaN(Date.parse(publishedAt)) || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(publishedAt)) return null;
  return { publishedAt, id };
}

// --- applications --------------------------------------------------------------------

export const applyInputSchema = z.object({
  coverLetter: requiredText('Please write a cover letter', MAX_COVER_LETTER),
});
export type ApplyInput = z.input<typeof applyInputSchema>;

export const assignForMoveSchema = z.object({
  templateId: idSchema,
  dueDate: isoDateSchema,
  message: safeText(2000).default(''),
});

export const moveInputSchema = z
  .object({
    applicationIds: z
      .array(idSchema)
      .min(1, 'Choose at least one application')
      .max(MAX_BULK_MOVE, `At most ${MAX_BULK_MOVE} applications at once`),
    stage: z.enum(MOVE_TARGETS, { error: 'Choose a stage' }),
    reason: safeText(MAX_REASON).optional(),
    assessment: assignForMoveSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.stage === 'rejected' && !input.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: JOB_TEXTS.reasonRequired });
    }
    if (input.stage === 'assessment' && !input.assessment) {
      ctx.addIssue({ code: 'custom', path: ['assessment'], message: JOB_TEXTS.templateRequired });
    }
  });
export type MoveInput = z.input<typeof moveInputSchema>;

export const noteInputSchema = z.object({
  body: requiredText('Please write a note', MAX_NOTE),
});

/** The candidate may withdraw while the application is still under way. */
export const mayWithdraw = (stage: Stage) =>
  stage !== 'hired' && stage !== 'rejected' && stage !== 'withdrawn';

/** A closing date before today (the caller's calendar) has passed. */
export const closingDatePassed = (closingDate: string | null, today: string) =>
  closingDate !== null && closingDate < today;

// --- answers ---------------------------------------------------------------------------

export const stageCountsSchema = z.record(z.enum(STAGES), z.number().int());
export type StageCounts = z.infer<typeof stageCountsSchema>;

export const jobSchema = z.object({
  id: z.string(),
  recruiterId: z.string(),
  recruiterName: z.string(),
  companyName: z.string(),
  title: z.string(),
  department: z.string(),
  departmentId: z.string(),
  locations: z.array(z.string()),
  /** ISO 3166-1 alpha-2; null (or absent, from a server before it was asked) when not given. */
  country: z.string().nullable().default(null),
  workplaceType: z.enum(WORKPLACE_TYPES),
  jobType: z.enum(JOB_TYPES),
  experience: z.enum(EXPERIENCE_OPTIONS),
  /** Null for candidates when the recruiter hides the salary. */
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  showSalary: z.boolean(),
  description: z.string(),
  openings: z.number().int(),
  closingDate: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

/** A listing row (My Listings, Manage Jobs): the job with its pipeline counts. */
export const managedJobSchema = jobSchema.extend({
  counts: stageCountsSchema,
  total: z.number().int(),
  newApplications: z.number().int(),
});
export type ManagedJob = z.infer<typeof managedJobSchema>;

/** Browse: the job as candidates see it, whether they applied, the description cut short. */
export const jobCardSchema = jobSchema.omit({ description: true }).extend({
  excerpt: z.string(),
  applied: z.boolean(),
});
export type JobCard = z.infer<typeof jobCardSchema>;

export const jobPageSchema = z.object({
  items: z.array(jobCardSchema),
  nextCursor: z.string().nullable(),
});
export type JobPage = z.infer<typeof jobPageSchema>;

export const stageEventSchema = z.object({
  id: z.string(),
  fromStage: z.enum(STAGES).nullable(),
  toStage: z.enum(STAGES),
  actorId: z.string().nullable(),
  actorName: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type StageEvent = z.infer<typeof stageEventSchema>;

export const linkedAssessmentSchema = z.object({
  /** Null while blind review hides it from the recruiter (identityHidden): no link from a named application. */
  id: z.string().nullable(),
  title: z.string(),
  status: z.string(),
  score: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  dueDate: z.string(),
  /**
   * Blind review not yet revealed (docs/decisions/026): the pipeline names the applicant, so it
   * shows neither the assessment's id, status nor score until the recruiter reveals the
   * candidate in Results.
   */
  identityHidden: z.boolean(),
});
export type LinkedAssessment = z.infer<typeof linkedAssessmentSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  jobStatus: z.enum(JOB_STATUSES),
  companyName: z.string(),
  recruiterId: z.string(),
  recruiterName: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  stage: z.enum(STAGES),
  coverLetter: z.string(),
  hasResume: z.boolean(),
  resumeName: z.string().nullable(),
  /** Résumé search: null while not read (or no résumé); 'unreadable': its text could not be read. */
  resumeTextStatus: z.enum(['read', 'unreadable']).nullable().default(null),
  rejectionReason: z.string().nullable(),
  /** The recruiter has opened it (new applications are counted until then). */
  seen: z.boolean(),
  assessment: linkedAssessmentSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/** A stage change as its candidate sees it: when and where to, not who or why. */
export const candidateStageEventSchema = stageEventSchema.pick({
  id: true,
  fromStage: true,
  toStage: true,
  at: true,
});
export type CandidateStageEvent = z.infer<typeof candidateStageEventSchema>;

/**
 * What a candidate may see of their own application, on every screen and in
 * every answer (My Applications, a job's page, applying, withdrawing). An
 * allow-list: a field added to `Application` for recruiters (the rejection
 * reason, notes, whether they opened it) stays out until it is added here.
 */
export const candidateApplicationSchema = applicationSchema
  .pick({
    id: true,
    jobId: true,
    jobTitle: true,
    jobStatus: true,
    companyName: true,
    recruiterId: true,
    recruiterName: true,
    candidateId: true,
    stage: true,
    coverLetter: true,
    hasResume: true,
    resumeName: true,
    assessment: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ timeline: z.array(candidateStageEventSchema) });
export type CandidateApplication = z.infer<typeof candidateApplicationSchema>;

/**
 * The one place a candidate's view of an application is made: field by field,
 * so nothing private reaches the candidate by being forgotten in one route.
 */
export function toCandidateApplication(
  app: Application,
  history: readonly StageEvent[],
): CandidateApplication {
  return {
    id: app.id,
    jobId: app.jobId,
    jobTitle: app.jobTitle,
    jobStatus: app.jobStatus,
    companyName: app.companyName,
    recruiterId: app.recruiterId,
    recruiterName: app.recruiterName,
    candidateId: app.candidateId,
    stage: app.stage,
    coverLetter: app.coverLetter,
    hasResume: app.hasResume,
    resumeName: app.resumeName,
    assessment: app.assessment && {
      id: app.assessment.id,
      title: app.assessment.title,
      status: app.assessment.status,
      score: app.assessment.score,
      reviewedAt: app.assessment.reviewedAt,
      dueDate: app.assessment.dueDate,
      identityHidden: app.assessment.identityHidden,
    },
    createdAt: app.createdAt,
    updatedAt: app.updatedAt,
    timeline: history.map((e) => ({
      id: e.id,
      fromStage: e.fromStage,
      toStage: e.toStage,
      at: e.at,
    })),
  };
}

export const noteSchema = z.object({
  id: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

/** One application as the recruiter opens it: history and notes. */
export const applicationDetailSchema = applicationSchema.extend({
  history: z.array(stageEventSchema),
  notes: z.array(noteSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** A job as the candidate opens it, with their application if any. */
export const jobDetailSchema = jobSchema.extend({
  /** The viewer's own application to it (candidates), as candidates see it. */
  myApplication: candidateApplicationSchema.nullable(),
  /** Whether the viewer may apply now (candidates, open job, not applied yet). */
  canApply: z.boolean(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const moveResultSchema = z.object({ moved: z.number().int() });

// --- display --------------------------------------------------------------------------------

// The card excerpt lives beside (its rules grew); importers keep reading it from here.
export { excerptOf } from './job-excerpt';

/**
 * Whether the owner should see an application marked NEW: nobody has opened it, nothing has
 * been done with it (still Applied) and its job still takes applications. The server's count
 * of new applications per job (My Listings) is the same rule in SQL.
 */
export function isNewApplication(
  application: { seen: boolean; stage: Stage },
  jobStatus: JobStatus,
): boolean {
  return !application.seen && application.stage === 'applied' && jobStatus === 'published';
}

/** Counts for every stage, zero where none. */
export function emptyCounts(): StageCounts {
  return Object.fromEntries(STAGES.map((s) => [s, 0])) as StageCounts;
}

/** Realtime events of jobs (ids only). */
export const jobRealtimeEventSchemas = [
  z.object({
    type: z.literal('application.changed'),
    applicationId: z.string(),
    jobId: z.string(),
  }),
  z.object({ type: z.literal('job.changed'), jobId: z.string() }),
  /** Invite to apply: an invitation to this job was sent or read. */
  z.object({ type: z.literal('invitation.changed'), jobId: z.string() }),
] as const;
