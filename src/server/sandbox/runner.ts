import { detectRunner, type TestLanguage } from '../../domain/test-runs';
import { DRIVERS } from './drivers';
import { enumerate } from './enumerate';
import { prepareGrader, stagingRoot } from './grader';
import { detectSandbox, NO_CGROUP, NOT_AVAILABLE } from './host';
import { summarise } from './junit';
import { DEFAULT_LIMITS, type SandboxLimits } from './limits';
import { JUNIT_CAP, newRunContext, runPass } from './pass';
import { type Partial, type RunOutcome, type SandboxFile, ZERO } from './types';
import { countsOf, finish, trustedCountsOf } from './verdict';

/**
 * The sandbox's entry points: a project's tests run in bubblewrap, dispatched to its
 * language's driver. The parts: host.ts (can this host run tests), limits.ts and bwrap.ts
 * (the command line of a sandboxed process), grader.ts (the staging folder and the
 * grader's files), pass.ts (one process tree under the run's cgroup and clock),
 * verdict.ts (a pass judged from what the candidate cannot fake), enumerate.ts (the
 * trusted list of a template's tests), drivers/ (one per language).
 */

export type { SandboxMode } from '../../domain/integrations';
export { outerCommand } from './bwrap';
export { testFiles } from './drivers/node';
export { prepareGrader, stagingRoot } from './grader';
export {
  detectSandbox,
  NO_CGROUP,
  NO_CGROUP_OVERRIDE_ENV,
  NOT_AVAILABLE,
  type SandboxStatus,
} from './host';
export {
  addressSpaceBytes,
  DEFAULT_LIMITS,
  limitMode,
  SANDBOX_UID,
  type SandboxLimits,
} from './limits';
export { type PassResult, type RunContext, runPass } from './pass';
export type { Executed, Partial, PassReport, RunOutcome, SandboxFile } from './types';
export { ZERO } from './types';
export { judge } from './verdict';

export interface RunOptions {
  /**
   * The project as the template gave it (its files' original text, and the
   * hidden tests): the trusted list of tests the counts are held to. Without
   * it the counts are the report's own (and the output says so).
   */
  reference?: SandboxFile[];
  /** The project's test language (the template's runner); detected from the files when absent. */
  language?: TestLanguage;
  /** Hears the run's output as it comes (what is kept of it), before the outcome: a pad streams it. */
  onOutput?: (chunk: Buffer) => void;
  /** The tests' own prints are output, as a program's are (a pad's run): see ExecuteMode. */
  showPrints?: boolean;
  /**
   * Without a reference, the output says the counts are the test runner's own (on by default);
   * a pad, which never has a reference, turns the note off.
   */
  referenceNote?: boolean;
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
  const missing = DRIVERS[language].missing();
  if (missing) return { ...ZERO, status: 'error', output: missing, durationMs: elapsed() };
  const listing = options.reference ? enumerate(options.reference, limits, language) : null;
  // Listing the reference's tests goes on beside the run (its own cgroup and clock, cached after the first).
  listing?.catch(() => {});

  const ctx = await newRunContext('run', status.mode, limits, options.onOutput);
  const { cgroup } = ctx;
  if (!cgroup && status.mode !== 'no-cgroup-override') {
    return { ...ZERO, status: 'error', output: NO_CGROUP, durationMs: elapsed() };
  }
  try {
    const executed = await DRIVERS[language].execute(ctx, files, {
      enumerate: false,
      showPrints: options.showPrints === true,
    });
    if (executed.early) return finish(executed.early, ctx, elapsed);
    const units = listing ? await listing.catch((e: Error) => ({ error: e.message })) : null;
    const total: Partial = { ...ZERO, status: 'passed' };
    const notes: string[] = [];
    if (!units) {
      if (options.referenceNote !== false)
        notes.push('[no reference project: the counts are as the test runner reported them]');
    } else if ('error' in units) {
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
