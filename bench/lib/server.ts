import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CaughtMail, startSmtpCatcher } from '../../src/server/test/smtp-catcher';
import { removeDir, track } from './cleanup';

/** Repository root (bench/lib/../..). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const webIndex = path.join(repoRoot, 'dist/web/index.html');
/** What the web build depends on; a change to any of these makes dist/web stale. */
const buildInputs = [
  'src/web',
  'src/domain',
  'vite.config.ts',
  'postcss.config.cjs',
  'package.json',
  'package-lock.json',
];

/** A free TCP port on this machine (asks the OS for one, then releases it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether dist/web is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  if (!existsSync(webIndex)) return true;
  const built = statSync(webIndex).mtimeMs;
  return buildInputs.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

/** Runs a command in the repository, resolving with its combined output; rejects on failure. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.trim()}`));
    });
  });
}

/** Builds the web app into dist/web with Vite unless it is up to date (or `force`). */
export async function ensureWebBuild(options: { force?: boolean } = {}): Promise<void> {
  if (!options.force && !webBuildIsStale()) {
    console.log('web build: dist/web is up to date');
    return;
  }
  console.log('web build: npx vite build ...');
  const started = Date.now();
  await runCommand('npx', ['vite', 'build']);
  if (!existsSync(webIndex))
    throw new Error('vite build finished but dist/web/index.html is missing');
  console.log(`web build: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Mail the server sent (a local SMTP sink): sign-up's verification links. */
  mails: CaughtMail[];
  /** Stops the server and removes its data directory; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Extra environment for the server (overrides the bench defaults). */
  env?: Record<string, string>;
  /** How long to wait for /api/health. */
  timeoutMs?: number;
}

/**
 * Watches a detached child process with its data directory: killed and removed if the
 * bench itself dies; the returned stop() ends it (SIGTERM, SIGKILL after 5 s, then its
 * whole process group) and removes the directory. Safe to call twice.
 */
export function supervise(child: ChildProcess, dataDir: string): () => Promise<void> {
  const untrack = track({ kill: () => killGroup(child, 'SIGKILL'), dirs: [dataDir] });
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    // Anything the child left behind in its group.
    killGroup(child, 'SIGKILL');
    untrack();
    removeDir(dataDir);
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // The server runs in its own process group (detached), so this reaches all of it.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts the app (src/server/main.ts through tsx) on a free port with a fresh,
 * temporary DATA_DIR (embedded PGlite) and waits until /api/health answers.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'talentforge-bench-'));
  // Sign-up is finished by the mailed link (docs/decisions/019): the bench reads it here.
  const smtp = await startSmtpCatcher();
  // The flag and malloc's settings as npm start runs the server (docs/decisions/029).
  const args = ['--max-old-space-size=1024', '--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      APP_URL: url,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      ...options.env,
    },
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stopServer = supervise(child, dataDir);
  const stop = async () => {
    await stopServer();
    await smtp.close();
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `the server exited (${child.exitCode ?? child.signalCode}) before it was healthy`,
        );
      }
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`/api/health did not answer within the timeout`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log.trim()}`);
  }
  return { url, port, dataDir, mails: smtp.mails, stop };
}
