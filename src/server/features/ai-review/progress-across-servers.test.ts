import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiReview, DEFAULT_AI_SETTINGS, STARTER_RUBRIC } from '../../../domain/ai-review';
import { defaultDueDate } from '../../../domain/assessments';
import { openDatabase } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createServices, type Services } from '../../server';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';
import { OpenAiTestServer } from './openai-test-server';

/**
 * A review runs on the server that was asked; a reviewer whose requests reach another server
 * (behind a load balancer) sees the same steps, carried by the bus over PostgreSQL.
 */

let t: TestApp;
let second: Services;
let ai: OpenAiTestServer;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;

const answer = JSON.stringify({
  criteria: STARTER_RUBRIC.map((c) => ({ id: c.id, level: 2, reasons: 'Fine', evidence: [] })),
  notes: [],
  feedbackDraft: `${'Clear code and a useful test. '.repeat(40)}Well done.`,
  questions: ['One?', 'Two?', 'Three?'],
});

const call = (method: string, path: string, body?: unknown, as: TestUser = admin) =>
  t.request(path, { method, as, ...(body === undefined ? {} : { json: body }) });

/** The reviewer's GET on the second server. */
async function onSecond(id: string): Promise<AiReview | null> {
  const res = await second.app.request(`${TEST_APP_URL}/api/assessments/${id}/ai-review`, {
    headers: { cookie: rec.cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { review: AiReview | null }).review;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('AI review progress across servers', () => {
  beforeAll(async () => {
    ai = await new OpenAiTestServer().start();
    t = await createTestApp({ AI_BASE_URL: ai.baseUrl, AI_TIMEOUT_SECONDS: '60' });
    const database = await openDatabase({ url: t.database.url, dataDir: '', max: 2 });
    second = await createServices(t.env, createLogger('silent'), { database });
    admin = await t.createUser('admin', { name: 'Ada Admin' });
    rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
    cand = await t.signUp({ accountType: 'candidate', name: 'Zelda Quartermain' });
    const saved = await call('PUT', '/api/admin/ai', {
      ...DEFAULT_AI_SETTINGS,
      model: 'qwen-test',
    });
    expect(saved.status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await ai?.close();
  });

  it("shows a review's steps on the other server while it runs, and its end", async () => {
    const created = await call('POST', '/api/templates', {
      title: 'Auth',
      roleName: 'Dev',
      tasks: [],
      aiReview: { useAiReview: true, scoreBeforeAi: false, rubric: STARTER_RUBRIC },
    });
    const templateId = ((await created.json()) as { id: string }).id;
    const assigned = await call(
      'POST',
      '/api/assessments',
      { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
      rec,
    );
    const { id } = (await assigned.json()) as { id: string };
    expect((await call('POST', `/api/assessments/${id}/submit`, undefined, cand)).status).toBe(200);

    let release = () => {};
    ai.queue({ content: answer, hold: new Promise<void>((go) => (release = go)) });
    // Asked through the first server, which runs it.
    expect((await call('POST', `/api/assessments/${id}/ai-review`, undefined, rec)).status).toBe(
      202,
    );
    // The model has sent its first piece and holds the rest: the second server says so.
    const midway = await until(
      () => onSecond(id),
      (r) => r?.progress?.startsWith('receiving:') ?? false,
    );
    expect(midway).toMatchObject({ status: 'running', progress: 'receiving:40' });
    const first = (await (
      await call('GET', `/api/assessments/${id}/ai-review`, undefined, rec)
    ).json()) as {
      review: AiReview;
    };
    expect(first.review.progress).toBe('receiving:40');

    release();
    const done = await until(
      () => onSecond(id),
      (r) => r?.status === 'done',
    );
    expect(done?.progress).toBeNull();
    expect(done?.result?.questions).toEqual(['One?', 'Two?', 'Three?']);
    const onFirst = await until(
      async () =>
        (
          (await (
            await call('GET', `/api/assessments/${id}/ai-review`, undefined, rec)
          ).json()) as {
            review: AiReview;
          }
        ).review,
      (r) => r.status === 'done',
    );
    expect(onFirst.progress).toBeNull();
  });
});
