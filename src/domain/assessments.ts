import { z } from 'zod';
import { type AiTemplateSettings, aiTemplateSettingsSchema } from './ai-review';
import { MAX_DEPARTMENT_NAME } from './departments';
import { calendarDateSchema, idSchema } from './inputs';
import { interviewRealtimeEventSchemas } from './interviews';
import { jobRealtimeEventSchemas } from './jobs';
import { LANGUAGES } from './languages';
import { padRealtimeEventSchemas } from './pads';
import { STARTER_PROJECT_KEYS } from './test-runs';

/** Spec section 9 / DESIGN: assessment duration options, in hours. */
export const DURATION_HOURS = [1, 2, 3, 4, 8] as const;
export type DurationHours = (typeof DURATION_HOURS)[number];
export const DEFAULT_DURATION_HOURS: DurationHours = 2;
export const DEFAULT_DUE_IN_DAYS = 7;
export const AUTOSAVE_DELAY_MS = 1000;
export const MAX_SCORE = 100;

export const TASK_TYPES = ['text', 'code', 'document'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  text: 'Text Response',
  code: 'Code Challenge',
  document: 'Documentation',
};

export const ASSESSMENT_STATUSES = ['scheduled', 'in-progress', 'completed'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

/** The spec's four positions (section 2); the dashboard's chips come from the roles that exist. */
export const POSITIONS = [
  'Full Stack Developer',
  'Data Scientist',
  'DevOps Engineer',
  'Product Manager',
] as const;

export const ASSESSMENT_TEXTS = {
  noAssessments: "You don't have any assessments yet.",
  noAssessmentsHint: "You'll be notified when a company invites you to complete an assessment.",
  loadingYourAssessments: 'Loading your assessments...',
  loadingAssessments: 'Loading assessments...',
  noAssessmentsFound: 'No assessments found',
  loadingAssessment: 'Loading assessment...',
  assessmentNotFound: 'Assessment not found',
  noPermission: 'You do not have permission to view this assessment',
  errorLoadingAssessment: 'Error loading assessment',
  noTemplates: 'No assessment templates found. Create a new template to get started.',
  contactAdmin: 'Contact an admin to create templates',
  noRecruiters: 'No recruiters found in the system. Add recruiters first.',
  confirmDeleteTemplate:
    'Are you sure you want to delete this assessment template? This action cannot be undone.',
  errorLoadingTemplates: 'Error loading assessment templates',
  failedDeleteTemplate: 'Failed to delete assessment template',
  failedCreateTemplate: 'Failed to create assessment template. Please try again.',
  failedLoadRecruiters: 'Failed to load recruiters',
  failedLoadCandidates: 'Failed to load candidates',
  errorLoadingData: 'Error loading data',
  errorLoadingResults: 'Error loading assessment results',
  failedAssign: 'Failed to assign assessment',
  failedSaveFeedback: 'Failed to save feedback',
  selectCandidate: 'Please select a candidate',
  setDueDate: 'Please set a due date',
  errorSaving: 'Error saving',
  viewResults: 'View Results',
  continueAssessment: 'Continue Assessment',
  markAllComplete: 'Mark All as Complete',
  markAllIncomplete: 'Mark All as Incomplete',
  backToAssessments: 'Back to Assessments',
  messageRecruiter: 'Message Recruiter',
  messageCandidate: 'Message Candidate',
  submit: 'Submit Assessment',
  submittedAwaitingReview: 'Submitted, awaiting review',
  alreadySubmitted: 'This assessment has already been submitted',
  submittedLocked: 'This assessment has been submitted; it can no longer be changed',
  timeIsUp: 'The time for this assessment is up; your work has been submitted',
  notSubmittedYet:
    'The candidate has not submitted this assessment yet; it can be scored once it is submitted',
  scoreRange: 'Score must be a number from 0 to 100',
  scoreWhole: 'Score must be a whole number',
} as const;

// --- templates ---------------------------------------------------------------

export const projectFileSchema = z.object({
  path: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/,
      'Use letters, digits, dots, dashes and slashes',
    ),
  content: z.string().max(200_000),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** The simulated project a template's workspace opens on. */
export const sampleProjectSchema = z.object({
  name: z.string().trim().min(1).max(100),
  branch: z.string().trim().min(1).max(100),
  /** Shown in the workspace sidebar: the team and situation. */
  context: z.string().max(5000),
  /** The ticket the candidate works on. */
  ticket: z.string().max(5000),
  files: z.array(projectFileSchema).min(1).max(50),
  /** How its tests run: 'node' (node --test, TypeScript transpiled), 'python', 'go', 'java' or 'none'. Older projects: from their test files. */
  runner: z.enum(['node', 'python', 'go', 'java', 'none']).optional(),
  /** Which built-in starter project it came from, or 'upload'. */
  starter: z.enum(['typescript', 'javascript', 'python', 'go', 'java', 'sql', 'upload']).optional(),
  /** Tests the candidate never sees: run on submit and by reviewers (test runs feature). */
  hiddenFiles: z.array(projectFileSchema).max(50).optional(),
  /** Candidates may change the visible tests (off by default: they are protected, issue 24). */
  candidatesMayEditTests: z.boolean().optional(),
});
export type SampleProject = z.infer<typeof sampleProjectSchema>;

export const templateTaskSchema = z.object({
  id: idSchema,
  title: z.string().trim().min(1, 'Task title is required').max(200),
  description: z.string().trim().max(5000).default(''),
  type: z.enum(TASK_TYPES),
});
export type TemplateTask = z.infer<typeof templateTaskSchema>;

/** Create and edit form of a template (spec section 5: title and role required). */
export const templateInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  roleName: z.string().trim().min(1, 'Role is required').max(100),
  description: z.string().trim().max(5000).default(''),
  active: z.boolean().default(true),
  authorizedRecruiters: z.array(idSchema).max(500).default([]),
  durationHours: z
    .number()
    .refine(
      (h) => (DURATION_HOURS as readonly number[]).includes(h),
      'Choose 1, 2, 3, 4 or 8 hours',
    )
    .optional(),
  /** Tasks without a title are dropped before this schema sees them (keepTitledTasks). */
  tasks: z
    .array(templateTaskSchema.omit({ id: true }).extend({ id: idSchema.optional() }))
    .max(50)
    .default([]),
  project: sampleProjectSchema.optional(),
  /** Blind review (docs/decisions/026): reviewers see a pseudonym until they score. */
  blindReview: z.boolean().optional(),
  /** Similarity check: a submission sharing at least this per cent with another is flagged. */
  similarityThreshold: z
    .number()
    .int('A whole per cent')
    .min(1, 'From 1 to 100 per cent')
    .max(100, 'From 1 to 100 per cent')
    .optional(),
  /** A built-in starter project (test runs feature); replaces the project when given. */
  starterProject: z.enum(STARTER_PROJECT_KEYS).optional(),
  /** Candidates may change the visible tests (issue 24; off by default). Omitted: unchanged. */
  candidatesMayEditTests: z.boolean().optional(),
  /**
   * Departments feature: the department's name (any case), an active one or the one the
   * template already has. Omitted: none for a new template, unchanged on an edit.
   */
  department: z
    .string()
    .max(MAX_DEPARTMENT_NAME * 4, `At most ${MAX_DEPARTMENT_NAME} characters`)
    .trim()
    .min(1, 'Choose a department')
    .optional(),
});
export type TemplateInput = z.input<typeof templateInputSchema>;

/**
 * The request body of POST/PUT /api/templates: the form's schema, with tasks
 * that have no title dropped first (spec section 5: "a task is added only if
 * it has a title").
 */
export const templateBodySchema = templateInputSchema.extend({
  tasks: z.preprocess(
    (tasks) =>
      Array.isArray(tasks)
        ? tasks.filter(
            (t: unknown) =>
              typeof (t as { title?: unknown })?.title === 'string' &&
              (t as { title: string }).title.trim() !== '',
          )
        : tasks,
    templateInputSchema.shape.tasks,
  ),
});
export type TemplateBody = z.output<typeof templateBodySchema>;

/**
 * POST /api/templates: the template and, when the admin filled in its AI tab, its AI-assisted
 * review settings and rubric, saved in the same transaction (or nothing is).
 */
export const templateCreateBodySchema = templateBodySchema.extend({
  aiReview: aiTemplateSettingsSchema.optional(),
});
export type TemplateCreateInput = TemplateInput & { aiReview?: AiTemplateSettings };

export const templateSchema = z.object({
  id: z.string(),
  title: z.string(),
  roleName: z.string(),
  description: z.string(),
  active: z.boolean(),
  authorizedRecruiters: z.array(z.string()),
  durationHours: z.number(),
  tasks: z.array(templateTaskSchema),
  project: sampleProjectSchema,
  blindReview: z.boolean(),
  similarityThreshold: z.number(),
  /** The department's current name and id; null for templates made before departments. */
  department: z.string().nullable(),
  departmentId: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** Spec section 5: "a task is added only if it has a title". */
export function keepTitledTasks<T extends { title: string }>(tasks: T[]): T[] {
  return tasks.filter((t) => t.title.trim() !== '');
}

/** Empty authorisation list means every recruiter (spec section 6). */
export function recruiterMayUse(
  template: Pick<Template, 'active' | 'authorizedRecruiters'>,
  recruiterId: string,
): boolean {
  return (
    template.active &&
    (template.authorizedRecruiters.length === 0 ||
      template.authorizedRecruiters.includes(recruiterId))
  );
}

// --- assessments -------------------------------------------------------------

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(TASK_TYPES),
  completed: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

export const assessmentSchema = z.object({
  id: z.string(),
  templateId: z.string().nullable(),
  title: z.string(),
  roleName: z.string(),
  description: z.string(),
  /** Null once the candidate erased their account (the name is then 'Erased candidate'). */
  candidateId: z.string().nullable(),
  candidateName: z.string(),
  /** When the candidate's account was erased; null otherwise. */
  candidateErasedAt: z.string().nullable(),
  candidateEmail: z.string(),
  candidatePhone: z.string(),
  recruiterId: z.string(),
  recruiterName: z.string(),
  companyName: z.string(),
  status: z.enum(ASSESSMENT_STATUSES),
  tasks: z.array(taskSchema),
  message: z.string(),
  durationHours: z.number(),
  createdAt: z.string(),
  /** YYYY-MM-DD */
  dueDate: z.string(),
  startedAt: z.string().nullable(),
  completedDate: z.string().nullable(),
  feedback: z.string().nullable(),
  score: z.number().nullable(),
  reviewedAt: z.string().nullable(),
  /** How it was submitted: by the candidate, or when the time ran out. */
  submittedBy: z.enum(['candidate', 'timeout']).nullable(),
  /** Blind review (docs/decisions/026): the template's switch, copied when assigned. */
  blindReview: z.boolean(),
  /**
   * True in the reviewer's view while blind review hides the candidate: the server then sent
   * a pseudonym as the name and no e-mail, phone or candidate id (nothing to blank here).
   */
  identityHidden: z.boolean(),
  /** When the reviewer revealed the candidate after scoring; null until then. */
  identityRevealedAt: z.string().nullable(),
  /**
   * Reviewers' lists only: the best similarity match (per cent of this submission) when it
   * reaches the template's threshold, else null (docs/decisions/026). Never sent to candidates.
   */
  similarityFlag: z.number().nullable().optional(),
  /**
   * The template uses AI-assisted review (docs/decisions/030): the candidate is told before
   * starting that a reviewer may use an AI assistant and a person decides the result.
   */
  aiAssistedReview: z.boolean().optional(),
  /** The project the workspace shows (files without the candidate's edits). */
  project: sampleProjectSchema.omit({ files: true, hiddenFiles: true }).extend({
    fileNames: z.array(z.string()),
    /**
     * Whether the project has hidden tests (run on submit, never shown): the start screen
     * says so (absent: none). The files themselves never reach the candidate.
     */
    hasHiddenTests: z.boolean().optional(),
  }),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assignInputSchema = z.object({
  templateId: z.string({ error: 'Choose a template' }).min(1, 'Choose a template').pipe(idSchema),
  candidateId: z
    .string({ error: 'Please select a candidate' })
    .min(1, 'Please select a candidate')
    .pipe(idSchema),
  dueDate: z
    .string({ error: 'Please set a due date' })
    .min(1, 'Please set a due date')
    .pipe(calendarDateSchema('Please set a real due date (YYYY-MM-DD)')),
  message: z.string().trim().max(2000, 'The message is at most 2,000 characters').default(''),
});
export type AssignInput = z.input<typeof assignInputSchema>;

/** Spec: a score from 0 to 100, or none. A fractional or negative entry is refused, never rounded. */
export const evaluationInputSchema = z.object({
  score: z
    .number({ error: ASSESSMENT_TEXTS.scoreRange })
    .int(ASSESSMENT_TEXTS.scoreWhole)
    .min(0, ASSESSMENT_TEXTS.scoreRange)
    .max(MAX_SCORE, ASSESSMENT_TEXTS.scoreRange)
    .nullable(),
  feedback: z.string().max(10_000, 'Feedback is at most 10,000 characters').default(''),
});
export type EvaluationInput = z.input<typeof evaluationInputSchema>;

export const taskUpdateSchema = z.object({ completed: z.boolean() });

/** The recruiter moves the due date (extends the time the candidate has). */
export const dueDateInputSchema = z.object({
  dueDate: z
    .string({ error: ASSESSMENT_TEXTS.setDueDate })
    .min(1, ASSESSMENT_TEXTS.setDueDate)
    .pipe(calendarDateSchema(ASSESSMENT_TEXTS.setDueDate)),
});
export type DueDateInput = z.infer<typeof dueDateInputSchema>;

// --- answers (text and document tasks) ---------------------------------------

/** Task types whose answer is written in the workspace (code tasks are answered in the files). */
export const ANSWER_TASK_TYPES = ['text', 'document'] as const satisfies readonly TaskType[];
export const hasWrittenAnswer = (type: TaskType) =>
  (ANSWER_TASK_TYPES as readonly TaskType[]).includes(type);
export const MAX_ANSWER_CHARS = 50_000;

export const taskAnswerSchema = z.object({
  taskId: z.string(),
  content: z.string(),
  /** Client edit time (ms) of the stored text; a save with an older one is refused. */
  editedAt: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type TaskAnswer = z.infer<typeof taskAnswerSchema>;

export const answerSaveSchema = z.object({
  content: z
    .string()
    .max(MAX_ANSWER_CHARS, 'The answer is too long (50,000 characters at most)')
    .refine((s) => !s.includes('\u0000'), 'The answer contains a character that is not allowed'),
  editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;

// --- submission ----------------------------------------------------------------

/**
 * Saves reaching the server this long after the timer ran out are still taken: the last
 * autosave may be on its way when the clock hits zero. After it, the work is submitted.
 */
export const SUBMIT_GRACE_MS = 15_000;

/** When the candidate's time ends (ms), or null before the first open. */
export function deadlineMs(startedAt: string | Date | null, durationHours: number): number | null {
  if (!startedAt) return null;
  return new Date(startedAt).getTime() + durationHours * 3_600_000;
}

/** The moment an assessment is due: the end of its due date (UTC). */
export function dueMomentMs(dueDate: string): number {
  return Date.parse(`${dueDate}T00:00:00.000Z`) + 86_400_000;
}

/** A due-date reminder goes out once, this long before the due moment. */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;

/** What the Submit step lists: the tasks ticked, and those open or without an answer. */
export function submissionSummary(
  tasks: Pick<Task, 'id' | 'title' | 'type' | 'completed'>[],
  answers: Record<string, string>,
) {
  const unanswered = tasks.filter(
    (t) => hasWrittenAnswer(t.type) && (answers[t.id] ?? '').trim() === '',
  );
  return {
    done: tasks.filter((t) => t.completed),
    open: tasks.filter((t) => !t.completed),
    unanswered,
  };
}

export const candidateFileSchema = z.object({
  fileName: z.string(),
  content: z.string(),
  /** Client edit time (ms) of the stored text; a save with an older one is refused. */
  editedAt: z.number().nullable(),
  updatedAt: z.string().nullable(),
  /** How the file differs from the template (issue 24): created, renamed or deleted. */
  change: z.enum(['added', 'renamed', 'deleted']).nullable().optional(),
  renamedFrom: z.string().nullable().optional(),
  /** A protected path (the template's tests): read-only for the candidate. */
  protected: z.boolean().optional(),
});
export type CandidateFile = z.infer<typeof candidateFileSchema>;

export const MAX_FILE_CHARS = 200_000;
export const fileSaveSchema = z.object({
  // 256 KB (issue 24): a character is at least a byte, the bytes are checked on the server.
  content: z.string().max(256 * 1024, 'A file is at most 256 KB'),
  editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type FileSave = z.infer<typeof fileSaveSchema>;

export const candidateOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type CandidateOption = z.infer<typeof candidateOptionSchema>;

export const settingsSchema = z.object({
  defaultDurationHours: z
    .number()
    .refine(
      (h) => (DURATION_HOURS as readonly number[]).includes(h),
      'Choose 1, 2, 3, 4 or 8 hours',
    ),
  /** The language of new users and of mails to people who never chose one; kept when left out. */
  defaultLanguage: z
    .enum(LANGUAGES, 'Choose English, French, German, Spanish or Japanese')
    .optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

// --- rules (spec section 4) --------------------------------------------------

/** Rounded percentage of completed tasks; 0 without tasks. */
export function progressOf(tasks: Pick<Task, 'completed'>[]): number {
  if (tasks.length === 0) return 0;
  return Math.round((tasks.filter((t) => t.completed).length / tasks.length) * 100);
}

/**
 * Toggle all (spec section 4): all complete -> all incomplete, otherwise all complete.
 * Ticking only tracks progress: the status stays in progress until the candidate submits
 * (docs/decisions/004).
 */
export function toggleAll<T extends Pick<Task, 'completed'>>(
  tasks: T[],
): { tasks: T[]; status: AssessmentStatus } {
  const allDone = tasks.length > 0 && tasks.every((t) => t.completed);
  return { tasks: tasks.map((t) => ({ ...t, completed: !allDone })), status: 'in-progress' };
}

/** Today plus seven days, as YYYY-MM-DD in the given time zone offset's local calendar. */
export function defaultDueDate(today: Date = new Date()): string {
  const due = new Date(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + DEFAULT_DUE_IN_DAYS,
  );
  return toIsoDate(due);
}

/**
 * The server's allowance below its own today for a due date: the recruiter's "today" may be
 * behind the server's in another time zone. The browser knows the user's calendar and needs none.
 */
export const DUE_DATE_SLACK_DAYS = 1;

/** The earliest due date an assignment takes: `now`'s calendar date less `slackDays` days. */
export function earliestDueDate(now: Date = new Date(), slackDays = 0): string {
  return toIsoDate(new Date(now.getTime() - slackDays * 86_400_000));
}

export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Time left in ms from the real start and the duration; null before the start. */
export function timeRemainingMs(
  startedAt: string | null,
  durationHours: number,
  now: number = Date.now(),
): number | null {
  if (!startedAt) return null;
  const end = new Date(startedAt).getTime() + durationHours * 3_600_000;
  return Math.max(0, end - now);
}

/** 'h:mm:ss' as the workspace sidebar shows it. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Status badge text and colour (spec section 4). */
export function statusBadge(status: string): { label: string; color: string } {
  switch (status) {
    case 'scheduled':
      return { label: 'Upcoming', color: 'yellow' };
    case 'in-progress':
      return { label: 'In Progress', color: 'blue' };
    case 'completed':
      return { label: 'Completed', color: 'green' };
    default:
      return { label: 'Unknown', color: 'gray' };
  }
}

export const FILE_LANGUAGES = [
  'typescript',
  'javascript',
  'json',
  'markdown',
  'css',
  'html',
  'sql',
  'yaml',
  'python',
  'go',
  'java',
  'text',
] as const;
export type FileLanguage = (typeof FILE_LANGUAGES)[number];

const LANGUAGE_BY_EXTENSION: Record<string, FileLanguage> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  md: 'markdown',
  markdown: 'markdown',
  css: 'css',
  html: 'html',
  htm: 'html',
  sql: 'sql',
  yaml: 'yaml',
  yml: 'yaml',
  py: 'python',
  go: 'go',
  java: 'java',
};

/** The language the editor highlights a file in, from its extension; anything else is plain text (issue 24). */
export function languageOf(fileName: string): FileLanguage {
  const base = fileName.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return 'text';
  return LANGUAGE_BY_EXTENSION[base.slice(dot + 1).toLowerCase()] ?? 'text';
}

/** Whether the file holds JSX (TypeScript or JavaScript with markup). */
export const hasJsx = (fileName: string) => /\.(tsx|jsx)$/i.test(fileName);

/** Realtime events: ids only, the client refetches what it may see (STYLE point 5). */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assessment.changed'), assessmentId: z.string() }),
  z.object({ type: z.literal('templates.changed') }),
  z.object({ type: z.literal('conversation.changed'), conversationId: z.string() }),
  ...jobRealtimeEventSchemas,
  ...interviewRealtimeEventSchemas,
  ...padRealtimeEventSchemas,
  z.object({ type: z.literal('testRun.changed'), assessmentId: z.string(), runId: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
