import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { PNG_1PX } from '../../../tests/fixtures/images';
import { defaultDueDate } from '../../domain/assessments';
import { projectRoot } from '../lib/paths';
import { detectSandbox } from '../sandbox/runner';
import { roundRobinProxy } from '../test/round-robin-proxy';
import { type LocalS3, startLocalS3 } from '../test/s3-server';

/**
 * The production topology of README "Production", on this machine: two web
 * servers and test runners (the compiled entries, plain node) on one
 * PostgreSQL database and a local S3 server, behind a small round-robin
 * proxy. A request can be pinned to one server with `x-backend: a|b` (the
 * proxy's own header, for the test to say "through A").
 */
const execFileAsync = promisify(execFile);
const enabled = Boolean(process.env.TEST_DATABASE_URL) && detectSandbox().available;
const root = projectRoot();
const outdir = path.join(root, '.tmp', `multi-build-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'talentforge-multi-'));
const SECRET = 'multi-secret-multi-secret-multi-secret-0';
const children: ChildProcess[] = [];
const logs = new Map<ChildProcess, string>();
let s3: LocalS3 | undefined;
let proxy: Server | undefined;
let dbName = '';
let admin: postgres.Sql | undefined;
let databaseUrl = '';
/** The test's own connection to the servers' database (to read the verification mails). */
let db: postgres.Sql | undefined;
let base = '';
const backends: Record<'a' | 'b', number> = { a: 0, b: 0 };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    // CI runs as root; a real deployment runs the web servers unprivileged (README).
    ALLOW_ROOT: '1',
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    APP_URL: base,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
    RUNNER_LEASE_SECONDS: '3',
    ...(s3?.env('multi') ?? {}),
    ...extra,
  };
}

function start(entry: string, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(outdir, `${entry}.js`)], {
    cwd: tmpdir(),
    env: env(extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  logs.set(child, '');
  const keep = (chunk: Buffer) => logs.set(child, (logs.get(child) ?? '') + String(chunk));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(child);
  return child;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  const output = [...logs.values()].join('\n---\n').slice(-4000);
  throw new Error(`timed out waiting for ${what}\n${output}`);
}

beforeAll(async () => {
  if (!enabled) return;
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], {
    cwd: root,
    stdio: 'pipe',
  });
  s3 = await startLocalS3();
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  dbName = `test_multi_${Date.now()}`;
  admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${dbName}"`);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const proxyPort = await freePort();
  base = `http://127.0.0.1:${proxyPort}`;
  backends.a = await freePort();
  backends.b = await freePort();
  // One server migrates first, so that the other finds the schema there.
  start('main', { PORT: String(backends.a), DATA_DIR: path.join(dataDir, 'a') });
  await until('server A', async () =>
    (await fetch(`http://127.0.0.1:${backends.a}/readyz`)).ok ? true : undefined,
  );
  start('main', { PORT: String(backends.b), DATA_DIR: path.join(dataDir, 'b') });
  await until('server B', async () =>
    (await fetch(`http://127.0.0.1:${backends.b}/readyz`)).ok ? true : undefined,
  );
  proxy = await roundRobinProxy(proxyPort, backends);
}, 180_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  proxy?.close();
  await s3?.close();
  await db?.end();
  if (admin) {
    await admin.unsafe(`drop database if exists "${dbName}" with (force)`).catch(() => {});
    await admin.end();
  }
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

type Via = 'a' | 'b' | undefined;
const call = (
  p: string,
  init: RequestInit & { via?: Via; cookie?: string; json?: unknown } = {},
) => {
  const headers = new Headers(init.headers);
  headers.set('origin', base);
  if (init.via) headers.set('x-backend', init.via);
  if (init.cookie) headers.set('cookie', init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${base}${p}`, { ...init, headers, body });
};

let counter = 0;
async function signUp(accountType: 'candidate' | 'recruiter', name: string) {
  const email = `${accountType}-${Date.now()}-${++counter}@example.test`;
  const res = await call('/api/auth/sign-up/email', {
    method: 'POST',
    json: { name, email, password: 'secret-password', accountType },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // Sign-up is finished by the mailed link (docs/decisions/019): read it from the outbox.
  let link: string | undefined;
  await until(`the verification mail to ${email}`, async () => {
    const mails = await db!<{ text: string }[]>`
      select text from outbox where "to" = ${email} and text like '%/api/auth/verify-email?%'
      order by created_at desc limit 1`;
    link = mails[0]?.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
    return link ? true : undefined;
  });
  const verified = await call(link!.slice(new URL(link!).origin.length), { redirect: 'manual' });
  expect(verified.status).toBe(302);
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = await call('/api/auth/get-session', { cookie });
  const { user } = (await session.json()) as { user: { id: string } };
  return { id: user.id, email, cookie };
}

/** A signed-in WebSocket held by one server, collecting what it hears. */
async function socketOn(via: 'a' | 'b', cookie: string) {
  const heard: { type: string; [key: string]: unknown }[] = [];
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/events`, {
    headers: { cookie, origin: base, 'x-backend': via },
  });
  ws.on('message', (data) => heard.push(JSON.parse(String(data))));
  await until(`a socket on ${via}`, async () =>
    heard.some((e) => e.type === 'ready') ? true : undefined,
  );
  return { ws, heard };
}

describe.skipIf(!enabled)('two web servers, runners, PostgreSQL and S3 behind a proxy', () => {
  it('serves every file from every server, delivers live events across them, and runs tests on the runner', {
    timeout: 240_000,
  }, async () => {
    const recruiter = await signUp('recruiter', 'Rita Recruiter');
    const candidate = await signUp('candidate', 'Casey Candidate');

    // A photo uploaded through A is downloaded through B (S3, not A's disk).
    const photo = new FormData();
    photo.append('image', new File([PNG_1PX], 'me.png', { type: 'image/png' }));
    const uploaded = await call('/api/profile/image', {
      method: 'POST',
      via: 'a',
      cookie: candidate.cookie,
      body: photo,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const photoViaB = await call(`/api/files/profile-images/${candidate.id}`, {
      via: 'b',
      cookie: recruiter.cookie,
    });
    expect(photoViaB.status).toBe(200);
    expect(new Uint8Array(await photoViaB.arrayBuffer())).toEqual(new Uint8Array(PNG_1PX));

    // A résumé sent with an application through A is downloaded through B.
    const job = await call('/api/jobs', {
      method: 'POST',
      via: 'a',
      cookie: recruiter.cookie,
      json: {
        title: 'Engineer',
        department: 'Engineering',
        locations: ['Berlin'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '5-10',
        salaryMin: 1,
        salaryMax: 2,
        currency: 'EUR',
        showSalary: false,
        description: 'Build things.',
        openings: 1,
        closingDate: defaultDueDate(),
        status: 'published',
      },
    });
    expect(job.status, await job.clone().text()).toBe(201);
    const jobId = ((await job.json()) as { id: string }).id;
    const pdf = new TextEncoder().encode(`%PDF-1.4\n${'résumé '.repeat(2000)}\n%%EOF`);
    const form = new FormData();
    form.set('coverLetter', 'Hello');
    form.set('resume', new File([pdf], 'cv.pdf', { type: 'application/pdf' }));
    const applied = await call(`/api/jobs/${jobId}/applications`, {
      method: 'POST',
      via: 'a',
      cookie: candidate.cookie,
      body: form,
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const applicationId = ((await applied.json()) as { id: string }).id;
    const resumeViaB = await call(`/api/applications/${applicationId}/resume`, {
      via: 'b',
      cookie: recruiter.cookie,
    });
    expect(resumeViaB.status).toBe(200);
    expect(new Uint8Array(await resumeViaB.arrayBuffer())).toEqual(pdf);

    // A message sent through A arrives live on the candidate's socket held by B.
    const onB = await socketOn('b', candidate.cookie);
    const conversation = await call('/api/conversations', {
      method: 'POST',
      via: 'a',
      cookie: recruiter.cookie,
      json: { recipientIds: [candidate.id], subject: 'Your application', message: 'Hello Casey' },
    });
    expect(conversation.status, await conversation.clone().text()).toBe(201);
    await until('the message event on B', async () =>
      onB.heard.some((e) => e.type !== 'ready') ? true : undefined,
    );
    onB.ws.close();

    // A test run requested through B runs on the runner; its result reaches the socket on A.
    await execFileAsync(
      process.execPath,
      [
        path.join(outdir, 'create-admin.js'),
        '--email',
        'admin@example.test',
        '--password',
        'admin-password-1',
        '--name',
        'Ada Admin',
      ],
      { env: env(), cwd: tmpdir() },
    );
    const signIn = await call('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'admin@example.test', password: 'admin-password-1' },
    });
    const adminCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const slowTest = (ms: number) =>
      `const test = require('node:test');\nconst assert = require('node:assert');\nconst { sum } = require('./sum');\ntest('adds', async () => {\n  await new Promise((r) => setTimeout(r, ${ms}));\n  assert.strictEqual(sum(1, 2), 3);\n});\n`;
    const template = await call('/api/templates', {
      method: 'POST',
      cookie: adminCookie,
      json: {
        title: 'Sum',
        roleName: 'Developer',
        tasks: [],
        project: {
          name: 'sum',
          branch: 'main',
          context: '',
          ticket: '',
          runner: 'node',
          files: [
            { path: 'sum.js', content: 'exports.sum = (a, b) => a + b;\n' },
            { path: 'sum.test.js', content: slowTest(4000) },
          ],
          hiddenFiles: [],
        },
      },
    });
    expect(template.status, await template.clone().text()).toBe(201);
    const templateId = ((await template.json()) as { id: string }).id;
    const assign = async () => {
      const res = await call('/api/assessments', {
        method: 'POST',
        cookie: recruiter.cookie,
        json: { templateId, candidateId: candidate.id, dueDate: defaultDueDate(), message: '' },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      await call(`/api/assessments/${id}/start`, { method: 'POST', cookie: candidate.cookie });
      return id;
    };
    const runsOf = async (id: string, via: Via) =>
      (await (
        await call(`/api/assessments/${id}/test-runs`, { via, cookie: candidate.cookie })
      ).json()) as { runs: { id: string; status: string; passed: number }[] };

    const first = await assign();
    const runner = start('runner');
    const onA = await socketOn('a', candidate.cookie);
    const requested = await call(`/api/assessments/${first}/test-runs`, {
      method: 'POST',
      via: 'b',
      cookie: candidate.cookie,
    });
    expect(requested.status, await requested.clone().text()).toBe(202);
    const runId = ((await requested.json()) as { id: string }).id;
    const finished = await until('the run on the runner', async () => {
      const run = (await runsOf(first, 'a')).runs.find((r) => r.id === runId);
      return run && !['queued', 'running'].includes(run.status) ? run : undefined;
    });
    expect(finished).toMatchObject({ status: 'passed', passed: 1 });
    expect(
      onA.heard.filter((e) => e.type === 'testRun.changed' && e.runId === runId).length,
    ).toBeGreaterThanOrEqual(2); // running, then the result

    // kill -9 of the runner mid-run: a second runner completes the run, once.
    const second = await assign();
    const again = await call(`/api/assessments/${second}/test-runs`, {
      method: 'POST',
      via: 'b',
      cookie: candidate.cookie,
    });
    expect(again.status).toBe(202);
    const killedRunId = ((await again.json()) as { id: string }).id;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const firstWorker = await until('the run to start', async () => {
        const [row] = await sql`select status, worker_id from test_run where id = ${killedRunId}`;
        return row?.status === 'running' ? (row.worker_id as string) : undefined;
      });
      await new Promise((r) => setTimeout(r, 500)); // mid-run: the test sleeps 4 s
      runner.kill('SIGKILL');
      start('runner');
      const done = await until('the run on the second runner', async () => {
        const run = (await runsOf(second, 'a')).runs.find((r) => r.id === killedRunId);
        return run && !['queued', 'running'].includes(run.status) ? run : undefined;
      });
      expect(done).toMatchObject({ status: 'passed', passed: 1 });
      const rows =
        await sql`select worker_id, attempts, status from test_run where assessment_id = ${second}`;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ attempts: 2, status: 'passed' });
      expect(rows[0]?.worker_id).not.toBe(firstWorker);
    } finally {
      await sql.end();
      onA.ws.close();
    }
  });
});
