import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E, e2eDir } from './paths';

export interface OwnServer {
  baseUrl: string;
  admin: { email: string; password: string; name: string };
  stop(): Promise<void>;
}

/**
 * A second app server with its own embedded database, for journeys that change
 * what every user of a server meets (a very short idle timeout, required
 * two-factor sign-in) and so must not share the suite's server.
 */
export async function startOwnServer(
  name: string,
  portOffset: number,
  extraEnv: Record<string, string> = {},
): Promise<OwnServer> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const port = E2E.port + portOffset;
  const baseUrl = `http://localhost:${port}`;
  const dataDir = path.join(e2eDir, `own-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const admin = {
    email: `admin-${name}@talentforge.test`,
    password: 'admin-password',
    name: 'Ada Admin',
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    // The suite's SMTP sink (global-setup.ts): sign-up's verification mail reaches the tests.
    SMTP_URL: process.env.E2E_SMTP_URL ?? '',
    MAIL_FROM: 'TalentForge <no-reply@talentforge.test>',
    ...extraEnv,
  };
  await run(
    [
      'tsx',
      'scripts/create-admin.ts',
      '--email',
      admin.email,
      '--password',
      admin.password,
      '--name',
      admin.name,
    ],
    root,
    env,
  );
  const server: ChildProcess = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`own server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('own server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    admin,
    async stop() {
      if (server.pid) {
        try {
          process.kill(-server.pid, 'SIGTERM');
        } catch {}
      }
      await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function run(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('npx', args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
  });
}
