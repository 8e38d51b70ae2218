import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './lib/paths';

/**
 * Production runs the compiled server with plain node: built the way
 * `npm run build` builds it (into a folder of its own inside the project, so
 * that it finds drizzle/ the same way dist/server does), it starts, migrates a
 * fresh database, answers /api/health, keeps mail text out of its log, and
 * stops cleanly on SIGTERM.
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

describe('the compiled server', () => {
  it('runs with plain node, answers /api/health and stops on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs'), outdir], {
      cwd: root,
      stdio: 'pipe',
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let output = '';
    server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
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
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    server.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));

    const deadline = Date.now() + 90_000;
    let health: Response | undefined;
    while (Date.now() < deadline && server.exitCode === null) {
      health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(health?.status, output).toBe(200);
    expect(await health?.json()).toEqual({ ok: true });

    // Without SMTP the mail is logged, but not its text (the reset link) in production.
    const headers = { 'content-type': 'application/json', origin: base };
    const email = 'compiled@example.test';
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Compiled Person',
        email,
        password: 'secret-password',
        accountType: 'candidate',
      }),
    });
    expect(signUp.status).toBe(200);
    const reset = await fetch(`${base}/api/auth/request-password-reset`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, redirectTo: '/reset-password/new' }),
    });
    expect(reset.status).toBe(200);
    const logged = Date.now() + 10_000;
    while (!output.includes('Reset your TalentForge password') && Date.now() < logged) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toContain('Reset your TalentForge password');
    expect(output).not.toContain('/api/auth/reset-password/');
    expect(output).not.toContain('/api/auth/verify-email');

    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
