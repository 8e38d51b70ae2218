import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import type { RunStatus } from '../../domain/test-runs';
import { createRunCgroup } from './cgroups';
import { type JunitSummary, parseJunit, type TestFailure } from './junit';
import { CappedOutput } from './output';

export interface SandboxFile {
  path: string;
  content: string;
}

export interface SandboxLimits {
  /** Wall clock for the whole run; the process group is killed after it. */
  wallMs: number;
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Memory of the whole run (cgroup) and V8's old-space cap per node process. */
  memoryMb: number;
  heapMb: number;
  /** Processes and threads of one run (pids cgroup); RLIMIT_NPROC of the sandbox uid is this times the concurrency. */
  processes: number;
  nprocForUid: number;
  /** Bytes of output kept (the JUnit report has its own, larger cap). */
  outputBytes: number;
  tmpfsBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 20_000,
  cpuSeconds: 20,
  memoryMb: 256,
  heapMb: 128,
  processes: 64,
  nprocForUid: 128,
  outputBytes: 64 * 1024,
  tmpfsBytes: 64 * 1024 * 1024,
};

export interface RunOutcome {
  status: Exclude<RunStatus, 'queued' | 'running'>;
  passed: number;
  failed: number;
  skipped: number;
  failures: TestFailure[];
  output: string;
  durationMs: number;
}

/** The uid the tests run as, inside and outside the sandbox: nobody, used by nothing else here. */
export const SANDBOX_UID = 65534;
const JUNIT_CAP = 1024 * 1024;
const HEAP_OOM = /JavaScript heap out of memory|Reached heap limit/;

export interface SandboxStatus {
  available: boolean;
  reason: string | null;
}

export const NOT_AVAILABLE =
  'Test runs are not available on this server: bubblewrap is not installed';

function findBinary(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/usr/local/bin']) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

let detected: SandboxStatus | undefined;

/**
 * Checked once at start: bubblewrap, prlimit and setpriv are there and a
 * sandbox starts. Without them runs are refused, never run unsandboxed.
 */
export function detectSandbox(force = false): SandboxStatus {
  if (detected && !force) return detected;
  const bwrap = findBinary('bwrap');
  if (!bwrap) {
    detected = { available: false, reason: NOT_AVAILABLE };
    return detected;
  }
  if (!findBinary('prlimit') || !findBinary('setpriv')) {
    detected = {
      available: false,
      reason:
        'Test runs are not available on this server: prlimit and setpriv (util-linux) are missing',
    };
    return detected;
  }
  const probe = spawnSync(
    '/bin/sh',
    [
      '-c',
      'exec "$@"',
      'sh',
      ...outerCommand(DEFAULT_LIMITS),
      ...bwrapArgs(DEFAULT_LIMITS),
      process.execPath,
      '-e',
      'process.exit(0)',
    ],
    { env: {}, timeout: 10_000, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  detected =
    probe.status === 0
      ? { available: true, reason: null }
      : {
          available: false,
          reason: `Test runs are not available on this server: the sandbox does not start (${probe.stderr?.toString().trim().slice(0, 200) || 'unknown error'})`,
        };
  return detected;
}

function outerCommand(limits: SandboxLimits): string[] {
  return [
    findBinary('prlimit') ?? 'prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--nproc=${limits.nprocForUid}`,
    `--fsize=${limits.tmpfsBytes}`,
    '--core=0',
    '--nofile=256',
    '--',
    findBinary('setpriv') ?? 'setpriv',
    `--reuid=${SANDBOX_UID}`,
    `--regid=${SANDBOX_UID}`,
    '--clear-groups',
    '--no-new-privs',
    '--',
  ];
}

/** Read-only system folders (a merged-/usr symlink stays a symlink), the node binary, and tmpfs for the files. */
function bwrapArgs(limits: SandboxLimits): string[] {
  const args = [
    findBinary('bwrap') ?? 'bwrap',
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--clearenv',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const dir of ['/lib', '/lib64', '/bin']) {
    let stat: ReturnType<typeof lstatSync> | undefined;
    try {
      stat = lstatSync(dir);
    } catch {
      continue;
    }
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  const node = process.execPath;
  if (!node.startsWith('/usr/') && !node.startsWith('/bin/')) args.push('--ro-bind', node, node);
  args.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.tmpfsBytes),
    '--tmpfs',
    '/work',
    '--size',
    String(16 * 1024 * 1024),
    '--tmpfs',
    '/tmp',
    '--remount-ro',
    '/',
    '--setenv',
    'HOME',
    '/work',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'NODE_OPTIONS',
    `--max-old-space-size=${limits.heapMb}`,
    '--setenv',
    'UV_THREADPOOL_SIZE',
    '2',
    '--chdir',
    '/work',
    '--',
  );
  return args;
}

/**
 * Runs inside the sandbox as nobody: writes the files it reads from stdin
 * into the tmpfs, then runs `node --test` with the JUnit report on stdout
 * and the readable one on stderr.
 */
const BOOTSTRAP = `
const fs = require('node:fs'), path = require('node:path'), cp = require('node:child_process');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  for (const f of input.files) {
    const target = path.join('/work', f.path);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, f.content);
  }
  const r = cp.spawnSync(process.execPath, ['--v8-pool-size=2', '--test', '--test-reporter=junit', '--test-reporter-destination=stdout', '--test-reporter=spec', '--test-reporter-destination=stderr', ...input.tests], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.signal) process.stderr.write('\\n[test runner stopped by ' + r.signal + ']\\n');
  process.exit(r.status ?? 1);
});
`;

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST_FILE =
  /(^|\/)(test\/.*\.(c|m)?js|[^/]*[._-]test\.(c|m)?js|test-[^/]*\.(c|m)?js|test\.(c|m)?js)$/;

/** TypeScript to CommonJS JavaScript (esbuild only parses: nothing is executed here). */
export async function prepareFiles(
  files: SandboxFile[],
): Promise<{ files: SandboxFile[]; tests: string[]; errors: TestFailure[] }> {
  const out = new Map<string, string>();
  const errors: TestFailure[] = [];
  let hasTs = false;
  for (const file of files) {
    if (TS_SOURCE.test(file.path) && !file.path.endsWith('.d.ts')) {
      hasTs = true;
      try {
        const result = await transform(file.content, {
          loader: file.path.endsWith('x') ? 'tsx' : 'ts',
          format: 'cjs',
          target: 'node20',
          sourcefile: file.path,
          sourcemap: 'inline',
        });
        out.set(file.path.replace(TS_SOURCE, '.js'), result.code);
      } catch (error) {
        const failures =
          (
            error as {
              errors?: { text: string; location?: { line: number; column: number } | null }[];
            }
          ).errors ?? [];
        for (const e of failures.slice(0, 10)) {
          const at = e.location ? `:${e.location.line}:${e.location.column}` : '';
          errors.push({ name: `Compile ${file.path}`, message: `${file.path}${at}: ${e.text}` });
        }
        if (failures.length === 0)
          errors.push({ name: `Compile ${file.path}`, message: String(error) });
      }
    } else if (!out.has(file.path)) {
      out.set(file.path, file.content);
    }
  }
  if (hasTs && !out.has('package.json')) out.set('package.json', '{"type":"commonjs"}\n');
  const list = [...out.entries()].map(([p, content]) => ({ path: p, content }));
  const tests = list
    .map((f) => f.path)
    .filter((p) => TEST_FILE.test(p) && !p.split('/').includes('node_modules'))
    .sort();
  return { files: list, tests, errors };
}

/**
 * Runs a project's tests in bubblewrap as nobody: no network, no view of the
 * host's files beyond /usr and the node binary, the files in a tmpfs, limits
 * on memory, processes, CPU, wall clock and output.
 */
export async function runInSandbox(
  files: SandboxFile[],
  limits: SandboxLimits = DEFAULT_LIMITS,
): Promise<RunOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const status = detectSandbox();
  if (!status.available) throw new Error(status.reason ?? NOT_AVAILABLE);

  const prepared = await prepareFiles(files);
  if (prepared.errors.length > 0) {
    return {
      status: 'failed',
      passed: 0,
      failed: prepared.errors.length,
      skipped: 0,
      failures: prepared.errors,
      output: prepared.errors.map((e) => e.message).join('\n'),
      durationMs: elapsed(),
    };
  }
  if (prepared.tests.length === 0) {
    return {
      status: 'error',
      passed: 0,
      failed: 0,
      skipped: 0,
      failures: [],
      output: 'No test files found (names like cart.test.js or files under test/).',
      durationMs: elapsed(),
    };
  }

  const cgroup = await createRunCgroup(`run-${randomUUID()}`, {
    memoryBytes: limits.memoryMb * 1024 * 1024,
    pids: limits.processes,
  });
  const join = cgroup?.procsFiles ?? [];
  // sh joins the cgroup(s) as root, then execs prlimit -> setpriv (nobody) -> bwrap -> node.
  const script =
    'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 97; shift; done; shift; exec "$@"';
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      script,
      'sh',
      ...join,
      '--',
      ...outerCommand(limits),
      ...bwrapArgs(limits),
      process.execPath,
      '-e',
      BOOTSTRAP,
    ],
    { env: {}, detached: true, stdio: ['pipe', 'pipe', 'pipe'] },
  );

  const junit = new CappedOutput(JUNIT_CAP);
  const output = new CappedOutput(limits.outputBytes);
  let heapOom = false;
  let tail = '';
  const watch = (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    if (HEAP_OOM.test(text)) heapOom = true;
    tail = text.slice(-64);
  };
  child.stdout.on('data', (chunk: Buffer) => junit.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    watch(chunk);
    output.push(chunk);
  });
  // Output far past the caps is a runaway: stop it rather than read it all.
  const runaway = () => junit.total + output.total > 32 * 1024 * 1024;

  let timedOut = false;
  let killedForOutput = false;
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, limits.wallMs);
  const outputCheck = setInterval(() => {
    if (runaway()) {
      killedForOutput = true;
      killGroup();
    }
  }, 100);

  child.stdin.on('error', () => {});
  child.stdin.end(JSON.stringify({ files: prepared.files, tests: prepared.tests }));

  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      child.on('close', (code, signal) => resolve({ code, signal }));
      child.on('error', () => resolve({ code: null, signal: null }));
    },
  );
  clearTimeout(timer);
  clearInterval(outputCheck);
  const oom = (await cgroup?.oomKilled()) || heapOom;
  await cgroup?.destroy();

  const summary: JunitSummary = parseJunit(junit.text());
  const base = {
    passed: summary.passed,
    failed: summary.failed,
    skipped: summary.skipped,
    failures: summary.failures,
    durationMs: elapsed(),
  };
  const text = output.text();
  if (timedOut) {
    return {
      ...base,
      status: 'timeout',
      output: `${text}\n[stopped after ${Math.round(limits.wallMs / 1000)} s]`.trim(),
    };
  }
  if (oom) {
    return {
      ...base,
      status: 'out-of-memory',
      output: `${text}\n[stopped: the tests used more than ${limits.memoryMb} MB]`.trim(),
    };
  }
  if (exit.signal === 'SIGXCPU' || /SIGXCPU/.test(text)) {
    return { ...base, status: 'timeout', output: `${text}\n[stopped: CPU time limit]`.trim() };
  }
  if (killedForOutput) {
    return { ...base, status: 'error', output: `${text}\n[stopped: too much output]`.trim() };
  }
  if (exit.code === 97) {
    return { ...base, status: 'error', output: 'The sandbox could not be set up' };
  }
  if (summary.failed > 0) return { ...base, status: 'failed', output: text };
  if (summary.passed > 0 && exit.code === 0) return { ...base, status: 'passed', output: text };
  return {
    ...base,
    status: summary.passed > 0 ? 'failed' : 'error',
    output: text || `The test runner exited with code ${exit.code ?? exit.signal}`,
  };
}
