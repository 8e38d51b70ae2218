import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import {
  AI_TEXTS,
  type AutomatedFeedbackReply,
  DEFAULT_FEEDBACK_SETTINGS,
  FEEDBACK_OUTPUT_CHARS,
} from '../../../domain/automated-feedback';
import { auditLog, testRun } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;
let plainTemplate: string;
let hiddenTemplate: string;
let sqlTemplate: string;

const project = (hidden: boolean) => ({
  name: 'sum',
  branch: 'main',
  context: '',
  ticket: '',
  runner: 'node',
  files: [
    { path: 'sum.js', content: 'exports.sum = (a, b) => a + b;' },
    { path: 'sum.test.js', content: "require('node:test');" },
  ],
  ...(hidden
    ? { hiddenFiles: [{ path: 'hidden/secret.test.js', content: "require('node:test');" }] }
    : {}),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Other Recruiter' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  const make = async (body: Record<string, unknown>) => (await createTemplate(t, admin, body)).id;
  plainTemplate = await make({ project: project(false) });
  hiddenTemplate = await make({ project: project(true) });
  sqlTemplate = await make({ starterProject: 'sql' });
});
afterAll(async () => {
  await t?.close();
});

const LONG_OUTPUT = `TAP version 13\n${'x'.repeat(FEEDBACK_OUTPUT_CHARS + 500)}`;

/** An assessment the candidate started, with one finished run as the sandbox would store it. */
async function withRun(templateId: string) {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: recA,
    json: { templateId, candidateId: candA.id, dueDate: defaultDueDate(), message: '' },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await t.request(`/api/assessments/${id}/start`, { method: 'POST', as: candA });
  // Later than any run the submission may queue, so this is the one the feedback is about.
  const later = new Date(Date.now() + 60_000);
  await t.database.db.insert(testRun).values({
    id: `run_${id}`,
    assessmentId: id,
    trigger: 'reviewer',
    includeHidden: true,
    requestedById: recA.id,
    requestedByName: 'Rita Recruiter',
    status: 'failed',
    passed: 3,
    failed: 1,
    failures: [{ name: 'sums negatives', message: 'expected -1, got 1' }],
    output: LONG_OUTPUT,
    durationMs: 40,
    createdAt: later,
    startedAt: later,
    finishedAt: later,
  });
  return id;
}

const feedback = async (id: string, as: TestUser | null) => {
  const res = await t.request(`/api/assessments/${id}/automated-feedback`, { as });
  return { status: res.status, body: (await res.json()) as AutomatedFeedbackReply };
};
const save = (json: unknown, as: TestUser | null = admin) =>
  t.request('/api/settings/feedback', { method: 'PUT', as, json });
const settings = async () => (await t.request('/api/settings/feedback', { as: admin })).json();

describe('feedback settings', () => {
  it('default to on, Standard, not shared', async () => {
    expect(await settings()).toEqual(DEFAULT_FEEDBACK_SETTINGS);
    expect(DEFAULT_FEEDBACK_SETTINGS.feedbackDetail).toBe('standard');
  });

  it('only admins read and change them; bad input changes nothing', async () => {
    expect((await t.request('/api/settings/feedback', { as: recA })).status).toBe(403);
    const next = { automatedFeedback: true, feedbackDetail: 'basic', shareWithCandidate: false };
    expect((await save(next, recA)).status).toBe(403);
    expect((await save(next, candA)).status).toBe(403);
    expect((await save(next, null)).status).toBe(401);
    for (const bad of [
      { ...next, feedbackDetail: 'verbose' },
      { ...next, automatedFeedback: 'yes' },
      { automatedFeedback: true },
      'standard',
    ]) {
      const res = await save(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await settings()).toEqual(DEFAULT_FEEDBACK_SETTINGS);
  });

  it('a change is audited with its before and after', async () => {
    const next = { automatedFeedback: true, feedbackDetail: 'detailed', shareWithCandidate: false };
    expect((await save(next)).status).toBe(200);
    expect(await settings()).toEqual(next);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.feedback.update'), eq(auditLog.actorId, admin.id)));
    expect(row).toMatchObject({ before: DEFAULT_FEEDBACK_SETTINGS, after: next });
  });
});

describe('the detail level takes effect on what reviewers get', () => {
  let id: string;
  beforeAll(async () => {
    id = await withRun(plainTemplate);
  });

  const level = (feedbackDetail: string) =>
    save({ automatedFeedback: true, feedbackDetail, shareWithCandidate: false });

  it('Basic: pass or fail and the pass rate', async () => {
    await level('basic');
    const { status, body } = await feedback(id, recA);
    expect(status).toBe(200);
    expect(body.feedback).toEqual({
      detail: 'basic',
      runId: `run_${id}`,
      runStatus: 'failed',
      includeHidden: true,
      finishedAt: expect.any(String),
      outcome: 'failed',
      passed: 3,
      failed: 1,
      passRate: 75,
    });
  });

  it('Standard: plus the names of the failing tests', async () => {
    await level('standard');
    const { body } = await feedback(id, recA);
    expect(body.feedback?.failures).toEqual([{ name: 'sums negatives' }]);
    expect(body.feedback?.output).toBeUndefined();
  });

  it('Detailed: plus the failure messages', async () => {
    await level('detailed');
    const { body } = await feedback(id, admin);
    expect(body.feedback?.failures).toEqual([
      { name: 'sums negatives', message: 'expected -1, got 1' },
    ]);
    expect(body.feedback?.output).toBeUndefined();
  });

  it('Comprehensive: plus the output, truncated', async () => {
    await level('comprehensive');
    const { body } = await feedback(id, recA);
    expect(body.feedback?.output).toBe(LONG_OUTPUT.slice(0, FEEDBACK_OUTPUT_CHARS));
    expect(body.feedback?.outputTruncated).toBe(true);
  });

  it('off: nothing, and it says why', async () => {
    await save({
      automatedFeedback: false,
      feedbackDetail: 'comprehensive',
      shareWithCandidate: true,
    });
    expect((await feedback(id, recA)).body).toEqual({ feedback: null, note: AI_TEXTS.feedbackOff });
  });

  it('only its reviewers and its candidate may ask', async () => {
    await level('standard');
    expect((await feedback(id, recB)).status).toBe(403);
    expect((await feedback(id, candB)).status).toBe(403);
    expect((await feedback(id, null)).status).toBe(401);
    expect((await feedback('no-such-assessment', recA)).status).toBe(404);
    expect((await feedback('bad id!', recA)).status).toBe(400);
  });

  it('a project without tests and one without a finished run say so', async () => {
    const sql = await t.request('/api/assessments', {
      method: 'POST',
      as: recA,
      json: { templateId: sqlTemplate, candidateId: candA.id, dueDate: defaultDueDate() },
    });
    const sqlId = (await sql.json()).id;
    expect((await feedback(sqlId, recA)).body.note).toBe(AI_TEXTS.notRunnable);
    const fresh = await t.request('/api/assessments', {
      method: 'POST',
      as: recA,
      json: { templateId: plainTemplate, candidateId: candB.id, dueDate: defaultDueDate() },
    });
    expect((await feedback((await fresh.json()).id, recA)).body.note).toBe(AI_TEXTS.noRun);
  });
});

describe('the candidate', () => {
  async function evaluated(templateId: string) {
    const id = await withRun(templateId);
    expect(
      (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: candA })).status,
    ).toBe(200);
    return id;
  }
  const evaluate = (id: string) =>
    t.request(`/api/assessments/${id}/evaluation`, {
      method: 'PUT',
      as: recA,
      json: { score: 80, feedback: 'Good' },
    });

  it('sees it only when shared, and only after evaluation', async () => {
    const id = await evaluated(plainTemplate);
    await save({ automatedFeedback: true, feedbackDetail: 'detailed', shareWithCandidate: false });
    expect((await feedback(id, candA)).body).toEqual({ feedback: null, note: AI_TEXTS.notShared });
    await save({ automatedFeedback: true, feedbackDetail: 'detailed', shareWithCandidate: true });
    expect((await feedback(id, candA)).body).toEqual({ feedback: null, note: AI_TEXTS.notYet });
    expect((await evaluate(id)).status).toBe(200);
    const { body } = await feedback(id, candA);
    expect(body.note).toBeNull();
    expect(body.feedback).toMatchObject({
      detail: 'detailed',
      passRate: 75,
      failures: [{ name: 'sums negatives', message: 'expected -1, got 1' }],
    });
  });

  it('gets only the result and pass rate when the project has hidden tests', async () => {
    const id = await evaluated(hiddenTemplate);
    expect((await evaluate(id)).status).toBe(200);
    await save({
      automatedFeedback: true,
      feedbackDetail: 'comprehensive',
      shareWithCandidate: true,
    });
    const { body } = await feedback(id, candA);
    expect(body.note).toBe(AI_TEXTS.hiddenWithheld);
    expect(body.feedback).toMatchObject({ detail: 'basic', passRate: 75 });
    expect(body.feedback?.failures).toBeUndefined();
    expect(body.feedback?.output).toBeUndefined();
    // Its reviewer still gets everything.
    expect((await feedback(id, recA)).body.feedback?.output).toBeDefined();
  });
});
