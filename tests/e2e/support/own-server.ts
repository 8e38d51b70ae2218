import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { E2E, e2eDir, freshDataDir } from './paths';

export interface OwnServer {
  baseUrl: string;
  admin: { email: string; password: string; name: string };
  stop(): Promise<void>;
}

/**
 * Each own server's port, above the suite's: one list, so two journeys running at once on
 * two workers never start servers on the same port (ai-admin and ai-review once did, and
 * one's page talked to the other's server).
 */
const PORT_OFFSETS = {
  security: 1000,
  languages: 1001,
  demo: 1002,
  'ai-admin': 1003,
  'ai-review': 1004,
} as const;
export type OwnServerName = keyof typeof PORT_OFFSETS;

/** The address an own server answers on (for `test.use({ baseURL })` before it starts). */
export const ownServerUrl = (name: OwnServerName) =>
  `http://localhost:${E2E.port + PORT_OFFSETS[name]}`;

/**
 * A second app server with its own embedded database, for journeys that change
 * what every user of a server meets (a very short idle timeout, required
 * two-factor sign-in) and so must not share the suite's server.
 */
export async function startOwnServer(
  name: OwnServerName,
  extraEnv: Record<string, string> = {},
  options: { seedDemo?: boolean } = {},
): Promise<OwnServer> {
  const root = path.resolve(import.meta.dirname, '../../..');
  const port = E2E.port + PORT_OFFSETS[name];
  const baseUrl = ownServerUrl(name);
  const dataDir = path.join(e2eDir, `own-${name}-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  // A copy of the suite's database as it was before any journey ran (migrated, the admin
  // only): migrating a new one and creating its admin took longer than most journeys.
  cpSync(freshDataDir, dataDir, { recursive: true });
  const admin = E2E.admin;
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
  // README's demo data, made the way README says (npm run seed-demo, the server stopped).
  if (options.seedDemo) {
    execFileSync('npx', ['tsx', 'scripts/seed-demo.ts'], { cwd: root, env, stdio: 'ignore' });
  }
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
