import { randomUUID } from 'node:crypto';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import {
  type AiConfig,
  type AiFailure,
  type AiReview,
  type AiSettings,
  aiSettingsSchema,
  type Rubric,
} from '../../../domain/ai-review';
import { type Coded, coded, type ErrorParams } from '../../../domain/error-codes';
import type { Db } from '../../db/client';
import { aiReview, assessment, setting } from '../../db/schema';
import { AppError, codedError, forbidden, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../../lib/unit-of-work';
import type { EventBus } from '../../realtime/event-bus';
import { type AiClient, AiError } from './ai-client';
import { readAiSettings, AI_SETTINGS_KEY as SETTINGS_KEY } from './ai-settings';
import { runReview } from './review-run';
import { templateSettings } from './template-ai';

export { AiClient } from './ai-client';
export { AI_SETTINGS_KEY, readAiSettings } from './ai-settings';
export { AiPromptSweep, sweepAiPrompts } from './prompt-sweep';
export { getTemplateAi, saveTemplateAi, writeTemplateAi } from './template-ai';

export interface AiReviewDeps {
  db: Db;
  ai: AiClient;
  logger: Logger;
  /** What each running review is doing now: this server's own, and the others' from the bus. */
  progress: Map<string, string>;
  /** Reviews running in this process, so that tests and shutdown can wait for them. */
  running: Set<Promise<void>>;
  /** Carries the steps to the other servers; without it they stay on this one. */
  bus?: EventBus;
  /** This process, as the origin of the steps it publishes. */
  serverId: string;
}

/**
 * The reviews' dependencies. With a bus, every step of a review run here is published and
 * the steps of reviews run elsewhere are kept, so any server answers with the same progress.
 */
export function aiReviewDeps(db: Db, ai: AiClient, logger: Logger, bus?: EventBus): AiReviewDeps {
  const deps: AiReviewDeps = {
    db,
    ai,
    logger,
    progress: new Map(),
    running: new Set(),
    bus,
    serverId: randomUUID(),
  };
  bus?.subscribe(({ event }) => {
    if (event.type !== 'ai.progress' || event.origin === deps.serverId) return;
    setStep(deps.progress, event.reviewId, event.step);
  });
  return deps;
}

const setStep = (progress: Map<string, string>, reviewId: string, step: string) =>
  step ? progress.set(reviewId, step) : progress.delete(reviewId);

/**
 * Keeps a step here and publishes it for the other servers: each new kind of step, and
 * "receiving" once per 500 characters more (not once per streamed piece).
 */
function stepRecorder(deps: AiReviewDeps) {
  const published = new Map<string, string>();
  return (reviewId: string, step: string) => {
    setStep(deps.progress, reviewId, step);
    const [kind, count] = step.split(':');
    const shown = count === undefined ? step : `${kind}:${Math.floor(Number(count) / 500)}`;
    if (published.get(reviewId) === shown) return;
    if (step) published.set(reviewId, shown);
    else published.delete(reviewId);
    void deps.bus
      ?.publish({
        audience: {},
        event: { type: 'ai.progress', reviewId, step, origin: deps.serverId },
      })
      .catch((error) => deps.logger.warn({ err: error, reviewId }, 'AI review step not published'));
  };
}

/** Waits for every review this process started. */
export async function settled(deps: AiReviewDeps) {
  while (deps.running.size > 0) await Promise.allSettled([...deps.running]);
}

/** A review that cannot start: answered with its code and parameters (decision 023). */
const refuse = <C extends AiFailure>(code: C, params: ErrorParams[C]) =>
  codedError(409, coded(code, params) as Coded);

/** AI Configuration: the connection, the models the endpoint lists, the choices, the budget. */
export async function getAiConfig(deps: AiReviewDeps, actor: Actor): Promise<AiConfig> {
  assertRole(actor, 'admin');
  const settings = await readAiSettings(deps.db);
  const budget = await deps.ai.budget();
  if (!deps.ai.configured)
    return { configured: false, reachable: false, models: [], lastError: null, settings, budget };
  try {
    const models = await deps.ai.listModels();
    return {
      configured: true,
      reachable: true,
      models,
      lastError: deps.ai.lastError,
      settings,
      budget,
    };
  } catch {
    return {
      configured: true,
      reachable: false,
      models: [],
      lastError: deps.ai.lastError,
      settings,
      budget,
    };
  }
}

export async function saveAiSettings(deps: AiReviewDeps, actor: Actor, input: AiSettings) {
  assertRole(actor, 'admin');
  const value = aiSettingsSchema.parse(input);
  if (value.model && deps.ai.configured) {
    const models = await deps.ai.listModels().catch(() => null);
    if (models && !models.some((m) => m.id === value.model))
      throw new AppError(400, 'This model is not offered by the AI endpoint', [
        { path: ['model'], message: 'This model is not offered by the AI endpoint' },
      ]);
  }
  const before = await readAiSettings(deps.db);
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(setting)
      .values({ key: SETTINGS_KEY, value })
      .onConflictDoUpdate({ target: setting.key, set: { value } });
    await recordAudit(tx, {
      actor,
      action: 'ai.settings',
      targetType: 'setting',
      targetId: SETTINGS_KEY,
      before,
      after: value,
    });
  });
  return value;
}

const TEST_PROMPT =
  'Reply with one JSON object only: {"criteria": [{"id": "ok", "level": 1, "reasons": "ready", "evidence": []}]}';

/** Test: one small structured request; whether the model answers valid JSON, and how fast. */
export async function testModel(deps: AiReviewDeps, actor: Actor, model: string) {
  assertRole(actor, 'admin');
  const started = performance.now();
  const audit = (outcome: string, tokensIn = 0, tokensOut = 0) =>
    recordAudit(deps.db, {
      actor,
      action: 'ai.call',
      targetType: 'model',
      targetId: model,
      after: {
        model,
        feature: 'test',
        tokensIn,
        tokensOut,
        durationMs: Math.round(performance.now() - started),
        outcome,
      },
    });
  try {
    const answer = await deps.ai.chat({
      model,
      messages: [{ role: 'user', content: TEST_PROMPT }],
    });
    let validJson = false;
    try {
      const json = JSON.parse(answer.text) as { criteria?: unknown };
      validJson = Array.isArray(json.criteria);
    } catch {
      validJson = false;
    }
    await audit(validJson ? 'ok' : 'ai-invalid-answer', answer.tokensIn, answer.tokensOut);
    return {
      model,
      ok: validJson,
      validJson,
      code: validJson ? null : 'ai-invalid-answer',
      durationMs: answer.durationMs,
      message: validJson
        ? 'The model answered valid JSON for our schema.'
        : 'The model did not answer valid JSON for our schema.',
    };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    await audit(error.code);
    return {
      model,
      ok: false,
      validJson: false,
      code: error.code,
      durationMs: Math.round(performance.now() - started),
      message: error.message,
    };
  }
}

// --- the reviewer ------------------------------------------------------------------------

async function loadForReviewer(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select({
      id: assessment.id,
      recruiterId: assessment.recruiterId,
      candidateId: assessment.candidateId,
      templateId: assessment.templateId,
      status: assessment.status,
      score: assessment.score,
    })
    .from(assessment)
    .where(eq(assessment.id, id));
  if (!row) throw notFound('Assessment not found');
  const reviewer =
    actor.role === 'admin' || (actor.role === 'recruiter' && row.recruiterId === actor.id);
  if (!reviewer) throw forbidden('Only the reviewer of this assessment may use AI review');
  return row;
}

const SCORE_FIRST = 'This template shows the AI review after you save your score.';

/** What a reviewer reads of a review: never the stored prompt and answer (tens of KB each). */
const reviewColumns = {
  id: aiReview.id,
  assessmentId: aiReview.assessmentId,
  status: aiReview.status,
  model: aiReview.model,
  createdAt: aiReview.createdAt,
  finishedAt: aiReview.finishedAt,
  tokensIn: aiReview.tokensIn,
  tokensOut: aiReview.tokensOut,
  result: aiReview.result,
  error: aiReview.error,
  errorCode: aiReview.errorCode,
};
type ReviewRow = { [K in keyof typeof reviewColumns]: (typeof aiReview.$inferSelect)[K] };

function toReview(row: ReviewRow, progress: string | null): AiReview {
  const active = row.status === 'queued' || row.status === 'running';
  return {
    id: row.id,
    assessmentId: row.assessmentId,
    status: row.status,
    // A step heard late from another server never outlives its review.
    progress: active ? progress : null,
    model: row.model,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    tokensIn: row.tokensIn,
    tokensOut: row.tokensOut,
    result: row.result ?? null,
    error: row.error,
    errorCode: row.errorCode,
    aiGenerated: true,
  };
}

/** Queues a review and runs it in the background; an active one is answered instead. */
async function start(
  deps: AiReviewDeps,
  row: { id: string; candidateId: string | null },
  requestedBy: Actor | null,
  settings: AiSettings & { model: string },
  rubric: Rubric,
): Promise<AiReview> {
  const [active] = await deps.db
    .select(reviewColumns)
    .from(aiReview)
    .where(
      and(
        eq(aiReview.assessmentId, row.id),
        or(eq(aiReview.status, 'queued'), eq(aiReview.status, 'running')),
      ),
    );
  if (active) return toReview(active, deps.progress.get(active.id) ?? null);
  const [created] = await deps.db
    .insert(aiReview)
    .values({
      id: newId(),
      assessmentId: row.id,
      candidateId: row.candidateId,
      requestedById: requestedBy?.id ?? null,
      model: settings.model,
    })
    .returning(reviewColumns);
  const reviewId = created!.id;
  const onProgress = stepRecorder(deps);
  onProgress(reviewId, 'queued');
  const job = runReview(
    { db: deps.db, ai: deps.ai, onProgress },
    { reviewId, assessmentId: row.id, actor: requestedBy, settings, rubric },
  )
    .catch((error) => deps.logger.error({ err: error, reviewId }, 'AI review failed'))
    .finally(() => deps.running.delete(job));
  deps.running.add(job);
  return toReview(created!, 'queued');
}

/** A reviewer asks for an AI review of a submitted assessment: queued now, run in the background. */
export async function requestReview(
  deps: AiReviewDeps,
  actor: Actor,
  id: string,
): Promise<AiReview> {
  const row = await loadForReviewer(deps.db, actor, id);
  if (row.status !== 'completed')
    throw new AppError(409, 'AI review is available once the assessment is submitted');
  if (!deps.ai.configured) throw refuse('ai-off', {});
  const settings = await readAiSettings(deps.db);
  const model = settings.model;
  if (!model) throw refuse('ai-no-model', {});
  const template = row.templateId ? await templateSettings(deps.db, row.templateId) : null;
  if (!template?.useAiReview)
    throw new AppError(409, "This assessment's template does not use AI-assisted review");
  if (template.scoreBeforeAi && row.score === null) throw new AppError(409, SCORE_FIRST);
  const budget = await deps.ai.budget();
  if (budget.pausedUntil) throw refuse('ai-budget-used', { until: budget.pausedUntil });
  return start(deps, row, actor, { ...settings, model }, template.rubric);
}

/**
 * "After every submission": queues a review of a just-submitted assessment when the admin
 * turned it on and its template uses AI review. Called after the submission committed; it
 * never throws, so a submission never fails for it (a refusal is simply no review).
 */
export async function reviewAfterSubmission(deps: AiReviewDeps, assessmentId: string) {
  try {
    if (!deps.ai.configured) return null;
    const settings = await readAiSettings(deps.db);
    if (!settings.features.afterSubmission || !settings.model) return null;
    const [row] = await deps.db
      .select({
        id: assessment.id,
        candidateId: assessment.candidateId,
        templateId: assessment.templateId,
      })
      .from(assessment)
      .where(eq(assessment.id, assessmentId));
    if (!row?.templateId) return null;
    const template = await templateSettings(deps.db, row.templateId);
    if (!template.useAiReview) return null;
    if ((await deps.ai.budget()).pausedUntil) return null;
    return await start(deps, row, null, { ...settings, model: settings.model }, template.rubric);
  } catch (error) {
    deps.logger.error({ err: error, assessmentId }, 'AI review after submission not queued');
    return null;
  }
}

/** Integrations: whether the endpoint answers, how many models it offers, its last error. */
export async function aiConnection(deps: AiReviewDeps) {
  const { model } = await readAiSettings(deps.db);
  if (!deps.ai.configured)
    return { configured: false, reachable: false, models: 0, model, lastError: null };
  const models = await deps.ai.listModels().catch(() => null);
  return {
    configured: true,
    reachable: models !== null,
    models: models?.length ?? 0,
    model,
    lastError: deps.ai.lastError,
  };
}

/** The newest AI review of an assessment (null when none was asked for). */
export async function readReview(
  deps: AiReviewDeps,
  actor: Actor,
  id: string,
): Promise<AiReview | null> {
  const row = await loadForReviewer(deps.db, actor, id);
  if (
    row.templateId &&
    row.score === null &&
    (await templateSettings(deps.db, row.templateId)).scoreBeforeAi
  )
    throw new AppError(409, SCORE_FIRST);
  const [review] = await deps.db
    .select(reviewColumns)
    .from(aiReview)
    .where(eq(aiReview.assessmentId, id))
    .orderBy(desc(aiReview.createdAt))
    .limit(1);
  return review ? toReview(review, deps.progress.get(review.id) ?? null) : null;
}

/** Admins read the full prompt and answer while the retention period lasts. */
export async function readPrompt(deps: AiReviewDeps, actor: Actor, reviewId: string) {
  assertRole(actor, 'admin');
  const [row] = await deps.db
    .select({ prompt: aiReview.prompt, answer: aiReview.answer, promptHash: aiReview.promptHash })
    .from(aiReview)
    .where(eq(aiReview.id, reviewId));
  if (!row) throw notFound('AI review not found');
  return row;
}

/** The AI outputs about a candidate, for their data export (prompts are not theirs to read). */
export async function aiOutputsFor(db: Pick<Db, 'select'>, candidateId: string) {
  const rows = await db
    .select({
      assessmentId: aiReview.assessmentId,
      model: aiReview.model,
      status: aiReview.status,
      createdAt: aiReview.createdAt,
      result: aiReview.result,
    })
    .from(aiReview)
    .where(eq(aiReview.candidateId, candidateId))
    .orderBy(sql`${aiReview.createdAt}`);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), aiGenerated: true }));
}
