import { bigint, boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AiReviewResult, Rubric } from '../../domain/ai-review';
import { created, ts, updated } from './columns';
import { assessment, assessmentTemplate } from './schema-assessments';
import { user } from './schema-auth';

// --- AI-assisted review (docs/decisions/030) ------------------------------------------

/** A template's AI review settings and rubric, beside the template (off by default). */
export const aiTemplateSettings = pgTable('ai_template_settings', {
  templateId: text('template_id')
    .primaryKey()
    .references(() => assessmentTemplate.id, { onDelete: 'cascade' }),
  useAiReview: boolean('use_ai_review').notNull().default(false),
  /** The reviewer sees the AI review only after saving a score. */
  scoreBeforeAi: boolean('score_before_ai').notNull().default(false),
  rubric: jsonb('rubric').$type<Rubric>().notNull(),
  updatedAt: updated(),
});

/**
 * One AI review of a submission. candidate_id cascades, so erasing the candidate removes
 * every AI output about them; prompt and answer are kept for the retention period only.
 */
export const aiReview = pgTable(
  'ai_review',
  {
    id: text('id').primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessment.id, { onDelete: 'cascade' }),
    candidateId: text('candidate_id').references(() => user.id, { onDelete: 'cascade' }),
    requestedById: text('requested_by_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    model: text('model').notNull(),
    result: jsonb('result').$type<AiReviewResult>(),
    /** A failure's message for the reviewer, and its code for the browser's catalogue. */
    error: text('error'),
    errorCode: text('error_code'),
    tokensIn: integer('tokens_in').notNull().default(0),
    tokensOut: integer('tokens_out').notNull().default(0),
    durationMs: integer('duration_ms'),
    promptHash: text('prompt_hash'),
    /** Full prompt and answer, for admins, until the retention sweep clears them. */
    prompt: text('prompt'),
    answer: text('answer'),
    createdAt: created(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('ai_review_assessment_idx').on(t.assessmentId, t.createdAt),
    index('ai_review_candidate_idx').on(t.candidateId),
  ],
);

/** Tokens used per UTC day, shared by every server (the daily budget). */
export const aiUsage = pgTable('ai_usage', {
  day: date('day', { mode: 'string' }).primaryKey(),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
});
