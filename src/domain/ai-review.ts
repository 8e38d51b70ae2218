import { z } from 'zod';
import type { ErrorCode } from './error-codes';

/*
 * AI-assisted review (docs/decisions/030): the rubric, the settings, the model's answer as we
 * accept it, and the result a reviewer reads. The score suggestion is computed here, never
 * written by the model.
 */

/** Why an AI call failed: an error code (error-codes.ts) the browser translates. */
export type AiFailure = Extract<ErrorCode, `ai-${string}`>;

/** The English of each failure (error-texts.ts adds the budget's reopening time). */
export const AI_FAILURE_TEXTS: Record<AiFailure, string> = {
  'ai-off': 'AI-assisted review is off: no AI endpoint is configured.',
  'ai-unreachable': 'The AI service cannot be reached. Try again later.',
  'ai-timeout': 'The AI service took too long to answer. Try again.',
  'ai-rate-limited': 'The AI service is busy (too many requests). Try again in a minute.',
  'ai-server-error': 'The AI service answered with an error. Try again later.',
  'ai-invalid-answer':
    'The model did not return a valid answer twice. Try again or pick another model.',
  'ai-budget-used': "AI features are paused: today's token budget is used up.",
  'ai-no-model': 'No AI model is chosen yet: an admin picks one in AI Configuration.',
};

export const AI_FEEDBACK_DETAILS = ['basic', 'standard', 'detailed', 'comprehensive'] as const;
export type AiFeedbackDetail = (typeof AI_FEEDBACK_DETAILS)[number];
export const AI_NOTE_CATEGORIES = ['correctness', 'security', 'tests', 'readability'] as const;
export const DEFAULT_AI_RETENTION_DAYS = 180;

/** Texts a template author reads under a rubric field (messages.json translates them). */
export const RUBRIC_TEXTS = {
  level: 'A level is a whole number from 0 to 10',
  description: 'Say what this level means (at most 500 characters)',
  title: 'Name the criterion (at most 120 characters)',
  weight: 'A weight is a whole number from 1 to 10',
  levels: 'A criterion has 2 to 6 levels',
  retention: 'Keep prompts 1 to 3650 days',
} as const;

export const rubricLevelSchema = z.object({
  level: z.number().int(RUBRIC_TEXTS.level).min(0, RUBRIC_TEXTS.level).max(10, RUBRIC_TEXTS.level),
  description: z
    .string()
    .trim()
    .min(1, RUBRIC_TEXTS.description)
    .max(500, RUBRIC_TEXTS.description),
});

export const rubricCriterionSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,40}$/, 'Use lower-case letters, digits and dashes'),
    title: z.string().trim().min(1, RUBRIC_TEXTS.title).max(120, RUBRIC_TEXTS.title),
    weight: z
      .number()
      .int(RUBRIC_TEXTS.weight)
      .min(1, RUBRIC_TEXTS.weight)
      .max(10, RUBRIC_TEXTS.weight),
    levels: z.array(rubricLevelSchema).min(2, RUBRIC_TEXTS.levels).max(6, RUBRIC_TEXTS.levels),
  })
  .refine((c) => new Set(c.levels.map((l) => l.level)).size === c.levels.length, {
    message: 'Each level appears once',
    path: ['levels'],
  });
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

export const rubricSchema = z
  .array(rubricCriterionSchema)
  .min(2, 'A rubric has 2 to 8 criteria')
  .max(8, 'A rubric has 2 to 8 criteria')
  .refine((r) => new Set(r.map((c) => c.id)).size === r.length, {
    message: 'Each criterion needs its own id',
  });
export type Rubric = z.infer<typeof rubricSchema>;

const levels = (zero: string, one: string, two: string, three: string) => [
  { level: 0, description: zero },
  { level: 1, description: one },
  { level: 2, description: two },
  { level: 3, description: three },
];

/** Offered to every template; the admin edits it. */
export const STARTER_RUBRIC: Rubric = [
  {
    id: 'correctness',
    title: 'Correctness',
    weight: 3,
    levels: levels(
      'Does not solve the ticket',
      'Solves part of it; tests fail',
      'Solves it; edge cases missed',
      'Solves it, edge cases included',
    ),
  },
  {
    id: 'tests',
    title: 'Tests',
    weight: 2,
    levels: levels(
      'No tests added',
      'A few happy-path tests',
      'Tests cover the main cases',
      'Tests cover edge cases and failures',
    ),
  },
  {
    id: 'readability',
    title: 'Readability',
    weight: 1,
    levels: levels(
      'Hard to follow',
      'Readable with effort',
      'Clear names and structure',
      'Clear, small functions, explains why',
    ),
  },
  {
    id: 'security',
    title: 'Security and robustness',
    weight: 2,
    levels: levels(
      'Unsafe input handling',
      'Some inputs checked',
      'Inputs checked, errors handled',
      'Defensive throughout, no leaks',
    ),
  },
];

export const aiTemplateSettingsSchema = z.object({
  useAiReview: z.boolean(),
  scoreBeforeAi: z.boolean(),
  rubric: rubricSchema,
});
export type AiTemplateSettings = z.infer<typeof aiTemplateSettingsSchema>;

export const aiFeaturesSchema = z.object({
  rubric: z.boolean(),
  notes: z.boolean(),
  feedback: z.boolean(),
  questions: z.boolean(),
  /** Review every submission by itself (off: only on a reviewer's request). */
  afterSubmission: z.boolean(),
});
export type AiFeatures = z.infer<typeof aiFeaturesSchema>;

/** What the admin chooses (stored as the 'ai' setting). */
export const aiSettingsSchema = z.object({
  model: z.string().trim().max(200).nullable(),
  features: aiFeaturesSchema,
  detail: z.enum(AI_FEEDBACK_DETAILS),
  retentionDays: z
    .number()
    .int(RUBRIC_TEXTS.retention)
    .min(1, RUBRIC_TEXTS.retention)
    .max(3650, RUBRIC_TEXTS.retention),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const DEFAULT_AI_SETTINGS: AiSettings = {
  model: null,
  features: { rubric: true, notes: true, feedback: true, questions: true, afterSubmission: false },
  detail: 'standard',
  retentionDays: DEFAULT_AI_RETENTION_DAYS,
};

export const aiModelSchema = z.object({
  id: z.string(),
  family: z.string().nullable(),
  size: z.string().nullable(),
  contextTokens: z.number().nullable(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiConfigSchema = z.object({
  configured: z.boolean(),
  reachable: z.boolean(),
  models: z.array(aiModelSchema),
  lastError: z.string().nullable(),
  settings: aiSettingsSchema,
  budget: z.object({
    limit: z.number().nullable(),
    used: z.number(),
    pausedUntil: z.string().nullable(),
  }),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;

export const aiTestResultSchema = z.object({
  model: z.string(),
  ok: z.boolean(),
  validJson: z.boolean(),
  /** Why not, as an error code (ai-invalid-answer, ai-unreachable, ...) the browser translates. */
  code: z.string().nullable(),
  durationMs: z.number(),
  message: z.string(),
});

// --- the model's answer -----------------------------------------------------------------

const lineNo = z.number().int().min(1);
export const citationSchema = z.object({
  file: z.string(),
  startLine: lineNo,
  endLine: lineNo,
  quote: z.string().min(1),
});
export type Citation = z.infer<typeof citationSchema>;

/** The JSON we ask the model for (every section optional; the enabled ones are required). */
export const modelAnswerSchema = z.object({
  criteria: z
    .array(
      z.object({
        id: z.string(),
        level: z.number().int(),
        reasons: z.string(),
        evidence: z.array(citationSchema).default([]),
      }),
    )
    .optional(),
  notes: z
    .array(
      z.object({
        file: z.string(),
        line: lineNo,
        category: z.enum(AI_NOTE_CATEGORIES),
        note: z.string(),
      }),
    )
    .optional(),
  feedbackDraft: z.string().optional(),
  questions: z.array(z.string()).optional(),
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

// --- what the reviewer reads -------------------------------------------------------------

export const aiReviewResultSchema = z.object({
  criteria: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      weight: z.number(),
      level: z.number(),
      topLevel: z.number(),
      reasons: z.string(),
      evidence: z.array(citationSchema),
    }),
  ),
  /** Computed by our code from levels and weights, 0–100; null without the rubric feature. */
  scoreSuggestion: z.number().nullable(),
  unverifiedCitations: z.number(),
  notes: z.array(
    z.object({
      file: z.string(),
      line: z.number(),
      category: z.enum(AI_NOTE_CATEGORIES),
      note: z.string(),
    }),
  ),
  feedbackDraft: z.string().nullable(),
  feedbackLanguage: z.string(),
  questions: z.array(z.string()),
  /** Text addressed to an AI reviewer, found by our own scan (not by the model). */
  injectionNotes: z.array(z.object({ file: z.string(), line: z.number(), excerpt: z.string() })),
  /** Files not sent (the model's context was full). */
  leftOut: z.array(z.string()),
});
export type AiReviewResult = z.infer<typeof aiReviewResultSchema>;

export const aiReviewSchema = z.object({
  id: z.string(),
  assessmentId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** What is happening now (sending, receiving N characters, checking citations). */
  progress: z.string().nullable(),
  model: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  result: aiReviewResultSchema.nullable(),
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** Always true: every output is AI-generated and must be checked by a person. */
  aiGenerated: z.literal(true),
});
export type AiReview = z.infer<typeof aiReviewSchema>;

/** Weighted mean of level / top level, as 0–100: our number, never the model's. */
export function scoreSuggestion(
  criteria: readonly { weight: number; level: number; topLevel: number }[],
): number | null {
  const total = criteria.reduce((sum, c) => sum + c.weight, 0);
  if (criteria.length === 0 || total === 0) return null;
  const sum = criteria.reduce(
    (acc, c) => acc + c.weight * (c.topLevel > 0 ? c.level / c.topLevel : 0),
    0,
  );
  return Math.round((sum / total) * 100);
}

/** The highest level a criterion defines. */
export const topLevel = (c: RubricCriterion) => Math.max(...c.levels.map((l) => l.level));
