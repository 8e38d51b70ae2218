import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort, repoRoot, supervise } from './server';

/**
 * A stage's own server process (bench/lib/*-server.ts): the real app and a bare Hono app
 * on one embedded database, on two free ports, with a temporary DATA_DIR. It prints one
 * JSON line when it is ready (seeded, signed in); other lines are its log.
 */
export interface BenchChild<Ready> {
  appUrl: string;
  bareUrl: string;
  ready: Ready;
  /** Stops the process group and removes its data directory; safe to call twice. */
  stop(): Promise<void>;
}

export interface BenchChildOptions<Ready> {
  /** The script, relative to the repository root. */
  script: string;
  /** For the data directory's name and error messages. */
  name: string;
  /** Whether a parsed JSON line of its stdout is the ready line. */
  isReady(line: Partial<Ready>): boolean;
  /**
   * Compile the script as the server is compiled (scripts/build-server.mjs) and run it with
   * plain node, as `npm start` runs the server: no tsx, whose module loader runs on a thread
   * of its own (another V8 heap, about 50 MB resident) that the shipped server has not.
   */
  compiled?: boolean;
  /** Extra environment (PORT_APP, PORT_BARE and DATA_DIR are set here). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/** Bundles the script into dist/bench/NAME/ (npm packages stay external, as in dist/server). */
async function compile(script: string, name: string): Promise<string> {
  const outdir = path.join(repoRoot, 'dist', 'bench', name);
  await build({
    absWorkingDir: repoRoot,
    entryPoints: { [name]: path.join(repoRoot, script) },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return path.join(outdir, `${name}.js`);
}

/** Starts the script in its own process group and waits for its ready line. */
export async function startBenchChild<Ready>(
  options: BenchChildOptions<Ready>,
): Promise<BenchChild<Ready>> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const [portApp, portBare] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), `talentforge-bench-${options.name}-`));
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=DIR"
  // (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = options.compiled
    ? ['--enable-source-maps', await compile(options.script, options.name)]
    : ['--import', 'tsx', options.script];
  // As npm start runs the server (package.json); a flag in BENCH_SERVER_NODE_ARGS comes later and wins.
  const child = spawn(process.execPath, ['--max-old-space-size=1024', ...nodeArgs, ...entry], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // As npm start, the Dockerfile and the systemd unit run the server (docs/decisions/029).
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      ...options.env,
      PORT_APP: String(portApp),
      PORT_BARE: String(portBare),
      DATA_DIR: dataDir,
    },
  });
  const stop = supervise(child, dataDir);
  // BENCH_CHILD_LOG=FILE: the server's whole output there too (e.g. with --trace-gc).
  const logFile = process.env.BENCH_CHILD_LOG;
  if (logFile) {
    const out = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => out.write(chunk));
  }
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000);
  });

  try {
    const ready = await new Promise<Ready>((resolve, reject) => {
      let buffer = '';
      const timer = setTimeout(
        () => reject(new Error(`not ready within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          newline = buffer.indexOf('\n');
          if (!line.startsWith('{')) continue;
          try {
            const parsed = JSON.parse(line) as Partial<Ready>;
            if (options.isReady(parsed)) {
              clearTimeout(timer);
              resolve(parsed as Ready);
              continue;
            }
          } catch {
            // not the ready line
          }
          log = `${log}${line}\n`.slice(-8000); // the app's own log lines (warnings)
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`exited (${code ?? signal}) before it was ready`));
      });
      child.once('error', reject);
    });
    return {
      appUrl: `http://localhost:${portApp}`,
      bareUrl: `http://localhost:${portBare}`,
      ready,
      stop,
    };
  } catch (error) {
    await stop();
    throw new Error(
      `${options.name} server: ${(error as Error).message}\n--- its output ---\n${log.trim()}`,
    );
  }
}
