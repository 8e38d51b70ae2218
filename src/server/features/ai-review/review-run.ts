import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  type AiSettings,
  type ModelAnswer,
  modelAnswerSchema,
  type Rubric,
} from '../../../domain/ai-review';
import type { SampleProject } from '../../../domain/assessments';
import { FINISHED_STATUSES } from '../../../domain/test-runs';
import type { Db } from '../../db/client';
import { aiReview, assessment, candidateFile, taskAnswer, testRun, user } from '../../db/schema';
import type { Actor } from '../../lib/http';
import { recordAudit } from '../../lib/unit-of-work';
import { type AiClient, AiError, type ChatAnswer } from './ai-client';
import { answerProblems, assembleResult, linesOf, scanForInjection } from './checks';
import { buildPrompt, type ReviewMaterial } from './prompt';

const TEST_PATH =
  /(^|\/)(tests?|__tests__|spec)\/|[._-](test|spec)\.[a-z]+$|_test\.(go|py)$|(^|\/)test_[^/]*\.py$|Test\.java$/;

/**
 * The submission as data: the files the candidate changed or added against the starter, the
 * failing tests' sources and the test files, the task answers and the last finished test
 * run. Reads no name, e-mail, phone, photo, résumé or profile: only the candidate's language.
 */
export async function loadMaterial(db: Db, assessmentId: string) {
  const [row] = await db
    .select({
      project: assessment.project,
      tasks: assessment.tasks,
      language: user.language,
    })
    .from(assessment)
    .leftJoin(user, eq(user.id, assessment.candidateId))
    .where(eq(assessment.id, assessmentId));
  if (!row) throw new Error(`assessment ${assessmentId} is gone`);
  const project = row.project as SampleProject;
  const saved = await db
    .select({
      path: candidateFile.fileName,
      content: candidateFile.content,
      deleted: candidateFile.deleted,
    })
    .from(candidateFile)
    .where(eq(candidateFile.assessmentId, assessmentId));
  const starter = new Map(project.files.map((f) => [f.path, f.content]));
  const own = new Map(saved.filter((f) => !f.deleted).map((f) => [f.path, f.content]));
  const deleted = new Set(saved.filter((f) => f.deleted).map((f) => f.path));
  const current = [
    ...project.files.filter((f) => !own.has(f.path) && !deleted.has(f.path)),
    ...[...own].map(([path, content]) => ({ path, content })),
  ];
  const [run] = await db
    .select()
    .from(testRun)
    .where(
      and(eq(testRun.assessmentId, assessmentId), inArray(testRun.status, [...FINISHED_STATUSES])),
    )
    .orderBy(desc(testRun.createdAt))
    .limit(1);
  const failures = run?.failures ?? [];
  const failingSource = (content: string) =>
    failures.some((f) => f.name && content.includes(f.name));
  const changed = current.filter(
    (f) => starter.get(f.path) !== f.content && !TEST_PATH.test(f.path),
  );
  const tests = current.filter((f) => TEST_PATH.test(f.path));
  const files: ReviewMaterial['files'] = [
    ...changed.map((f) => ({
      ...f,
      kind: starter.has(f.path) ? ('changed' as const) : ('added' as const),
    })),
    ...tests.filter((f) => failingSource(f.content)).map((f) => ({ ...f, kind: 'test' as const })),
    ...tests.filter((f) => !failingSource(f.content)).map((f) => ({ ...f, kind: 'test' as const })),
  ];
  const answers = await db
    .select({ taskId: taskAnswer.taskId, content: taskAnswer.content })
    .from(taskAnswer)
    .where(eq(taskAnswer.assessmentId, assessmentId));
  const material: ReviewMaterial = {
    ticket: project.ticket,
    context: project.context,
    tasks: row.tasks.map((t) => ({
      title: t.title,
      description: t.description ?? '',
      answer: answers.find((a) => a.taskId === t.id)?.content ?? null,
    })),
    files,
    tests: run ? { passed: run.passed, failed: run.failed, skipped: run.skipped, failures } : null,
  };
  return { material, language: row.language ?? 'en' };
}

export interface RunDeps {
  db: Db;
  ai: AiClient;
  onProgress: (reviewId: string, step: string) => void;
}

interface Job {
  reviewId: string;
  assessmentId: string;
  /** Who asked; null for the server's own review after a submission. */
  actor: Actor | null;
  settings: AiSettings & { model: string };
  rubric: Rubric;
}

/** One model call, audited whatever its outcome. */
async function call(
  deps: RunDeps,
  job: Job,
  feature: string,
  messages: Parameters<AiClient['chat']>[0]['messages'],
  promptHash: string,
): Promise<ChatAnswer> {
  const started = performance.now();
  const audit = (outcome: string, answer?: ChatAnswer) =>
    recordAudit(deps.db, {
      actor: job.actor,
      action: 'ai.call',
      targetType: 'assessment',
      targetId: job.assessmentId,
      after: {
        model: job.settings.model,
        feature,
        tokensIn: answer?.tokensIn ?? 0,
        tokensOut: answer?.tokensOut ?? 0,
        durationMs: answer?.durationMs ?? Math.round(performance.now() - started),
        outcome,
        promptHash,
        reviewId: job.reviewId,
      },
    });
  try {
    const answer = await deps.ai.chat({
      model: job.settings.model,
      messages,
      stream: true,
      onProgress: (chars) => deps.onProgress(job.reviewId, `receiving:${chars}`),
    });
    await audit('ok', answer);
    return answer;
  } catch (error) {
    await audit(error instanceof AiError ? error.code : 'error');
    throw error;
  }
}

function parse(text: string, rubric: Rubric, settings: AiSettings) {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { problems: ['the answer is not valid JSON'] };
  }
  const parsed = modelAnswerSchema.safeParse(json);
  if (!parsed.success)
    return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const problems = answerProblems(parsed.data, rubric, settings.features);
  return problems.length > 0 ? { problems } : { answer: parsed.data };
}

/** Runs one queued review to its end, storing the result or a clear failure. */
export async function runReview(deps: RunDeps, job: Job): Promise<void> {
  const { db } = deps;
  const started = performance.now();
  let tokensIn = 0;
  let tokensOut = 0;
  let prompt = '';
  let answerText = '';
  let promptHash: string | null = null;
  try {
    await db.update(aiReview).set({ status: 'running' }).where(eq(aiReview.id, job.reviewId));
    deps.onProgress(job.reviewId, 'sending');
    const { material, language } = await loadMaterial(db, job.assessmentId);
    const built = buildPrompt(material, {
      rubric: job.rubric,
      features: job.settings.features,
      detail: job.settings.detail,
      language,
      contextTokens: deps.ai.contextTokens,
    });
    promptHash = built.hash;
    prompt = `${built.system}\n\n${built.user}`;
    const messages: Parameters<AiClient['chat']>[0]['messages'] = [
      { role: 'system', content: built.system },
      { role: 'user', content: built.user },
    ];
    let reply = await call(deps, job, 'review', messages, built.hash);
    tokensIn += reply.tokensIn;
    tokensOut += reply.tokensOut;
    answerText = reply.text;
    let outcome = parse(reply.text, job.rubric, job.settings);
    if (!outcome.answer) {
      // One re-ask, naming what was wrong; a second failure is the reviewer's clear error.
      deps.onProgress(job.reviewId, 'asking-again');
      messages.push(
        { role: 'assistant', content: reply.text },
        {
          role: 'user',
          content: `That answer cannot be used: ${outcome.problems?.join('; ')}. Answer again with the JSON object only, as instructed.`,
        },
      );
      reply = await call(deps, job, 'review-retry', messages, built.hash);
      tokensIn += reply.tokensIn;
      tokensOut += reply.tokensOut;
      answerText += `\n\n--- re-asked ---\n\n${reply.text}`;
      outcome = parse(reply.text, job.rubric, job.settings);
      if (!outcome.answer) throw new AiError('ai-invalid-answer');
    }
    deps.onProgress(job.reviewId, 'checking');
    const result = assembleResult(outcome.answer as ModelAnswer, job.rubric, linesOf(built.sent), {
      injectionNotes: scanForInjection([
        ...material.files,
        ...material.tasks.flatMap((t, i) =>
          t.answer ? [{ path: `task-${i + 1}`, content: t.answer }] : [],
        ),
      ]),
      leftOut: built.leftOut,
      feedbackLanguage: language,
    });
    await db
      .update(aiReview)
      .set({
        status: 'done',
        result,
        tokensIn,
        tokensOut,
        durationMs: Math.round(performance.now() - started),
        prompt,
        answer: answerText,
        promptHash,
        finishedAt: new Date(),
      })
      .where(eq(aiReview.id, job.reviewId));
  } catch (error) {
    const failure = error instanceof AiError ? error : new AiError('ai-server-error');
    await db
      .update(aiReview)
      .set({
        status: 'failed',
        error: failure.message,
        errorCode: failure.code,
        tokensIn,
        tokensOut,
        durationMs: Math.round(performance.now() - started),
        prompt: prompt || null,
        answer: answerText || null,
        promptHash,
        finishedAt: new Date(),
      })
      .where(eq(aiReview.id, job.reviewId));
    if (!(error instanceof AiError)) throw error;
  } finally {
    deps.onProgress(job.reviewId, '');
  }
}
