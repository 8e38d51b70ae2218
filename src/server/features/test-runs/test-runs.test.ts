import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RUN_TEXTS, type TestRun, type TestRunList } from '../../../domain/test-runs';
import { testRun } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { detectSandbox, type RunOutcome, type SandboxFile } from '../../sandbox/runner';
import { createAssessment, createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { TestRunQueue } from './queue';
import { listTestRuns, queueSubmissionRun, type TestRunDeps } from './test-runs.service';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;
let jsTemplate: string;
let sqlTemplate: string;
let pythonTemplate: string;

const HIDDEN_SECRET = 'hidden-assertion-7f3a';
const project = {
  name: 'sum',
  branch: 'main',
  context: '',
  ticket: '',
  runner: 'node',
  files: [
    { path: 'sum.js', content: 'exports.sum = (a, b) => a - b;\n' },
    {
      path: 'sum.test.js',
      content:
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('./sum');\ntest('adds', () => assert.strictEqual(sum(1, 2), 3, 'one plus two'));\n",
    },
  ],
  hiddenFiles: [
    {
      path: 'sum.hidden.test.js',
      content: `const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('./sum');\ntest('${HIDDEN_SECRET}', () => assert.strictEqual(sum(2, 2), 4));\n`,
    },
  ],
};

/** A runner that records what it was given; calls wait for `release` when gated. */
const seen: SandboxFile[][] = [];
let gate: Promise<void> | null = null;
let release: () => void = () => {};
const seenLanguages: (string | undefined)[] = [];
const fakeRunner = async (
  files: SandboxFile[],
  _reference: SandboxFile[],
  language?: string,
): Promise<RunOutcome> => {
  seen.push(files);
  seenLanguages.push(language);
  if (gate) await gate;
  const sum = files.find((f) => f.path === 'sum.js')?.content ?? '';
  const ok = sum.includes('a + b');
  return {
    status: ok ? 'passed' : 'failed',
    passed: ok ? 1 : 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    failures: ok ? [] : [{ name: 'adds', message: 'one plus two' }],
    output: ok ? 'ok' : 'not ok',
    durationMs: 5,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  t.testRuns.useRunner(fakeRunner);
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Other Recruiter' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  const make = async (body: Record<string, unknown>) => (await createTemplate(t, admin, body)).id;
  jsTemplate = await make({ project });
  sqlTemplate = await make({ starterProject: 'sql' });
  pythonTemplate = await make({ starterProject: 'python' });
});
afterAll(async () => {
  await t?.close();
});

async function assignStarted(templateId = jsTemplate, candidate = candA) {
  return (await createAssessment(t, recA, { templateId, candidate, message: '', start: true })).id;
}

const runs = (id: string, as: TestUser | null) =>
  t.request(`/api/assessments/${id}/test-runs`, { as });
const requestRun = (id: string, as: TestUser | null) =>
  t.request(`/api/assessments/${id}/test-runs`, { method: 'POST', as });

async function waitForRun(id: string, as: TestUser, predicate: (r: TestRun) => boolean) {
  for (let i = 0; i < 100; i++) {
    const list = (await (await runs(id, as)).json()) as TestRunList;
    const run = list.runs.find(predicate);
    if (run && !['queued', 'running'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('run did not finish');
}

describe('Python, Go and Java projects', () => {
  it("runs a Python project as Python; the candidate's run has no hidden tests, the reviewer's has", async () => {
    const id = await assignStarted(pythonTemplate);
    expect((await requestRun(id, candA)).status).toBe(202);
    await waitForRun(id, candA, () => true);
    expect(seenLanguages.at(-1)).toBe('python');
    expect(seen.at(-1)?.map((f) => f.path)).toEqual(['fees.py', 'test_fees.py', 'README.md']);
    expect((await requestRun(id, recA)).status).toBe(202);
    await waitForRun(id, recA, (r) => r.trigger === 'reviewer');
    expect(
      seen
        .at(-1)
        ?.filter((f) => f.hidden)
        .map((f) => f.path),
    ).toEqual(['test_fees_hidden.py']);
    // The candidate sees neither the reviewer's run nor the hidden file's name.
    const list = (await (await runs(id, candA)).json()) as TestRunList;
    expect(list.runs.every((r) => !r.includeHidden)).toBe(true);
    expect(JSON.stringify(list)).not.toContain('test_fees_hidden');
  });

  it('a server without the toolchain says "Python tests cannot run on this server"', async () => {
    const id = await assignStarted(pythonTemplate);
    const deps = {
      db: t.database.db,
      bus: { publish: async () => {} },
      unavailableReason: () => null,
      kick: () => {},
      toolchainMissing: (language: string) =>
        language === 'python' ? 'Python tests cannot run on this server' : null,
    } as unknown as TestRunDeps;
    const actor = { id: candA.id, role: 'candidate', name: 'Casey' } as never;
    expect(await listTestRuns(deps, actor, id)).toMatchObject({
      runnable: false,
      reason: 'Python tests cannot run on this server',
    });
    const languages = (await (
      await t.request('/api/test-runs/languages', { as: recA })
    ).json()) as {
      languages: { language: string; available: boolean }[];
    };
    expect(languages.languages.map((l) => l.language)).toEqual(['node', 'python', 'go', 'java']);
    expect((await t.request('/api/test-runs/languages', { as: candA })).status).toBe(403);
  });
});

describe('running tests', () => {
  it('runs the candidate files, reports the result and allows a new run after', async () => {
    const id = await assignStarted();
    const first = await requestRun(id, candA);
    expect(first.status).toBe(202);
    expect(await first.json()).toMatchObject({ trigger: 'candidate', includeHidden: false });
    const failed = await waitForRun(id, candA, () => true);
    expect(failed).toMatchObject({ status: 'failed', passed: 0, failed: 1 });
    expect(failed.failures[0]?.message).toBe('one plus two');
    // The candidate's run never gets the hidden tests.
    expect(seen.at(-1)?.map((f) => f.path)).toEqual(['sum.js', 'sum.test.js']);

    await t.request(`/api/assessments/${id}/files/sum.js`, {
      method: 'PUT',
      as: candA,
      json: { content: 'exports.sum = (a, b) => a + b;\n', editedAt: Date.now() },
    });
    expect((await requestRun(id, candA)).status).toBe(202);
    const passed = await waitForRun(id, candA, (r) => r.status !== 'failed');
    expect(passed).toMatchObject({ status: 'passed', passed: 1, failed: 0 });
  });

  it('allows one queued or running run per assessment (429), with a clear message', async () => {
    const id = await assignStarted();
    gate = new Promise((r) => {
      release = r;
    });
    try {
      expect((await requestRun(id, candA)).status).toBe(202);
      const second = await requestRun(id, candA);
      expect(second.status).toBe(429);
      expect((await second.json()).message).toBe(TEST_RUN_TEXTS.alreadyRunning);
    } finally {
      gate = null;
      release();
    }
    await waitForRun(id, candA, () => true);
    const rows = await t.database.db.select().from(testRun).where(eq(testRun.assessmentId, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses projects without tests and assessments not in progress', async () => {
    const sql = await assignStarted(sqlTemplate);
    const list = (await (await runs(sql, candA)).json()) as TestRunList;
    expect(list).toMatchObject({ runnable: false, reason: TEST_RUN_TEXTS.notRunnable });
    expect((await requestRun(sql, candA)).status).toBe(409);

    const scheduled = (
      await createAssessment(t, recA, { templateId: jsTemplate, candidate: candA })
    ).id;
    const refused = await requestRun(scheduled, candA);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(TEST_RUN_TEXTS.onlyInProgress);
  });
});

describe('permissions', () => {
  let id: string;
  beforeAll(async () => {
    id = await assignStarted();
    await requestRun(id, candA);
    await waitForRun(id, candA, () => true);
  });

  it('lets only the candidate, the assigning recruiter and admins read runs', async () => {
    expect((await runs(id, candA)).status).toBe(200);
    expect((await runs(id, recA)).status).toBe(200);
    expect((await runs(id, admin)).status).toBe(200);
    expect((await runs(id, candB)).status).toBe(403);
    expect((await runs(id, recB)).status).toBe(403);
    expect((await runs(id, null)).status).toBe(401);
    expect((await runs('no-such-assessment', admin)).status).toBe(404);
  });

  it('lets nobody else start a run', async () => {
    expect((await requestRun(id, candB)).status).toBe(403);
    expect((await requestRun(id, recB)).status).toBe(403);
    expect((await requestRun(id, null)).status).toBe(401);
    expect((await requestRun('x'.repeat(101), admin)).status).toBe(400);
  });

  it('runs a reviewer run with the hidden tests, which the candidate never sees', async () => {
    const res = await requestRun(id, recA);
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ trigger: 'reviewer', includeHidden: true });
    const run = await waitForRun(id, recA, (r) => r.trigger === 'reviewer');
    expect(seen.at(-1)?.map((f) => f.path)).toContain('sum.hidden.test.js');
    // Marked, so the runner gives them a read-only pass of their own.
    expect(
      seen
        .at(-1)
        ?.filter((f) => f.hidden)
        .map((f) => f.path),
    ).toEqual(['sum.hidden.test.js']);
    expect(run.includeHidden).toBe(true);

    const candidateList = (await (await runs(id, candA)).json()) as TestRunList;
    expect(candidateList.runs.every((r) => !r.includeHidden)).toBe(true);
    const reviewerList = (await (await runs(id, recA)).json()) as TestRunList;
    expect(reviewerList.runs.some((r) => r.trigger === 'reviewer')).toBe(true);

    // Nothing the candidate can read holds the hidden test.
    for (const path of [
      `/api/assessments/${id}`,
      `/api/assessments/${id}/files`,
      `/api/assessments/${id}/test-runs`,
      '/api/assessments',
    ]) {
      const body = await (await t.request(path, { as: candA })).text();
      expect(body, path).not.toContain(HIDDEN_SECRET);
      expect(body, path).not.toContain('sum.hidden.test.js');
    }
    expect(
      (
        await t.request(`/api/assessments/${id}/files/sum.hidden.test.js`, {
          method: 'PUT',
          as: candA,
          json: { content: 'x', editedAt: Date.now() },
        })
      ).status,
    ).toBe(404);
    expect((await t.request('/api/templates', { as: candA })).status).toBe(403);
  });

  it('queues a submission run with the hidden tests once', async () => {
    const fresh = await assignStarted();
    gate = new Promise((r) => {
      release = r;
    });
    try {
      const runId = await queueSubmissionRun(t.database.db, fresh);
      expect(runId).toBeTruthy();
      expect(await queueSubmissionRun(t.database.db, fresh)).toBeNull();
    } finally {
      gate = null;
      release();
    }
    const run = await waitForRun(fresh, admin, (r) => r.trigger === 'submit');
    expect(run).toMatchObject({ trigger: 'submit', includeHidden: true });
    const candidateList = (await (await runs(fresh, candA)).json()) as TestRunList;
    expect(candidateList.runs).toEqual([]);
  });
});

describe('queue', () => {
  /** A second worker on the same database, as if a second runner shared it (fake runs). */
  const secondWorker = (options: { pollMs: number; concurrency?: number }) => {
    const worker = new TestRunQueue({
      db: t.database.db,
      bus: t.bus,
      logger: createLogger('silent'),
      ...options,
    });
    worker.useRunner(fakeRunner);
    return worker;
  };
  /** Fake runs wait at the gate until release(). */
  const holdRuns = () => {
    gate = new Promise((r) => {
      release = r;
    });
  };

  it('runs at most its RUNNER_CONCURRENCY at a time in each worker sharing the database', async () => {
    const ids = [
      await assignStarted(),
      await assignStarted(),
      await assignStarted(),
      await assignStarted(),
    ];
    // A second worker with room for one run, as if a second runner shared the database.
    const other = secondWorker({ pollMs: 50, concurrency: 1 });
    await other.start();
    holdRuns();
    try {
      for (const id of ids) expect((await requestRun(id, candA)).status).toBe(202);
      let maxRunning = 0;
      const perWorker = new Map<string, number>();
      for (let i = 0; i < 20; i++) {
        const rows = await t.database.db
          .select({ status: testRun.status, workerId: testRun.workerId })
          .from(testRun)
          .where(eq(testRun.status, 'running'));
        maxRunning = Math.max(maxRunning, rows.length);
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.workerId ?? '', (counts.get(r.workerId ?? '') ?? 0) + 1);
        for (const [w, n] of counts) perWorker.set(w, Math.max(perWorker.get(w) ?? 0, n));
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(maxRunning).toBe(3);
      expect(perWorker.get(t.testRuns.workerId)).toBe(2);
      expect(perWorker.get(other.workerId)).toBe(1);
    } finally {
      gate = null;
      release();
    }
    for (const id of ids) await waitForRun(id, candA, () => true);
    await other.stop();
  });

  it('gives its unfinished runs back when stopped, so another worker takes them at once', async () => {
    const id = await assignStarted();
    holdRuns();
    const other = secondWorker({ pollMs: 50 });
    try {
      await t.testRuns.stop();
      await other.start();
      expect((await requestRun(id, candA)).status).toBe(202);
      other.kick();
      for (let i = 0; i < 100 && other.activeCount === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(other.activeCount).toBe(1);
      // Stopping with a short grace: the run in hand goes back, not counted as an attempt.
      await other.stop(100);
      const [row] = await t.database.db.select().from(testRun).where(eq(testRun.assessmentId, id));
      expect(row).toMatchObject({ status: 'queued', workerId: null, attempts: 0 });
    } finally {
      gate = null;
      release();
      await t.testRuns.start();
    }
    const done = await waitForRun(id, candA, () => true);
    expect(done.status).toBe('failed');
    const rows = await t.database.db.select().from(testRun).where(eq(testRun.assessmentId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.workerId).toBe(t.testRuns.workerId);
  });

  it('a run claimed while the worker stops is waited for (or given back), never started after', async () => {
    const id = await assignStarted();
    holdRuns();
    const other = secondWorker({ pollMs: 60_000 });
    // Hold the worker's claim on its way to the database, to stop the worker meanwhile.
    let claimSent!: () => void;
    const sent = new Promise<void>((r) => {
      claimSent = r;
    });
    let letClaimGo!: () => void;
    const claimHeld = new Promise<void>((r) => {
      letClaimGo = r;
    });
    const queue = other as unknown as { claim: () => Promise<unknown> };
    const claim = queue.claim.bind(other);
    queue.claim = async () => {
      claimSent();
      await claimHeld;
      return claim();
    };
    try {
      await t.testRuns.stop();
      expect((await requestRun(id, candA)).status).toBe(202);
      await other.start();
      await sent;
      const stopping = other.stop(100);
      letClaimGo();
      await stopping;
      await new Promise((r) => setTimeout(r, 200));
      // The run it claimed went back to the queue with the worker's other unfinished runs.
      const [row] = await t.database.db.select().from(testRun).where(eq(testRun.assessmentId, id));
      expect(row).toMatchObject({ status: 'queued', workerId: null });
    } finally {
      gate = null;
      release();
      await t.testRuns.start();
    }
    expect((await waitForRun(id, candA, () => true)).status).toBe('failed');
  });

  it('requeues a run left running by a killed server, and fails it after a second try', async () => {
    const id = await assignStarted();
    const past = new Date(Date.now() - 60_000);
    const values = {
      assessmentId: id,
      trigger: 'candidate' as const,
      status: 'running' as const,
      workerId: 'dead-worker',
      leaseUntil: past,
      startedAt: past,
    };
    await t.database.db.insert(testRun).values([
      { id: 'orphan-1', ...values, attempts: 1 },
      { id: 'orphan-2', ...values, trigger: 'reviewer', attempts: 2 },
    ]);
    await t.testRuns.recover();
    const rows = await t.database.db.select().from(testRun).where(eq(testRun.assessmentId, id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('orphan-2')).toMatchObject({ status: 'error' });
    expect(byId.get('orphan-1')?.status).not.toBe('running');
    // The requeued one then runs to the end.
    const done = await waitForRun(id, candA, (r) => r.id === 'orphan-1');
    expect(done.status).toBe('failed');
  });
});

describe('without bubblewrap', () => {
  it('refuses runs with a clear message and never runs unsandboxed', async () => {
    const id = await assignStarted();
    const queue = t.testRuns as unknown as {
      sandbox: () => { available: boolean; reason: string };
    };
    const before = queue.sandbox;
    const reason = 'Test runs are not available on this server: bubblewrap is not installed';
    queue.sandbox = () => ({ available: false, reason });
    try {
      const res = await requestRun(id, candA);
      expect(res.status).toBe(503);
      expect((await res.json()).message).toBe(reason);
      expect(((await (await runs(id, candA)).json()) as TestRunList).runnable).toBe(false);
    } finally {
      queue.sandbox = before;
    }
  });
});

describe.skipIf(!detectSandbox().available)('through the real sandbox', () => {
  it('runs the visible tests in bubblewrap', async () => {
    const real = new TestRunQueue({
      db: t.database.db,
      bus: t.bus,
      logger: createLogger('silent'),
    });
    const id = await assignStarted();
    await t.testRuns.stop();
    await real.start();
    try {
      expect((await requestRun(id, candA)).status).toBe(202);
      real.kick();
      const run = await waitForRun(id, candA, () => true);
      expect(run).toMatchObject({ status: 'failed', passed: 0, failed: 1 });
      expect(run.failures[0]?.message).toContain('one plus two');
    } finally {
      await real.stop();
      await t.testRuns.start();
    }
  }, 30_000);
});
