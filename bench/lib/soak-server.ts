/**
 * Child process of the `soak` bench stage (bench/soak.ts), run as
 *
 *   node --import tsx bench/lib/soak-server.ts   (env PORT_APP, PORT_BARE, DATA_DIR)
 *
 * The app as main.ts runs it (embedded database, mail, digest and assessment workers
 * started, keep-alive, the realtime hub) on PORT_APP, and on PORT_BARE a small side door
 * for the bench alone: GET /memory (process.memoryUsage() and the database's size),
 * GET /stats and POST /stats/reset (bench/lib/soak-stats.ts: the database worker's queue,
 * the event loop's delay, each route's time), POST /gc (a full collection) and POST /heap-snapshot?label=… (writes a
 * V8 heap snapshot into HEAP_SNAPSHOT_DIR, for finding what grows).
 *
 * Seeds SOAK_RECRUITERS recruiters and SOAK_CANDIDATES candidates: each candidate has two
 * assessments from one recruiter (one started) and a conversation with them; a few jobs
 * are published. Signs every user in through the API, then prints one JSON line on stdout:
 * {"users": [{role, cookie, conversationId, assessmentId, fileName}]}.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Hono } from 'hono';
import { toIsoDate } from '../../src/domain/assessments';
import { newJobSchema } from '../../src/domain/jobs';
import { createAccount } from '../../src/server/auth/users';
import { pgliteStats } from '../../src/server/db/pglite-stats';
import { hiringLimits, messagingLimits } from '../../src/server/env';
import {
  assignAssessment,
  startAssessment,
} from '../../src/server/features/assessments/assessments.service';
import { createJob } from '../../src/server/features/jobs/jobs.service';
import { createConversation } from '../../src/server/features/messaging/messaging.service';
import { createTemplate } from '../../src/server/features/templates/templates.service';
import type { Actor } from '../../src/server/lib/http';
import { keepConnectionsAlive } from '../../src/server/lib/keep-alive';
import { createLogger } from '../../src/server/lib/logger';
import { createServices } from '../../src/server/server';
import { diskStorage } from '../../src/server/storage/storage';
import { childEnv, listen, required, stopOnSignal } from './child-server';
import { soakStats } from './soak-stats';

export interface SoakUser {
  role: 'candidate' | 'recruiter';
  cookie: string;
  conversationId: string;
  /** Candidates: their started assessment and its main file. */
  assessmentId?: string;
  fileName?: string;
}

export interface SoakServerReady {
  users: SoakUser[];
  pid: number;
}

const FILE_NAME = 'auth.service.ts';

// A full garbage collection on demand (POST /gc), for telling what is kept from what is
// merely not collected yet; only the bench asks for it.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

async function main() {
  const portApp = Number(required('PORT_APP'));
  const portBare = Number(required('PORT_BARE'));
  const recruiters = Number(process.env.SOAK_RECRUITERS ?? 10);
  const candidates = Number(process.env.SOAK_CANDIDATES ?? 40);
  const snapshotDir = process.env.HEAP_SNAPSHOT_DIR ?? tmpdir();
  const appUrl = `http://localhost:${portApp}`;
  const env = childEnv(portApp);
  // Where the time goes (GET /stats); only this bench server turns the counters on.
  pgliteStats.enabled = true;
  const stats = soakStats();
  const services = await createServices(env, createLogger('warn'));
  const { db } = services.database;

  // --- seed through the services (as scripts/seed-demo.ts does) ------------------------
  const suffix = randomUUID().slice(0, 8);
  const password = `bench-password-${suffix}`;
  const account = async (role: Actor['role'], name: string, i: number) => {
    const email = `soak-${role}-${i}-${suffix}@example.com`;
    const created = await createAccount(services.auth, { email, password, name, role });
    return { id: created.id, email, name, role } as Actor & { email: string };
  };
  const admin = await account('admin', 'Soak Admin', 0);
  const recruiterActors = [];
  for (let i = 0; i < recruiters; i++)
    recruiterActors.push(await account('recruiter', `Soak Recruiter ${i + 1}`, i));
  const candidateActors = [];
  for (let i = 0; i < candidates; i++)
    candidateActors.push(await account('candidate', `Soak Candidate ${i + 1}`, i));

  const template = await createTemplate({ db, bus: services.bus, mailer: services.mailer }, admin, {
    title: 'Password policy for the auth service',
    roleName: 'Full Stack Developer',
    description: 'Add a password policy to registration in a small Express + TypeScript service.',
    tasks: [
      { title: 'Implement the password rule', description: 'validatePassword', type: 'code' },
      { title: 'Explain your approach', description: 'Trade-offs.', type: 'text' },
    ],
  });
  const deps = {
    db,
    bus: services.bus,
    mailer: services.mailer,
    appUrl,
    limits: messagingLimits(env),
  };
  const conversationOf = new Map<string, string>();
  const assessmentOf = new Map<string, string>();
  for (const [i, candidate] of candidateActors.entries()) {
    const recruiter = recruiterActors[i % recruiterActors.length]!;
    let newest = '';
    for (let k = 0; k < 2; k++) {
      const assigned = await assignAssessment(deps, recruiter, {
        templateId: template.id,
        candidateId: candidate.id,
        dueDate: toIsoDate(new Date(Date.now() + (k + 7) * 86_400_000)),
        message: 'Looking forward to seeing how you approach this.',
      });
      newest = assigned.id;
    }
    await startAssessment(deps, candidate, newest);
    assessmentOf.set(candidate.id, newest);
    const created = await createConversation(deps, recruiter, {
      recipientIds: [candidate.id],
      subject: `Your application ${i + 1}`,
      message: `Hello ${candidate.name}, do you have time for a call this week?`,
    });
    conversationOf.set(candidate.id, created.conversation.id);
    // A recruiter's own conversation: the first candidate they wrote to.
    if (!conversationOf.has(recruiter.id))
      conversationOf.set(recruiter.id, created.conversation.id);
  }
  const jobDeps = {
    ...deps,
    storage: diskStorage(path.join(env.DATA_DIR, 'files')),
    limits: hiringLimits(env),
  };
  for (const [i, recruiter] of recruiterActors.entries()) {
    await createJob(
      jobDeps,
      recruiter,
      newJobSchema.parse({
        title: `Backend Engineer ${i + 1}`,
        department: 'Engineering',
        locations: ['London'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '3-5',
        description: 'Build and run the services behind our hiring platform.',
        status: 'published',
      }),
    );
  }

  // --- the app, as main.ts serves it ----------------------------------------------------
  services.mailer.start();
  services.digests.start();
  services.jobs.start();
  const appServer = await listen(stats.timed(services.app.fetch), portApp);
  keepConnectionsAlive(appServer);
  services.hub.attach(appServer);

  // --- the bench's side door --------------------------------------------------------------
  const bare = new Hono();
  bare.get('/memory', async (c) => {
    const [size] = await services.database.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    const worker = await pgliteStats.workerMemory?.();
    return c.json({
      ...process.memoryUsage(),
      databaseBytes: Number(size?.bytes ?? 0),
      workerHeapUsed: worker?.heapUsed ?? 0,
      workerHeapTotal: worker?.heapTotal ?? 0,
    });
  });
  bare.post('/stats/reset', (c) => {
    stats.reset();
    return c.json({});
  });
  bare.get('/stats', (c) => c.json(stats.report()));
  bare.post('/gc', (c) => {
    gc();
    return c.json(process.memoryUsage());
  });
  bare.post('/heap-snapshot', (c) => {
    mkdirSync(snapshotDir, { recursive: true });
    const label = (c.req.query('label') ?? 'snapshot').replace(/[^\w-]/g, '');
    const file = writeHeapSnapshot(path.join(snapshotDir, `${label}.heapsnapshot`));
    return c.json({ file });
  });
  const bareServer: Server = await listen(bare.fetch, portBare);
  stopOnSignal([appServer, bareServer], services);

  // --- every user signed in through the API ---------------------------------------------
  const signIn = async (email: string) => {
    const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`sign-in ${response.status}: ${await response.text()}`);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };
  const users: SoakUser[] = [];
  for (const recruiter of recruiterActors) {
    users.push({
      role: 'recruiter',
      cookie: await signIn(recruiter.email),
      conversationId: conversationOf.get(recruiter.id)!,
    });
  }
  for (const candidate of candidateActors) {
    users.push({
      role: 'candidate',
      cookie: await signIn(candidate.email),
      conversationId: conversationOf.get(candidate.id)!,
      assessmentId: assessmentOf.get(candidate.id)!,
      fileName: FILE_NAME,
    });
  }
  const ready: SoakServerReady = { users, pid: process.pid };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

// Ended by the bench with SIGTERM: exit normally, so that `NODE_OPTIONS=--cpu-prof` writes its
// profile (a signal's default ending writes none).
process.once('SIGTERM', () => process.exit(0));

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
