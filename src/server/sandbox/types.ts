import type { RunStatus, TestLanguage } from '../../domain/test-runs';
import type { JunitCase, TestFailure } from './junit';
import type { PassResult, RunContext } from './pass';

/** The shapes every part of a run shares: its files, its outcome, what each pass reports. */

export interface SandboxFile {
  path: string;
  content: string;
  /** A hidden test (or support file): run in its own pass, never shown to the candidate. */
  hidden?: boolean;
}

export interface RunOutcome {
  status: Exclude<RunStatus, 'queued' | 'running'>;
  passed: number;
  failed: number;
  skipped: number;
  failures: TestFailure[];
  output: string;
  durationMs: number;
}

export type Partial = Omit<RunOutcome, 'durationMs' | 'output'> & { note?: string };

export const ZERO = { passed: 0, failed: 0, skipped: 0, failures: [] as TestFailure[] };

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

/**
 * `enumerate` lists the tests instead of running them. `showPrints` makes the tests' own
 * prints part of the output as they are printed, as a program's would be (a pad's run):
 * pytest's capture is off and go test's output is kept as text. Without it (an assessment's
 * run) a passing pytest test's prints are captured and go test's output stays out.
 */
export interface ExecuteMode {
  enumerate: boolean;
  showPrints?: boolean;
}

/**
 * How one language's tests run: each step (compile, the visible tests, the hidden tests)
 * its own sandbox in the run's cgroup and on its clock.
 */
export interface Driver {
  language: TestLanguage;
  /** Why this language's tests cannot run on this server (its toolchain is missing), or null. */
  missing: () => string | null;
  execute: (ctx: RunContext, files: SandboxFile[], mode: ExecuteMode) => Promise<Executed>;
}
