import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import type { SandboxMode } from '../../domain/integrations';
import { bwrapArgs, bwrapPrefix, nulArgs, outerCommand, type PassMounts } from './bwrap';
import { createRunCgroup, type RunCgroup } from './cgroups';
import { prepareGrader } from './grader';
import { RESULT_PIPE_CAP } from './grader-scripts';
import type { SandboxLimits } from './limits';
import { CappedOutput } from './output';

/** What the stdout of a pass may hold: the JUnit report of a node pass, compile results. */
export const JUNIT_CAP = 1024 * 1024;

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
export async function newRunContext(
  label: string,
  mode: SandboxMode | undefined,
  limits: SandboxLimits,
  onOutput?: (chunk: Buffer) => void,
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
    output: new CappedOutput(limits.outputBytes, onOutput),
  };
}

/**
 * One sandboxed process tree (compile, visible or hidden pass), under the run's cgroup and clock.
 * Its stderr goes to the run's output as it comes; its stdout is kept (for the step's report)
 * and, given `echo`, each kept part is handed to `echo` as it comes too, with the cap's note
 * added to the run's output at the end when stdout was cut.
 */
export async function runPass(
  ctx: RunContext,
  pass: PassMounts,
  command: string[],
  stdoutCap: number,
  echo?: (chunk: Buffer) => void,
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
  const stdout = new CappedOutput(stdoutCap, echo);
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
  if (echo && stdout.truncated) stderr.push(Buffer.from(stdout.truncationNote()));
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
