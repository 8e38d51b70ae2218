import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { SandboxMode } from '../../domain/integrations';
import { detectRunner, type RunStatus, type TestLanguage } from '../../domain/test-runs';
import { createRunCgroup, detectCgroups, type RunCgroup } from './cgroups';
import {
  COMPILE_SCRIPT,
  JAVA_LISTENER_SOURCE,
  PRELOAD_SCRIPT,
  PYTEST_RUN_SCRIPT,
  RESULT_PIPE_CAP,
} from './grader-scripts';
import { UTIL_LINUX_BINARIES } from './host-packages';
import {
  type JunitCase,
  type JunitSummary,
  parseJunitCases,
  summarise,
  type TestFailure,
} from './junit';
import { executeLanguage, toolchainMissing } from './languages';
import { CappedOutput } from './output';
import { type RuntimeName, runtimeMounts } from './runtimes';
import { seccompFilter } from './seccomp';
import { countAgainstUnits } from './trusted-counts';

export interface SandboxFile {
  path: string;
  content: string;
  /** A hidden test (or support file): run in its own pass, never shown to the candidate. */
  hidden?: boolean;
}

export interface SandboxLimits {
  /** Wall clock for the whole run (compile and every pass); everything is killed after it. */
  wallMs: number;
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Memory of the whole run (cgroup); V8's old-space cap per node process (heapMb). */
  memoryMb: number;
  heapMb: number;
  /** Processes and threads of one run (pids cgroup); RLIMIT_NPROC of the sandbox uid is this times the concurrency. */
  processes: number;
  nprocForUid: number;
  /** Bytes of output kept (the JUnit report has its own, larger cap). */
  outputBytes: number;
  /** The writable /tmp and /dev/shm of a run. */
  tmpfsBytes: number;
  shmBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 20_000,
  cpuSeconds: 20,
  memoryMb: 256,
  // Above the cgroup's cap: the cgroup's OOM killer (a kernel event) decides, not V8's message.
  heapMb: 384,
  processes: 64,
  nprocForUid: 128,
  outputBytes: 64 * 1024,
  tmpfsBytes: 16 * 1024 * 1024,
  shmBytes: 16 * 1024 * 1024,
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

/** How runs are limited on this server (shown on the Integrations page). */
export type { SandboxMode };

export interface SandboxStatus {
  available: boolean;
  reason: string | null;
  /** Absent from stand-ins (tests); unknown counts as unavailable. */
  mode?: SandboxMode;
}

export const NOT_AVAILABLE =
  'Test runs are not available on this server: bubblewrap is not installed';
export const NO_CGROUP = 'Test runs need cgroups on this server';
/** The operator's explicit choice to run without a cgroup (rlimits and prlimit --as only). */
export const NO_CGROUP_OVERRIDE_ENV = 'SANDBOX_ALLOW_NO_CGROUP';

function findBinary(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/usr/local/bin']) {
    const candidate = path.join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

const overrideNoCgroup = () => process.env[NO_CGROUP_OVERRIDE_ENV] === '1';

/**
 * Staging folders on the host: the root is root's, 0711 (nobody may enter a
 * run's folder by its random name, never list them). /grader holds the
 * scripts, esbuild and an execute-only copy of node.
 */
export function stagingRoot(): string {
  return process.env.SANDBOX_STAGING_DIR ?? path.join(os.tmpdir(), 'talentforge-sandbox');
}

interface Grader {
  dir: string;
  /** The compiled seccomp program, opened read-only for each sandbox (bwrap reads it from fd 3). */
  seccomp: string;
  /** The node binary the test runner runs from: mode 0111, so every process of a pass is not dumpable. */
  node: string;
  esbuildLib: string;
  esbuildBinary: string;
}

let grader: Grader | undefined;

function ensureDir(dir: string, mode: number) {
  mkdirSync(dir, { recursive: true, mode });
  const stat = lstatSync(dir);
  if (!stat.isDirectory() || stat.isSymbolicLink()) throw new Error(`${dir} is not a folder`);
  if (stat.uid !== 0) chownSync(dir, 0, 0);
  chmodSync(dir, mode);
}

/** Writes the grader folder once per process (the node copy once per node version). */
export function prepareGrader(): Grader {
  if (grader) return grader;
  const root = stagingRoot();
  ensureDir(root, 0o711);
  // One folder per version of the scripts: servers of another version sharing the staging
  // folder (a rolling restart, another checkout's tests) never overwrite the scripts a run uses.
  const version = createHash('sha256')
    .update([COMPILE_SCRIPT, PRELOAD_SCRIPT, PYTEST_RUN_SCRIPT, JAVA_LISTENER_SOURCE].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(root, `grader-${version}`);
  ensureDir(dir, 0o755);
  // The execute-only node copy is made once per node version (about 100 MB) and hard-linked in.
  const nodeDir = path.join(root, 'node');
  ensureDir(nodeDir, 0o755);
  const node = process.execPath;
  const stat = statSync(node);
  const name = `node-${stat.size}-${Math.floor(stat.mtimeMs)}`;
  const shared = path.join(nodeDir, name);
  if (!existsSync(shared) || (statSync(shared).mode & 0o777) !== 0o111) {
    const temp = `${shared}.${process.pid}.tmp`;
    copyFileSync(node, temp);
    chmodSync(temp, 0o111);
    renameSync(temp, shared);
  }
  const copy = path.join(dir, name);
  if (!existsSync(copy) || statSync(copy).ino !== statSync(shared).ino) {
    const temp = `${copy}.${process.pid}.tmp`;
    try {
      linkSync(shared, temp);
    } catch {
      copyFileSync(shared, temp);
      chmodSync(temp, 0o111);
    }
    renameSync(temp, copy);
  }
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, text, { mode: 0o644 });
    renameSync(temp, file);
  };
  const filter = seccompFilter();
  if (!filter.ok) throw new Error(filter.reason);
  const seccomp = path.join(dir, 'seccomp.bpf');
  writeFileSync(`${seccomp}.${process.pid}.tmp`, filter.bpf, { mode: 0o644 });
  renameSync(`${seccomp}.${process.pid}.tmp`, seccomp);
  write('compile.cjs', COMPILE_SCRIPT);
  write('preload.cjs', PRELOAD_SCRIPT);
  write('pytest_run.py', PYTEST_RUN_SCRIPT);
  ensureDir(path.join(dir, 'java'), 0o755);
  write('java/TalentForgeListener.java', JAVA_LISTENER_SOURCE);
  const require = createRequire(import.meta.url);
  const esbuildMain = require.resolve('esbuild');
  const esbuildLib = path.dirname(path.dirname(esbuildMain));
  const arch = process.arch === 'x64' ? 'x64' : process.arch;
  const esbuildBinary = createRequire(esbuildMain).resolve(
    `@esbuild/${process.platform}-${arch}/bin/esbuild`,
  );
  grader = { dir, seccomp, node: copy, esbuildLib, esbuildBinary };
  return grader;
}

let detected: SandboxStatus | undefined;

/**
 * Checked once at start: bubblewrap, prlimit, setpriv, the seccomp filter
 * and a cgroup (or the operator's override) are there and a sandbox starts.
 * Without them runs are refused, never run with less isolation.
 */
export function detectSandbox(force = false): SandboxStatus {
  if (!detected || force) detected = probeSandbox();
  return detected;
}

function probeSandbox(): SandboxStatus {
  const unavailable = (reason: string): SandboxStatus => ({
    available: false,
    reason,
    mode: 'unavailable',
  });
  if (!findBinary('bwrap')) return unavailable(NOT_AVAILABLE);
  if (UTIL_LINUX_BINARIES.some((binary) => !findBinary(binary))) {
    return unavailable(
      'Test runs are not available on this server: prlimit and setpriv (util-linux) are missing',
    );
  }
  const filter = seccompFilter();
  if (!filter.ok) return unavailable(filter.reason);
  const mode = limitMode(detectCgroups().kind, overrideNoCgroup());
  if (!mode) {
    return unavailable(
      `${NO_CGROUP}: no writable cgroup v2 (memory, pids) or v1 memory and pids hierarchy was found. Run the server as root on a machine with cgroups, or set ${NO_CGROUP_OVERRIDE_ENV}=1 to run with rlimits only.`,
    );
  }
  try {
    prepareGrader();
  } catch (error) {
    return unavailable(
      `Test runs are not available on this server: the staging folder cannot be prepared (${(error as Error).message})`,
    );
  }
  const filterFd = openSync(prepareGrader().seccomp, 'r');
  let probe: ReturnType<typeof spawnSync>;
  try {
    probe = spawnSync(
      '/bin/sh',
      [
        '-c',
        'exec "$@"',
        'sh',
        ...outerCommand(DEFAULT_LIMITS, mode),
        ...bwrapPrefix(),
        process.execPath,
        '-e',
        'process.exit(0)',
      ],
      {
        env: {},
        cwd: '/',
        timeout: 10_000,
        input: nulArgs(bwrapArgs(DEFAULT_LIMITS, { mounts: ['--dir', '/work'] })),
        stdio: ['pipe', 'ignore', 'pipe', filterFd],
      },
    );
  } finally {
    closeSync(filterFd);
  }
  return probe.status === 0
    ? { available: true, reason: null, mode }
    : unavailable(
        `Test runs are not available on this server: the sandbox does not start (${probe.stderr?.toString().trim().slice(0, 200) || 'unknown error'})`,
      );
}

/** No cgroup, no run: unless the operator set the override, which adds prlimit --as (null: refuse). */
export function limitMode(cgroups: 'v2' | 'v1' | 'none', override: boolean): SandboxMode | null {
  if (cgroups === 'v2') return 'cgroup-v2';
  if (cgroups === 'v1') return 'cgroup-v1';
  return override ? 'no-cgroup-override' : null;
}

/** prlimit (CPU, processes, file size, no core files; --as without a cgroup), then setpriv to nobody. */
export function outerCommand(limits: SandboxLimits, mode: SandboxMode): string[] {
  const args = [
    findBinary('prlimit') ?? 'prlimit',
    `--cpu=${limits.cpuSeconds}`,
    `--nproc=${limits.nprocForUid}`,
    `--fsize=${limits.tmpfsBytes}`,
    '--core=0',
    '--nofile=256',
  ];
  // Without a cgroup (operator's override), address space per process is the only memory cap.
  if (mode === 'no-cgroup-override') args.push(`--as=${addressSpaceBytes(limits)}`);
  args.push(
    '--',
    findBinary('setpriv') ?? 'setpriv',
    `--reuid=${SANDBOX_UID}`,
    `--regid=${SANDBOX_UID}`,
    '--clear-groups',
    '--no-new-privs',
    '--',
  );
  return args;
}

/** Node reserves far more address space than it uses (V8's code range, wasm guards): the memory cap plus 3 GB. */
export function addressSpaceBytes(limits: SandboxLimits): number {
  return (limits.memoryMb + 3 * 1024) * 1024 * 1024;
}

/** bwrap reads its arguments from stdin (fd 0) so /proc inside shows no host paths. */
function bwrapPrefix(): string[] {
  return [findBinary('bwrap') ?? 'bwrap', '--args', '0'];
}

function nulArgs(args: string[]): Buffer {
  return Buffer.from(`${args.join('\0')}\0`);
}

interface PassMounts {
  /** --ro-bind / --bind triples for this pass (the files, the grader). */
  mounts: string[];
  env?: Record<string, string>;
  /** Whose files of /usr the pass sees (node unless said). */
  runtime?: RuntimeName;
  /** Give the pass a result pipe on fd 4 (RESULT_FD), read into PassResult.channel. */
  channel?: boolean;
  /** With a result pipe: the harness's key, written to fd 5 (KEY_FD) and closed (the harness reads it, then closes its end). */
  key?: string;
}

/**
 * The sandbox: new namespaces (no network), nobody without capabilities, the
 * seccomp filter on fd 3, only the runtime's files of /usr, the project
 * read-only at /work (the cwd), a small writable /tmp and /dev/shm.
 */
function bwrapArgs(limits: SandboxLimits, pass: PassMounts): string[] {
  const args = [
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
    ...runtimeMounts(pass.runtime ?? 'node'),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.shmBytes),
    '--tmpfs',
    '/dev/shm',
    // bwrap's /dev is a tmpfs of its own: read-only, so only /dev/shm (capped) takes files.
    '--remount-ro',
    '/dev',
    '--size',
    String(limits.tmpfsBytes),
    '--tmpfs',
    '/tmp',
    ...pass.mounts,
    '--remount-ro',
    '/',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'PATH',
    '/usr/bin:/bin',
    '--setenv',
    'UV_THREADPOOL_SIZE',
    '2',
    '--setenv',
    'UV_USE_IO_URING',
    '0',
  ];
  for (const [key, value] of Object.entries(pass.env ?? {})) args.push('--setenv', key, value);
  args.push('--chdir', '/work', '--seccomp', '3', '--');
  return args;
}

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;
const TEST_FILE =
  /(^|\/)(test\/.*\.(c|m)?js|[^/]*[._-]test\.(c|m)?js|test-[^/]*\.(c|m)?js|test\.(c|m)?js)$/;

/** The path a file runs under once compiled (TypeScript becomes .js). */
const compiledPath = (p: string) =>
  TS_SOURCE.test(p) && !p.endsWith('.d.ts') ? p.replace(TS_SOURCE, '.js') : p;

/** Test files of a list of (compiled) paths. */
export function testFiles(paths: string[]): string[] {
  return paths.filter((p) => TEST_FILE.test(p) && !p.split('/').includes('node_modules')).sort();
}

export interface PassResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** What the pass wrote to its result pipe (fd 4), when it had one. */
  channel: string;
  output: CappedOutput;
  timedOut: boolean;
  killedForOutput: boolean;
  setupFailed: boolean;
}

export interface RunContext {
  limits: SandboxLimits;
  mode: SandboxMode;
  cgroup: RunCgroup | null;
  deadline: number;
  output: CappedOutput;
}

/** A run's cgroup (named `<label>-<uuid>`), clock and output: what every pass of it shares. */
async function newRunContext(
  label: string,
  mode: SandboxMode | undefined,
  limits: SandboxLimits,
): Promise<RunContext> {
  const cgroup = await createRunCgroup(`${label}-${randomUUID()}`, {
    memoryBytes: limits.memoryMb * 1024 * 1024,
    pids: limits.processes,
  });
  return {
    limits,
    mode: mode ?? 'unavailable',
    cgroup,
    deadline: Date.now() + limits.wallMs,
    output: new CappedOutput(limits.outputBytes),
  };
}

/** One sandboxed process tree (compile, visible or hidden pass), under the run's cgroup and clock. */
export async function runPass(
  ctx: RunContext,
  pass: PassMounts,
  command: string[],
  stdoutCap: number,
): Promise<PassResult> {
  const join = ctx.cgroup?.procsFiles ?? [];
  // sh joins the cgroup(s) as root, then execs prlimit -> setpriv (nobody) -> bwrap -> command.
  const script =
    'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 97; shift; done; shift; exec "$@"';
  const filterFd = openSync(prepareGrader().seccomp, 'r');
  let child: ChildProcess;
  try {
    child = spawn(
      '/bin/sh',
      [
        '-c',
        script,
        'sh',
        ...join,
        '--',
        ...outerCommand(ctx.limits, ctx.mode),
        ...bwrapPrefix(),
        ...command,
      ],
      {
        env: {},
        cwd: '/',
        detached: true,
        stdio: [
          'pipe',
          'pipe',
          'pipe',
          filterFd,
          ...(pass.channel ? (['pipe'] as const) : []),
          ...(pass.channel && pass.key !== undefined ? (['pipe'] as const) : []),
        ],
      },
    );
  } finally {
    closeSync(filterFd);
  }
  const stdout = new CappedOutput(stdoutCap);
  const channel = new CappedOutput(RESULT_PIPE_CAP);
  (child.stdio[4] as NodeJS.ReadableStream | null | undefined)?.on('data', (chunk: Buffer) =>
    channel.push(chunk),
  );
  const keyPipe = (child.stdio as unknown as (NodeJS.WritableStream | null | undefined)[])[5];
  if (keyPipe && pass.key !== undefined) {
    keyPipe.on('error', () => {});
    keyPipe.end(`${pass.key}\n`);
  }
  const stderr = ctx.output;
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin?.on('error', () => {});
  child.stdin?.end(nulArgs(bwrapArgs(ctx.limits, pass)));

  let timedOut = false;
  let killedForOutput = false;
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {}
  };
  const timer = setTimeout(
    () => {
      timedOut = true;
      killGroup();
    },
    Math.max(0, ctx.deadline - Date.now()),
  );
  // Output far past the caps is a runaway: stop it rather than read it all.
  const outputCheck = setInterval(() => {
    if (stdout.total + stderr.total + channel.total > 32 * 1024 * 1024) {
      killedForOutput = true;
      killGroup();
    }
  }, 100);
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      child.on('close', (code, signal) => resolve({ code, signal }));
      child.on('error', () => resolve({ code: null, signal: null }));
    },
  );
  clearTimeout(timer);
  clearInterval(outputCheck);
  return {
    ...exit,
    stdout: stdout.text(),
    channel: channel.text(),
    output: stderr,
    timedOut,
    killedForOutput,
    setupFailed: exit.code === 97,
  };
}

export type Partial = Omit<RunOutcome, 'durationMs' | 'output'> & { note?: string };

export const ZERO = { passed: 0, failed: 0, skipped: 0, failures: [] as TestFailure[] };

/**
 * The verdict of a pass from what the candidate cannot fake: our clock, the
 * cgroup's OOM counter, the exit status and signal of the test runner (a
 * process the tests cannot reach). The JUnit report only gives the counts
 * and messages shown.
 */
export async function judge(
  ctx: RunContext,
  result: PassResult,
  what: string,
): Promise<Partial | null> {
  if (result.timedOut) {
    return {
      ...ZERO,
      status: 'timeout',
      note: `[stopped after ${Math.round(ctx.limits.wallMs / 1000)} s${what === 'compile' ? ': compilation took too long' : ''}]`,
    };
  }
  if (await ctx.cgroup?.oomKilled()) {
    return {
      ...ZERO,
      status: 'out-of-memory',
      note: `[stopped: ${what === 'compile' ? 'compilation' : 'the tests'} used more than ${ctx.limits.memoryMb} MB]`,
    };
  }
  if (result.killedForOutput)
    return { ...ZERO, status: 'error', note: '[stopped: too much output]' };
  if (result.setupFailed)
    return { ...ZERO, status: 'error', note: 'The sandbox could not be set up' };
  if (result.signal === 'SIGXCPU')
    return { ...ZERO, status: 'timeout', note: '[stopped: CPU time limit]' };
  return null;
}

/** Counts from the report alone: only where no trusted list of the tests could be made. */
function countsOf(summary: JunitSummary, result: PassResult, label: string): Partial {
  const base = {
    passed: summary.passed,
    failed: summary.failed,
    skipped: summary.skipped,
    failures: summary.failures,
  };
  if (result.code === 0 && result.signal === null) {
    if (summary.passed + summary.skipped === 0 && summary.failed === 0) {
      return { ...base, status: 'error', note: `No tests ran (${label}).` };
    }
    // The runner saw no failure; a failure in the report can only be forged text.
    return { ...base, status: 'passed', failed: 0, failures: [] };
  }
  if (result.code === 1) {
    if (base.failed === 0) {
      base.failed = 1;
      base.failures = [
        ...base.failures,
        { name: label, message: 'The test runner reported a failure (exit code 1).' },
      ];
    }
    return { ...base, status: 'failed' };
  }
  return {
    ...base,
    status: 'error',
    note: `[the test runner (${label}) ended with ${result.signal ?? `exit code ${result.code}`}]`,
  };
}

/**
 * The verdict of a pass (from the exit status, never the report) with its
 * counts held to the trusted list of its tests: passed + failed + skipped is
 * the number of the template's tests, whatever the test code printed.
 */
function trustedCountsOf(
  units: string[][],
  cases: JunitCase[],
  result: PassResult,
  stopped: Partial | null,
  label: string,
): Partial {
  const runnerPassed = !stopped && result.code === 0 && result.signal === null;
  const runnerFailed = !stopped && result.code === 1;
  const counts = countAgainstUnits(units, cases, { runnerPassed, runnerFailed, label });
  const notes: string[] = [];
  if (counts.unmatched > 0) {
    notes.push(
      `[${counts.unmatched} reported result${counts.unmatched === 1 ? '' : 's'} (${label}) matched none of the template's ${units.length} tests and ${counts.unmatched === 1 ? 'was' : 'were'} not counted]`,
    );
  }
  const base = {
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    failures: counts.failures,
  };
  let partial: Partial;
  if (stopped) partial = { ...stopped, ...base };
  else if (runnerPassed) {
    // The runner saw every test file pass; a test that reported nothing still failed.
    partial =
      units.length === 0
        ? { ...base, status: 'error', note: `No tests ran (${label}).` }
        : { ...base, status: counts.failed > 0 ? 'failed' : 'passed' };
  } else if (runnerFailed) partial = { ...base, status: 'failed' };
  else {
    partial = {
      ...base,
      status: 'error',
      note: `[the test runner (${label}) ended with ${result.signal ?? `exit code ${result.code}`}]`,
    };
  }
  const note = [partial.note, ...notes].filter(Boolean).join('\n');
  return { ...partial, note: note || undefined };
}

export interface PassReport {
  label: string;
  hidden: boolean;
  result: PassResult;
  stopped: Partial | null;
  cases: JunitCase[];
}

/** What executing a project's tests gave: every pass's report, or an outcome that ended it early (compile errors, limits). */
export type Executed =
  | { early: Partial; passes?: undefined }
  | { early?: undefined; passes: PassReport[] };

/** A trusted list of a project's tests: each pass's test paths, from its original files. */
interface Enumeration {
  visible: string[][];
  hidden: string[][];
}

/** Enumerations of reference projects (keyed by a hash of their files), made once per server process. */
const enumerations = new Map<string, Promise<Enumeration | { error: string }>>();
const ENUMERATION_CACHE = 200;

function referenceKey(files: SandboxFile[]): string {
  const hash = createHash('sha256');
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${f.hidden ? 'H' : 'V'}\0${f.path}\0${f.content.length}\0${f.content}\0`);
  }
  return hash.digest('hex');
}

/**
 * Lists the tests of the reference project (the template's files as copied
 * on assign, and its hidden tests) without running any of them: the same
 * sandbox, compile and passes, with a test-name pattern that matches nothing,
 * so node reports every declared test as skipped. No candidate code is
 * present; only the template's own modules are loaded.
 */
function enumerate(reference: SandboxFile[], limits: SandboxLimits, language: TestLanguage) {
  const k = `${language}:${referenceKey(reference)}`;
  let known = enumerations.get(k);
  if (!known) {
    known = (async () => {
      const status = detectSandbox();
      const ctx = await newRunContext('enumerate', status.mode, limits);
      try {
        const executed = await execute(ctx, reference, { enumerate: true }, language);
        if (executed.early) {
          return {
            error: `${executed.early.status}${executed.early.note ? `: ${executed.early.note}` : ''}`,
          };
        }
        const list: Enumeration = { visible: [], hidden: [] };
        for (const pass of executed.passes) {
          if (pass.stopped) return { error: pass.stopped.note ?? pass.stopped.status };
          if (pass.result.code !== 0) {
            return {
              error: `listing the tests ended with ${pass.result.signal ?? `exit code ${pass.result.code}`}`,
            };
          }
          list[pass.hidden ? 'hidden' : 'visible'].push(...pass.cases.map((c) => c.path));
        }
        return list;
      } finally {
        await ctx.cgroup?.destroy();
      }
    })();
    enumerations.set(k, known);
    // A failed listing (a limit hit on a busy machine) is tried again next time.
    void known.then((r) => {
      if ('error' in r) enumerations.delete(k);
    });
    if (enumerations.size > ENUMERATION_CACHE) {
      const oldest = enumerations.keys().next().value;
      if (oldest !== undefined) enumerations.delete(oldest);
    }
  }
  return known;
}

export interface RunOptions {
  /**
   * The project as the template gave it (its files' original text, and the
   * hidden tests): the trusted list of tests the counts are held to. Without
   * it the counts are the report's own (and the output says so).
   */
  reference?: SandboxFile[];
  /** The project's test language (the template's runner); detected from the files when absent. */
  language?: TestLanguage;
}

function languageOf(files: SandboxFile[], language?: TestLanguage): TestLanguage {
  if (language) return language;
  const detected = detectRunner(files.map((f) => f.path));
  return detected === 'none' ? 'node' : detected;
}

/**
 * Runs a project's tests in bubblewrap as nobody. Every step (compiling
 * TypeScript, the visible tests, then the hidden tests in a pass of their
 * own) runs sandboxed, under one cgroup and one wall clock. The project is
 * read-only to every step; the test runner runs from an execute-only node, so
 * no test process can read its memory or file descriptors. The counts are
 * held to a list of the tests made from the reference project, which no
 * candidate code takes part in (docs/decisions/010).
 */
export async function runInSandbox(
  files: SandboxFile[],
  limits: SandboxLimits = DEFAULT_LIMITS,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const status = detectSandbox();
  if (!status.available) throw new Error(status.reason ?? NOT_AVAILABLE);
  prepareGrader();
  const language = languageOf(files, options.language);
  const missing = toolchainMissing(language);
  if (missing) return { ...ZERO, status: 'error', output: missing, durationMs: elapsed() };
  const listing = options.reference ? enumerate(options.reference, limits, language) : null;
  // Listing the reference's tests goes on beside the run (its own cgroup and clock, cached after the first).
  listing?.catch(() => {});

  const ctx = await newRunContext('run', status.mode, limits);
  const { cgroup } = ctx;
  if (!cgroup && status.mode !== 'no-cgroup-override') {
    return { ...ZERO, status: 'error', output: NO_CGROUP, durationMs: elapsed() };
  }
  try {
    const executed = await execute(ctx, files, { enumerate: false }, language);
    if (executed.early) return finish(executed.early, ctx, elapsed);
    const units = listing ? await listing.catch((e: Error) => ({ error: e.message })) : null;
    const total: Partial = { ...ZERO, status: 'passed' };
    const notes: string[] = [];
    if (!units)
      notes.push('[no reference project: the counts are as the test runner reported them]');
    else if ('error' in units) {
      notes.push(
        `[the template's tests could not be listed (${units.error}); the counts are as the test runner reported them]`,
      );
    }
    for (const pass of executed.passes) {
      const counted =
        units && !('error' in units)
          ? trustedCountsOf(
              pass.hidden ? units.hidden : units.visible,
              pass.cases,
              pass.result,
              pass.stopped,
              pass.label,
            )
          : pass.stopped
            ? { ...pass.stopped, ...summarise(pass.cases) }
            : countsOf(summarise(pass.cases), pass.result, pass.label);
      total.passed += counted.passed;
      total.failed += counted.failed;
      total.skipped += counted.skipped;
      total.failures = [...total.failures, ...counted.failures].slice(0, 50);
      if (counted.note) notes.push(counted.note);
      if (counted.status !== 'passed' && (total.status === 'passed' || total.status === 'failed')) {
        total.status = counted.status;
      }
    }
    total.note = notes.join('\n') || undefined;
    return finish(total, ctx, elapsed);
  } finally {
    await cgroup?.destroy();
  }
}

/**
 * Compiles (when there is TypeScript) and runs the visible, then the hidden
 * tests, each step its own sandbox in the context's cgroup and on its clock.
 * `enumerate` lists the tests instead of running them (a name pattern that
 * matches nothing).
 */
async function execute(
  ctx: RunContext,
  files: SandboxFile[],
  mode: { enumerate: boolean },
  language: TestLanguage,
): Promise<Executed> {
  if (language !== 'node') return executeLanguage(ctx, files, mode, language);
  const g = prepareGrader();
  const limits = ctx.limits;
  const hasTs = files.some((f) => TS_SOURCE.test(f.path) && !f.path.endsWith('.d.ts'));
  const compiled = files.map((f) => ({ ...f, path: compiledPath(f.path) }));
  const hiddenPaths = new Set(compiled.filter((f) => f.hidden).map((f) => f.path));
  const visibleTests = testFiles(compiled.filter((f) => !f.hidden).map((f) => f.path)).filter(
    (p) => !hiddenPaths.has(p),
  );
  const hiddenTests = testFiles([...hiddenPaths]);
  if (visibleTests.length + hiddenTests.length === 0) {
    return {
      early: {
        ...ZERO,
        status: 'error',
        note: 'No test files found (names like cart.test.js or files under test/).',
      },
    };
  }
  const runDir = path.join(stagingRoot(), `run-${randomUUID()}`);
  try {
    // The files, root's and read-only to the sandbox.
    const src = path.join(runDir, 'src');
    await mkdir(src, { recursive: true, mode: 0o755 });
    for (const file of files) {
      const target = path.join(src, file.path);
      if (!target.startsWith(`${src}/`)) continue;
      await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
      await writeFile(target, file.content, { mode: 0o644 });
    }
    let work = src;
    const graderMounts = ['--ro-bind', g.dir, '/grader'];
    if (hasTs) {
      const build = path.join(runDir, 'build');
      await mkdir(build, { mode: 0o700 });
      await chown(build, SANDBOX_UID, SANDBOX_UID);
      const result = await runPass(
        ctx,
        {
          mounts: [
            '--ro-bind',
            src,
            '/src',
            '--bind',
            build,
            '/build',
            '--ro-bind',
            src,
            '/work',
            ...graderMounts,
            '--ro-bind',
            g.esbuildLib,
            '/esbuild',
            '--ro-bind',
            g.esbuildBinary,
            '/esbuild-bin',
          ],
          env: {
            ESBUILD_BINARY_PATH: '/esbuild-bin',
            NODE_OPTIONS: `--max-old-space-size=${limits.heapMb}`,
          },
        },
        [process.execPath, '/grader/compile.cjs'],
        JUNIT_CAP,
      );
      const stopped = await judge(ctx, result, 'compile');
      if (stopped) return { early: stopped };
      let errors: { file: string; line: number | null; column: number | null; text: string }[] = [];
      try {
        errors = JSON.parse(result.stdout.trim().split('\n').pop() ?? '').errors;
      } catch {
        return {
          early: {
            ...ZERO,
            status: 'error',
            note: `[compiling ended with ${result.signal ?? `exit code ${result.code}`}]`,
          },
        };
      }
      if (errors.length > 0) {
        const failures = errors.map((e) => ({
          name: `Compile ${e.file}`,
          message: `${e.file}${e.line !== null ? `:${e.line}:${e.column}` : ''}: ${e.text}`,
        }));
        return {
          early: {
            status: 'failed',
            passed: 0,
            failed: failures.length,
            skipped: 0,
            failures,
            note: failures.map((f) => f.message).join('\n'),
          },
        };
      }
      work = build;
    }

    const testArgs = (tests: string[]) => [
      g.node.replace(g.dir, '/grader'),
      '--v8-pool-size=2',
      '--test',
      // Listing only: a pattern no name matches, so every declared test is reported skipped, none runs.
      ...(mode.enumerate ? ['--test-name-pattern=(?!)'] : []),
      '--test-reporter=junit',
      '--test-reporter-destination=stdout',
      '--test-reporter=spec',
      '--test-reporter-destination=stderr',
      ...tests,
    ];
    const heap = `--max-old-space-size=${limits.heapMb}`;
    const passes: {
      tests: string[];
      label: string;
      hidden: boolean;
      env: Record<string, string>;
    }[] = [];
    if (visibleTests.length > 0) {
      passes.push({
        tests: visibleTests,
        label: 'tests',
        hidden: false,
        env: { NODE_OPTIONS: heap },
      });
    }
    if (hiddenTests.length > 0) {
      passes.push({
        tests: hiddenTests,
        label: 'hidden tests',
        hidden: true,
        env: { NODE_OPTIONS: `${heap} --require /grader/preload.cjs` },
      });
    }
    const reports: PassReport[] = [];
    for (const pass of passes) {
      if (pass !== passes[0]) ctx.output.push(Buffer.from(`\n--- ${pass.label} ---\n`));
      const result = await runPass(
        ctx,
        { mounts: ['--ro-bind', work, '/work', ...graderMounts], env: pass.env },
        testArgs(pass.tests),
        JUNIT_CAP,
      );
      const stopped = await judge(ctx, result, pass.label);
      reports.push({
        label: pass.label,
        hidden: pass.hidden,
        result,
        stopped,
        cases: parseJunitCases(result.stdout),
      });
      if (stopped) break;
    }
    return { passes: reports };
  } finally {
    await rm(runDir, { recursive: true, force: true }).catch(() => {});
  }
}

function finish(partial: Partial, ctx: RunContext, elapsed: () => number): RunOutcome {
  const { note, ...rest } = partial;
  const text = ctx.output.text();
  return {
    ...rest,
    output: note ? `${text}\n${note}`.trim() : text,
    durationMs: elapsed(),
  };
}

/**
 * One command in the sandbox a run gets (same namespaces, uid, seccomp filter,
 * limits and cgroup), with extra mounts: for the sandbox's own tests, which
 * probe it with tools a run never sees (python3 calling syscalls directly).
 */
export async function runSandboxedCommand(
  command: string[],
  mounts: string[],
  limits: SandboxLimits = DEFAULT_LIMITS,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; output: string }> {
  const status = detectSandbox();
  if (!status.available) throw new Error(status.reason ?? NOT_AVAILABLE);
  const g = prepareGrader();
  const ctx = await newRunContext('probe', status.mode, limits);
  const { cgroup } = ctx;
  try {
    const result = await runPass(
      ctx,
      { mounts: ['--dir', '/work', '--ro-bind', g.dir, '/grader', ...mounts] },
      command,
      JUNIT_CAP,
    );
    return {
      code: result.code,
      signal: result.signal,
      stdout: result.stdout,
      output: ctx.output.text(),
    };
  } finally {
    await cgroup?.destroy();
  }
}

/** The staging folder of the runs (for tests: nothing of it may show inside a sandbox). */
export const sandboxStagingRoot = stagingRoot;
