import { z } from 'zod';
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

/** The recruiter dashboard's position filter (spec section 2). */
export const POSITIONS = [
  'Full Stack Developer',
  'Data Scientist',
  'DevOps Engineer',
  'Product Manager',
] as const;
export const DEFAULT_POSITION = 'Full Stack Developer';

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
  /** How its tests run: 'node' (node --test, TypeScript transpiled) or 'none'. Older projects: from their test files. */
  runner: z.enum(['node', 'none']).optional(),
  /** Which built-in starter project it came from, or 'upload'. */
  starter: z.enum(['typescript', 'javascript', 'sql', 'upload']).optional(),
  /** Tests the candidate never sees: run on submit and by reviewers (test runs feature). */
  hiddenFiles: z.array(projectFileSchema).max(50).optional(),
});
export type SampleProject = z.infer<typeof sampleProjectSchema>;

export const templateTaskSchema = z.object({
  id: z.string().min(1).max(64),
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
  authorizedRecruiters: z.array(z.string().min(1).max(100)).max(500).default([]),
  durationHours: z
    .number()
    .refine(
      (h) => (DURATION_HOURS as readonly number[]).includes(h),
      'Choose 1, 2, 3, 4 or 8 hours',
    )
    .optional(),
  /** Tasks without a title are dropped before this schema sees them (keepTitledTasks). */
  tasks: z
    .array(
      templateTaskSchema.omit({ id: true }).extend({ id: z.string().min(1).max(64).optional() }),
    )
    .max(50)
    .default([]),
  project: sampleProjectSchema.optional(),
  /** A built-in starter project (test runs feature); replaces the project when given. */
  starterProject: z.enum(STARTER_PROJECT_KEYS).optional(),
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
  candidateId: z.string(),
  candidateName: z.string(),
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
  /** The project the workspace shows (files without the candidate's edits). */
  project: sampleProjectSchema
    .omit({ files: true, hiddenFiles: true })
    .extend({ fileNames: z.array(z.string()) }),
});
export type Assessment = z.infer<typeof assessmentSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Please set a due date');

export const assignInputSchema = z.object({
  templateId: z.string().min(1, 'Choose a template'),
  candidateId: z.string({ error: 'Please select a candidate' }).min(1, 'Please select a candidate'),
  dueDate: z
    .string({ error: 'Please set a due date' })
    .min(1, 'Please set a due date')
    .pipe(isoDate),
  message: z.string().trim().max(2000).default(''),
});
export type AssignInput = z.input<typeof assignInputSchema>;

export const evaluationInputSchema = z.object({
  score: z
    .number({ error: 'Score must be a number from 0 to 100' })
    .int('Score must be a whole number')
    .min(0, 'Score must be a number from 0 to 100')
    .max(MAX_SCORE, 'Score must be a number from 0 to 100')
    .nullable(),
  feedback: z.string().max(10_000).default(''),
});
export type EvaluationInput = z.input<typeof evaluationInputSchema>;

export const taskUpdateSchema = z.object({ completed: z.boolean() });

export const candidateFileSchema = z.object({
  fileName: z.string(),
  content: z.string(),
  /** Client edit time (ms) of the stored text; a save with an older one is refused. */
  editedAt: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type CandidateFile = z.infer<typeof candidateFileSchema>;

export const MAX_FILE_CHARS = 200_000;
export const fileSaveSchema = z.object({
  content: z.string().max(MAX_FILE_CHARS, 'The file is too large (200,000 characters at most)'),
  editedAt: z.number().int().positive(),
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
});
export type Settings = z.infer<typeof settingsSchema>;

// --- rules (spec section 4) --------------------------------------------------

/** Rounded percentage of completed tasks; 0 without tasks. */
export function progressOf(tasks: Pick<Task, 'completed'>[]): number {
  if (tasks.length === 0) return 0;
  return Math.round((tasks.filter((t) => t.completed).length / tasks.length) * 100);
}

/** The status that follows from the tasks once work has started. */
export function statusFromTasks(tasks: Pick<Task, 'completed'>[]): AssessmentStatus {
  return tasks.length > 0 && tasks.every((t) => t.completed) ? 'completed' : 'in-progress';
}

/** Toggle all: all complete -> all incomplete (in progress); otherwise all complete (completed). */
export function toggleAll<T extends Pick<Task, 'completed'>>(
  tasks: T[],
): { tasks: T[]; status: AssessmentStatus } {
  const allDone = tasks.length > 0 && tasks.every((t) => t.completed);
  return {
    tasks: tasks.map((t) => ({ ...t, completed: !allDone })),
    status: allDone ? 'in-progress' : 'completed',
  };
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

/** The language the editor uses for a file (spec: from the extension, TypeScript by default). */
export function languageOf(fileName: string): 'typescript' | 'javascript' | 'markdown' | 'json' {
  const ext = fileName.split('.').pop()?.toLowerCase();
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'js' || ext === 'jsx' || ext === 'mjs' || ext === 'cjs') return 'javascript';
  if (ext === 'json') return 'json';
  return 'typescript';
}

/** Realtime events: ids only, the client refetches what it may see (STYLE point 5). */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('assessment.changed'), assessmentId: z.string() }),
  z.object({ type: z.literal('templates.changed') }),
  z.object({ type: z.literal('conversation.changed'), conversationId: z.string() }),
  z.object({ type: z.literal('testRun.changed'), assessmentId: z.string(), runId: z.string() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
