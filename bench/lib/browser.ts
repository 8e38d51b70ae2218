import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { removeDir, track } from './cleanup';
import { freePort } from './server';

export const chromiumPath = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a quiet, reproducible headless Chromium in a container. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function assertChromium() {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath} (install it: apt-get update && apt-get install -y chromium, or set BENCH_CHROMIUM)`,
    );
  }
}

/** Headless Chromium driven by Playwright. */
export async function launchBrowser(): Promise<Browser> {
  assertChromium();
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

export interface DebuggableChromium {
  /** The remote debugging port (what Lighthouse connects to). */
  port: number;
  close(): Promise<void>;
}

/**
 * Chromium started directly (no Playwright, no chrome-launcher) with a remote
 * debugging port and a throw-away profile, for tools that drive it over CDP.
 */
export async function launchDebuggableChromium(timeoutMs = 30_000): Promise<DebuggableChromium> {
  assertChromium();
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'talentforge-bench-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      ...chromiumFlags,
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      '--no-default-browser-check',
      '--disable-extensions',
      '--disable-dev-shm-usage',
      '--mute-audio',
      'about:blank',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });

  const kill = (signal: NodeJS.Signals) => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  };
  const untrack = track({ kill: () => kill('SIGKILL'), dirs: [profile] });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    untrack();
    removeDir(profile);
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await close();
      throw new Error(`Chromium exited before its debugging port opened:\n${log.trim()}`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`Chromium's debugging port ${port} did not open:\n${log.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, close };
}
