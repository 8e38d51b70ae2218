/**
 * Live pads (DESIGN.md §6): how soon an edit reaches the other person at 50 pads of two people
 * on one server, and how long a pad of 10,000 edits takes to open. One process on an embedded
 * database of its own: the server (app and pad sockets on a local port) and the 100 editors
 * (PadClient, the test suite's y-websocket-like client) share its thread, so the figures
 * include the clients' own work.
 *
 * Edits: in each pad the interviewer types a short token at the top of README.md every
 * BENCH_PADS_EDIT_MS (250) for BENCH_PADS_SECONDS (10); the time from the edit to the token
 * in the candidate's copy is one sample. Opening: a pad given BENCH_PADS_EDITS (10,000) edits
 * through the server's own append (compacted every 200 as the socket does), then opened
 * BENCH_PADS_OPENS (10) times by a new socket, each time on a server with the pad not in
 * memory (its room closes when its last socket leaves): until the client holds the files.
 *
 * Environment: BENCH_PADS (50), BENCH_PADS_SECONDS (10), BENCH_PADS_EDIT_MS (250),
 * BENCH_PADS_EDITS (10000), BENCH_PADS_OPENS (10).
 */
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { PAD_LIMITS } from '../src/domain/pads';
import { openDatabase } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import { parseEnv } from '../src/server/env';
import { appendUpdate, compact, loadDoc } from '../src/server/features/pads/pads.service';
import { listenOn, PadClient } from '../src/server/features/pads/pads-fixture';
import { newId } from '../src/server/lib/ids';
import { createLogger } from '../src/server/lib/logger';
import { createServices, type Services } from '../src/server/server';
import type { TestUser } from '../src/server/test/harness';
import { type Metric, metric } from './lib/report';

export const stage = 'pads';
const APP_URL = 'http://localhost:3000';

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(2);
  }
}

/** People as rows, each with a session cookie signed as better-auth signs it. */
async function people(services: Services, role: 'recruiter' | 'candidate', count: number) {
  const ctx = await services.auth.$context;
  const name = ctx.authCookies.sessionToken.name;
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    const email = `bench-pads-${role}-${i}-${id.slice(0, 6)}@example.com`;
    await services.database.db
      .insert(user)
      .values({ id, name: `Bench ${role} ${i + 1}`, email, role, emailVerified: true });
    const session = await ctx.internalAdapter.createSession(id);
    const signed = `${session.token}.${createHmac('sha256', ctx.secret).update(session.token).digest('base64')}`;
    made.push({
      id,
      email,
      name: `Bench ${role} ${i + 1}`,
      role,
      password: '',
      cookie: `${name}=${encodeURIComponent(signed)}`,
    });
  }
  return made;
}

async function call(services: Services, as: TestUser, route: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('cookie', as.cookie);
  headers.set('origin', APP_URL);
  const res = await services.app.request(`${APP_URL}${route}`, { ...init, headers });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: string }>;
}
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A job of the recruiter's, and an ad hoc pad for each candidate's application to it. */
async function padsFor(services: Services, recruiter: TestUser, candidates: TestUser[]) {
  await call(services, recruiter, '/api/profile', {
    ...json({ name: recruiter.name, company: { name: 'Bench Co' } }),
    method: 'PUT',
  });
  const job = await call(
    services,
    recruiter,
    '/api/jobs',
    json({
      title: 'Bench Engineer',
      department: 'Engineering',
      locations: ['Remote'],
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '5-10',
      description: 'Pairs.',
      openings: 1,
      closingDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      status: 'published',
    }),
  );
  const pads: string[] = [];
  for (const candidate of candidates) {
    const form = new FormData();
    form.set('coverLetter', 'Hello.');
    const app = await call(services, candidate, `/api/jobs/${job.id}/applications`, {
      method: 'POST',
      body: form,
    });
    const pad = await call(
      services,
      recruiter,
      '/api/pads',
      json({ applicationId: app.id, language: 'typescript' }),
    );
    pads.push(pad.id);
  }
  return pads;
}

async function joined(host: string, padId: string, as: TestUser) {
  const client = new PadClient(host, padId, as);
  if (!(await client.connect())) throw new Error('a pad socket was refused');
  await until(() => client.text('README.md') !== undefined);
  return client;
}

/** Edits reaching the other person, at `count` pads of two. */
async function editLatency(services: Services, host: string) {
  const count = Number(process.env.BENCH_PADS ?? 50);
  const seconds = Number(process.env.BENCH_PADS_SECONDS ?? 10);
  const every = Number(process.env.BENCH_PADS_EDIT_MS ?? 250);
  const [recruiter] = await people(services, 'recruiter', 1);
  const candidates = await people(services, 'candidate', count);
  const padIds = await padsFor(services, recruiter!, candidates);
  const pairs = [];
  for (const [i, padId] of padIds.entries()) {
    pairs.push({
      writer: await joined(host, padId, recruiter!),
      reader: await joined(host, padId, candidates[i]!),
    });
  }
  const samples: number[] = [];
  let sent = 0;
  const pending = pairs.map(() => [] as { token: string; at: number }[]);
  for (const [i, { reader }] of pairs.entries()) {
    const text = reader.doc.getMap<Y.Text>('files').get('README.md')!;
    text.observe(() => {
      const now = performance.now();
      const content = text.toString();
      const queue = pending[i]!;
      while (queue.length > 0 && content.includes(queue[0]!.token)) {
        samples.push(now - queue.shift()!.at);
      }
    });
  }
  const stopAt = Date.now() + seconds * 1000;
  // Each pad's writer starts at its own offset, so the edits spread over the interval.
  await Promise.all(
    pairs.map(async ({ writer }, i) => {
      await sleep((every * i) / pairs.length);
      let n = 0;
      while (Date.now() < stopAt) {
        const token = `<${i}.${n++}>`;
        pending[i]!.push({ token, at: performance.now() });
        writer.type('README.md', 0, token);
        sent += 1;
        await sleep(every);
      }
    }),
  );
  await until(() => pending.every((q) => q.length === 0), 30_000).catch(() => {});
  const lost = pending.reduce((sum, q) => sum + q.length, 0);
  for (const { writer, reader } of pairs) {
    writer.disconnect();
    reader.disconnect();
  }
  return { count, seconds, sent, received: samples.length, lost, samples, padIds };
}

/** A pad of `edits` edits, then opened again and again by a new socket. */
async function openTime(services: Services, host: string, padId: string, who: TestUser) {
  const edits = Number(process.env.BENCH_PADS_EDITS ?? 10_000);
  const opens = Number(process.env.BENCH_PADS_OPENS ?? 10);
  const { db } = services.database;
  const doc = await loadDoc(db, padId);
  const text = doc.getMap<Y.Text>('files').get('README.md')!;
  let appended = 0;
  for (let i = 0; i < edits; i++) {
    const before = Y.encodeStateVector(doc);
    // Mostly typing, now and then a deletion, as people edit.
    if (i % 7 === 6 && text.length > 10) text.delete(text.length - 3, 2);
    else text.insert(Math.min(text.length, (i * 37) % (text.length + 1)), 'x');
    const seq = await appendUpdate(db, padId, Y.encodeStateAsUpdate(doc, before), who.id);
    if (seq !== null && seq % PAD_LIMITS.compactEvery === 0) await compact(db, padId);
    appended += 1;
  }
  const expected = text.toString();
  doc.destroy();
  const times: number[] = [];
  for (let i = 0; i < opens; i++) {
    const started = performance.now();
    const client = await joined(host, padId, who);
    await until(() => client.text('README.md') === expected);
    times.push(performance.now() - started);
    client.disconnect();
    await until(() => client.closed !== undefined);
    // The server's room closes once its last socket has gone: the next open reads the database.
    await sleep(50);
  }
  return { edits: appended, times, bytes: expected.length };
}

export async function run(): Promise<{ metrics: Metric[]; details?: unknown }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'talentforge-bench-pads-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    APP_URL,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const services = await createServices(env, createLogger('silent'), { database });
  const server = await listenOn(services);
  try {
    const edits = await editLatency(services, server.host);
    const [opener] = await people(services, 'recruiter', 1);
    const padId = (await padsFor(services, opener!, await people(services, 'candidate', 1)))[0]!;
    const opening = await openTime(services, server.host, padId, opener!);
    const p95 = round(percentile(edits.samples, 95));
    const openP50 = round(percentile(opening.times, 50));
    return {
      metrics: [
        metric(
          stage,
          `edit reaches the other person, p95 (${edits.count} pads of 2)`,
          p95,
          'ms',
          { limit: 100, kind: 'max' },
          `p50 ${round(percentile(edits.samples, 50))} ms, p99 ${round(percentile(edits.samples, 99))} ms, ${edits.received}/${edits.sent} edits arrived`,
        ),
        metric(
          stage,
          `pad of ${opening.edits.toLocaleString('en-US')} edits opens, p50`,
          openP50,
          'ms',
          { limit: 300, kind: 'max' },
          `p95 ${round(percentile(opening.times, 95))} ms over ${opening.times.length} opens (socket to files in hand)`,
        ),
      ],
      details: {
        edits: { ...edits, samples: undefined, padIds: undefined },
        opening,
      },
    };
  } finally {
    await server.close();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
