import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { projectRoot } from './lib/paths';

/**
 * Production runs the compiled server with plain node: built the way
 * `npm run build` builds it (into a folder of its own inside the project, so
 * that it finds drizzle/ the same way dist/server does), it starts, migrates a
 * fresh database, answers /api/health, keeps mail text out of its log, and
 * stops cleanly on SIGTERM. Killed (kill -9) under a load of writes, it has lost
 * none that it acknowledged.
 */
const root = projectRoot();
const outdir = path.join(root, '.tmp', `server-build-${process.pid}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'talentforge-compiled-'));
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the built server on the test's data folder; resolves once /api/health answers. */
async function startServer(extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    cwd: tmpdir(), // not the project: paths must not depend on the working folder
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      // CI runs as root; production refuses root without it (src/server/ops/root.ts).
      ALLOW_ROOT: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'compiled-secret-compiled-secret-0123456',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const run = { child, base, exited, output: '' };
  child.stdout?.on('data', (chunk) => {
    run.output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    run.output += String(chunk);
  });

  const deadline = Date.now() + 90_000;
  let health: Response | undefined;
  while (Date.now() < deadline && child.exitCode === null) {
    health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(health?.status, run.output).toBe(200);
  expect(await health?.json()).toEqual({ ok: true });
  return run;
}

const signUp = (base: string, email: string) =>
  fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Compiled Person',
      email,
      password: 'secret-password',
      accountType: 'candidate',
    }),
  });

describe('the compiled server', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 120_000);

  it('runs with plain node, answers /api/health and stops on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const run = await startServer();

    // Without SMTP the mail is logged, but not its text (the reset link) in production.
    const email = 'compiled@example.test';
    expect((await signUp(run.base, email)).status).toBe(200);
    const reset = await fetch(`${run.base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: run.base },
      body: JSON.stringify({ email, redirectTo: '/reset-password/new' }),
    });
    expect(reset.status).toBe(200);
    const logged = Date.now() + 10_000;
    while (!run.output.includes('Reset your TalentForge password') && Date.now() < logged) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(run.output).toContain('Reset your TalentForge password');
    expect(run.output).not.toContain('/api/auth/reset-password/');
    expect(run.output).not.toContain('/api/auth/verify-email');

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });

  it('loses no acknowledged write when killed (kill -9) under load', {
    timeout: 120_000,
  }, async () => {
    // Sign-ups are limited per address (10 a minute): this load comes from one.
    const run = await startServer({ AUTH_RATE_LIMIT: '100000' });
    // Ten writers sign people up one after another; each answered 200 is acknowledged.
    const acknowledged: string[] = [];
    let stop = false;
    let sent = 0;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const email = `killed-${n}-${i}@example.test`;
        sent++;
        const res = await signUp(run.base, email).catch(() => undefined);
        if (res?.status === 200) acknowledged.push(email);
      }
    };
    const writers = Array.from({ length: 10 }, (_, n) => writer(n));
    // Killed while writes are in flight: after 20 were acknowledged, with more sent.
    const enough = Date.now() + 60_000;
    while (acknowledged.length < 20 && Date.now() < enough) {
      await new Promise((r) => setTimeout(r, 20));
    }
    run.child.kill('SIGKILL');
    await run.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length, run.output).toBeGreaterThanOrEqual(20);
    expect(sent).toBeGreaterThan(acknowledged.length);

    // The folder opens again (the dead writer's lock is taken over) with every one of them.
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.query<{ email: string }>(
        'select email from "user" where email = any($1)',
        [acknowledged],
      );
      expect(rows.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await database.close();
    }
  });
});
