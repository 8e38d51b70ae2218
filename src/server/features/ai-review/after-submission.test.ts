import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiReview, DEFAULT_AI_SETTINGS, STARTER_RUBRIC } from '../../../domain/ai-review';
import { defaultDueDate } from '../../../domain/assessments';
import { aiReview } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { OpenAiTestServer } from './openai-test-server';

/*
 * "After every submission" (a review queued by the submission itself) and the retention sweep
 * on the server's timer, against the OpenAI-compatible test server.
 */

let t: TestApp;
let ai: OpenAiTestServer;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;
let templateId: string;

const answer = JSON.stringify({
  criteria: STARTER_RUBRIC.map((c) => ({ id: c.id, level: 2, reasons: 'Fine', evidence: [] })),
  notes: [],
  feedbackDraft: 'Well done.',
  questions: ['One?', 'Two?', 'Three?'],
});

const call = (method: string, path: string, body?: unknown, as: TestUser = admin) =>
  t.request(path, { method, as, ...(body === undefined ? {} : { json: body }) });

async function submitted(): Promise<string> {
  const res = await call(
    'POST',
    '/api/assessments',
    { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
    rec,
  );
  const { id } = (await res.json()) as { id: string };
  expect((await call('POST', `/api/assessments/${id}/submit`, undefined, cand)).status).toBe(200);
  return id;
}

/** The newest review of an assessment once it finished (the reviewer's own route). */
async function finished(id: string): Promise<AiReview> {
  for (;;) {
    const res = await call('GET', `/api/assessments/${id}/ai-review`, undefined, rec);
    const { review } = (await res.json()) as { review: AiReview | null };
    if (review && (review.status === 'done' || review.status === 'failed')) return review;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const chats = () => ai.requests.filter((r) => r.path === '/v1/chat/completions').length;

beforeAll(async () => {
  ai = await new OpenAiTestServer().start();
  t = await createTestApp({ AI_BASE_URL: ai.baseUrl, AI_TIMEOUT_SECONDS: '2' });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Zelda Quartermain' });
  const res = await call('POST', '/api/templates', { title: 'Auth', roleName: 'Dev', tasks: [] });
  templateId = ((await res.json()) as { id: string }).id;
  const saved = await call('PUT', `/api/templates/${templateId}/ai-review`, {
    useAiReview: true,
    scoreBeforeAi: false,
    rubric: STARTER_RUBRIC,
  });
  expect(saved.status).toBe(200);
}, 90_000);
afterAll(async () => {
  await t?.close();
  await ai?.close();
});

const settings = (afterSubmission: boolean) => ({
  ...DEFAULT_AI_SETTINGS,
  model: 'qwen-test',
  features: { ...DEFAULT_AI_SETTINGS.features, afterSubmission },
});

/** Submitted while the setting was off (checked again once a later review finished). */
let offId: string;
const reviewsOf = (id: string) =>
  t.database.db.select().from(aiReview).where(eq(aiReview.assessmentId, id));

describe('after every submission', () => {
  it('queues no review while the setting is off', async () => {
    expect((await call('PUT', '/api/admin/ai', settings(false))).status).toBe(200);
    const before = chats();
    const id = await submitted();
    offId = id;
    const res = await call('GET', `/api/assessments/${id}/ai-review`, undefined, rec);
    expect(await res.json()).toEqual({ review: null });
    expect(
      await t.database.db.select().from(aiReview).where(eq(aiReview.assessmentId, id)),
    ).toEqual([]);
    expect(chats()).toBe(before);
  });

  it('reviews each submission by itself when turned on, asked by nobody', async () => {
    expect((await call('PUT', '/api/admin/ai', settings(true))).status).toBe(200);
    ai.queue({ content: answer });
    const id = await submitted();
    const review = await finished(id);
    expect(review).toMatchObject({ status: 'done', model: 'qwen-test', aiGenerated: true });
    expect(review.result!.scoreSuggestion).toBe(67);
    const [row] = await t.database.db.select().from(aiReview).where(eq(aiReview.assessmentId, id));
    expect(row!.requestedById).toBeNull();
    // The submission made while it was off has, by now surely, still none.
    expect(await reviewsOf(offId)).toEqual([]);
  });

  it('still submits when the AI service is down, and the review says why', async () => {
    ai.queue({ status: 500 }, { status: 500 });
    const id = await submitted();
    const view = await call('GET', `/api/assessments/${id}`, undefined, cand);
    expect((await view.json()).status).toBe('completed');
    expect(await finished(id)).toMatchObject({ status: 'failed', errorCode: 'ai-server-error' });
  });

  it('skips a template that does not use AI review', async () => {
    const other = await call('POST', '/api/templates', {
      title: 'No AI',
      roleName: 'Dev',
      tasks: [],
    });
    const plain = ((await other.json()) as { id: string }).id;
    const res = await call(
      'POST',
      '/api/assessments',
      { templateId: plain, candidateId: cand.id, dueDate: defaultDueDate() },
      rec,
    );
    const { id } = (await res.json()) as { id: string };
    expect((await call('POST', `/api/assessments/${id}/submit`, undefined, cand)).status).toBe(200);
    expect(
      await t.database.db.select().from(aiReview).where(eq(aiReview.assessmentId, id)),
    ).toEqual([]);
  });
});

describe('the retention sweep on a timer', () => {
  it("clears prompts past the admin's retention, keeping the result", async () => {
    const rows = await t.database.db.select().from(aiReview).where(eq(aiReview.status, 'done'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.prompt).not.toBeNull();
    expect(await t.aiPromptSweep.runOnce()).toBe(0);
    expect(
      (await call('PUT', '/api/admin/ai', { ...settings(true), retentionDays: 7 })).status,
    ).toBe(200);
    expect(await t.aiPromptSweep.runOnce(new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    const cleared = await t.aiPromptSweep.runOnce(new Date(Date.now() + 8 * 86_400_000));
    expect(cleared).toBeGreaterThan(0);
    const [gone] = await t.database.db.select().from(aiReview).where(eq(aiReview.id, rows[0]!.id));
    expect(gone).toMatchObject({ prompt: null, answer: null });
    expect(gone!.result).not.toBeNull();
  });
});

describe('Integrations', () => {
  it("shows the AI endpoint's connection: reachable, its models, the chosen one", async () => {
    const res = await call('GET', '/api/admin/integrations');
    expect((await res.json()).ai).toEqual({
      configured: true,
      reachable: true,
      models: 1,
      model: 'qwen-test',
      lastError: null,
    });
  });
});
