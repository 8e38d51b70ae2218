import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  LANGUAGE_TEST_FILES,
  languageUnavailableText,
  type TestLanguage,
} from '../../../domain/test-runs';
import { prepareGrader, stagingRoot, writeStagedFiles } from '../grader';
import type { JunitCase } from '../junit';
import { SANDBOX_UID } from '../limits';
import { type PassResult, type RunContext, runPass } from '../pass';
import { toolchainPaths } from '../runtimes';
import {
  type Executed,
  type ExecuteMode,
  type Partial,
  type PassReport,
  type SandboxFile,
  ZERO,
} from '../types';
import { judge } from '../verdict';
import { guardEarlyExit, parseResultRecords } from './harness';

/**
 * Python (pytest), Go (go test) and Java (JUnit 5) runs: the same sandbox,
 * cgroup, clock and seccomp filter as node's, one bubblewrap sandbox per
 * step. Compile steps (go test -c, javac) write only to /build (the run's own
 * folder); test steps see /work and /build read-only and write their report
 * to /report. Results come from each runner's machine-readable output:
 * the harness's signed result lines (harness.ts), `go test`'s JSON (test2json).
 * Each language's driver says which steps; this runs them.
 */

const REPORT_CAP = 1024 * 1024;
const COMPILER_MESSAGE_CAP = 4000;
const STDOUT_CAP = 256 * 1024;

export type Toolchain = ReturnType<typeof toolchainPaths>;
export type CompiledLanguageName = Exclude<TestLanguage, 'node'>;

/** The trees a step may see at /work: all files; the visible files; the code with only the hidden tests. */
export type Tree = 'all' | 'visible' | 'hidden';

export interface CompileStep {
  label: string;
  tree: Tree;
  command: string[];
  env: Record<string, string>;
}

export interface TestStep {
  label: string;
  hidden: boolean;
  command: string[];
  env: Record<string, string>;
  /** The tree the step sees at /work. */
  tree: Tree;
  /** Where the step's machine-readable result is: its stdout, its report folder or its result pipe (fd 4). */
  report: (result: PassResult, reportDir: string, key: string) => Promise<JunitCase[]>;
  /** The key its harness signs its result lines with (hex); sent on fd 5 unless compiled in (Go). */
  key: string;
  sendKey: boolean;
}

/** What a driver is given to plan its steps; it may write into the trees (Go's harness). */
export interface StepSetup {
  files: SandboxFile[];
  visibleTests: SandboxFile[];
  hiddenTests: SandboxFile[];
  mode: ExecuteMode;
  dirs: Record<Tree, string>;
  build: string;
  tools: Toolchain;
}

export interface StepPlan {
  compiles: CompileStep[];
  /** After every compile step succeeded, before any test step runs. */
  afterCompile?: () => Promise<void>;
  steps: TestStep[];
}

export interface CompiledLanguage {
  language: CompiledLanguageName;
  /** The toolchain's files this language needs (all present, or its tests cannot run here). */
  needs: (tools: Toolchain) => (string | null)[];
  noTestsNote: string;
  /** The trees the steps use (written before planning). */
  trees: Tree[];
  plan: (setup: StepSetup) => Promise<StepPlan>;
  /**
   * What of a test step's stdout goes to the run's output, as it is printed: `sink` itself for
   * a runner whose stdout is text (pytest's, JUnit's), a decoder for one whose stdout is
   * machine-readable (go test's JSON), or nothing.
   */
  stdoutEcho: (
    mode: ExecuteMode,
    sink: (chunk: Buffer) => void,
  ) => ((chunk: Buffer) => void) | undefined;
  /** A finished test step's result and cases, adjusted for what the runner's exit codes mean (before the early-exit guard). */
  settle?: (
    ctx: RunContext,
    result: PassResult,
    cases: JunitCase[],
    stopped: Partial | null,
    mode: ExecuteMode,
  ) => JunitCase[];
}

export const readReport = async (file: string) => {
  try {
    const text = await readFile(file, 'utf8');
    return text.slice(0, REPORT_CAP);
  } catch {
    return '';
  }
};

/** Why a language's tests cannot run on this server (its toolchain is missing), or null. */
export function missingToolchain(language: CompiledLanguage): string | null {
  return language.needs(toolchainPaths()).every((p) => p !== null && existsSync(p))
    ? null
    : languageUnavailableText(language.language);
}

const isTest = (language: TestLanguage, p: string) => LANGUAGE_TEST_FILES[language].test(p);

/** The compile-failure outcome: "compilation failed" with the compiler's message, capped. */
function compileFailed(ctx: RunContext, result: PassResult, what: string): Partial {
  const text = ctx.output.text().trim();
  const message =
    text.length > COMPILER_MESSAGE_CAP ? `...${text.slice(-COMPILER_MESSAGE_CAP)}` : text;
  return {
    ...ZERO,
    status: 'failed',
    failed: 1,
    failures: [
      {
        name: `Compile (${what})`,
        message:
          message || `The compiler ended with ${result.signal ?? `exit code ${result.code}`}`,
      },
    ],
    note: '[compilation failed]',
  };
}

/** Writes the trees, runs the driver's compile steps, then its test steps, and reports each pass. */
export async function executeSteps(
  ctx: RunContext,
  files: SandboxFile[],
  mode: ExecuteMode,
  driver: CompiledLanguage,
): Promise<Executed> {
  prepareGrader();
  const { language } = driver;
  const visibleTests = files.filter((f) => !f.hidden && isTest(language, f.path));
  const hiddenTests = files.filter((f) => f.hidden && isTest(language, f.path));
  if (visibleTests.length + hiddenTests.length === 0) {
    return { early: { ...ZERO, status: 'error', note: driver.noTestsNote } };
  }
  const runDir = path.join(stagingRoot(), `run-${crypto.randomUUID()}`);
  const runtime = language;
  try {
    // Trees, root's and read-only to the sandbox.
    const trees: Record<Tree, SandboxFile[]> = {
      all: files,
      visible: files.filter((f) => !f.hidden),
      hidden: files.filter((f) => f.hidden || !isTest(language, f.path)),
    };
    const dirs: Record<Tree, string> = {
      all: path.join(runDir, 'all'),
      visible: path.join(runDir, 'visible'),
      hidden: path.join(runDir, 'hidden'),
    };
    for (const name of driver.trees) await writeStagedFiles(dirs[name], trees[name]);
    const build = path.join(runDir, 'build');
    await mkdir(build, { mode: 0o700 });
    await chown(build, SANDBOX_UID, SANDBOX_UID);
    const plan = await driver.plan({
      files,
      visibleTests,
      hiddenTests,
      mode,
      dirs,
      build,
      tools: toolchainPaths(),
    });
    const g = prepareGrader();
    const graderMounts = ['--ro-bind', g.dir, '/grader'];

    // --- compile steps (nothing of the candidate's runs: cgo is off, javac runs no annotation processors)
    for (const step of plan.compiles) {
      const result = await runPass(
        ctx,
        {
          mounts: [
            '--ro-bind',
            dirs[step.tree],
            '/work',
            '--bind',
            build,
            '/build',
            ...graderMounts,
          ],
          env: step.env,
          runtime,
        },
        step.command,
        STDOUT_CAP,
      );
      const stopped = await judge(ctx, result, 'compile');
      if (stopped) return { early: stopped };
      if (result.code !== 0) return { early: compileFailed(ctx, result, step.label) };
    }
    await plan.afterCompile?.();

    // --- test steps
    const { steps } = plan;
    const reports: PassReport[] = [];
    for (const [index, step] of steps.entries()) {
      const previous = steps[index - 1];
      if (previous && previous.label !== step.label) {
        ctx.output.push(Buffer.from(`\n--- ${step.label} ---\n`));
      }
      const reportDir = path.join(runDir, `report-${index}`);
      await mkdir(reportDir, { mode: 0o700 });
      await chown(reportDir, SANDBOX_UID, SANDBOX_UID);
      const result = await runPass(
        ctx,
        {
          mounts: [
            '--ro-bind',
            dirs[step.tree],
            '/work',
            '--ro-bind',
            build,
            '/build',
            '--bind',
            reportDir,
            '/report',
            ...graderMounts,
          ],
          env: step.env,
          runtime,
          channel: true,
          ...(step.sendKey ? { key: step.key } : {}),
        },
        step.command,
        STDOUT_CAP,
        // As it comes, not once the step ends: a pad's run shows it to everyone as it is printed.
        driver.stdoutEcho(mode, (chunk) => ctx.output.push(chunk)),
      );
      const stopped = await judge(ctx, result, step.label);
      let cases = await step.report(result, reportDir, step.key);
      if (driver.settle) cases = driver.settle(ctx, result, cases, stopped, mode);
      if (!mode.enumerate && !stopped) {
        const { done, forged } = parseResultRecords(result.channel, step.key);
        const guarded = guardEarlyExit(result, cases, done, step.label, forged);
        cases = guarded.cases;
        if (guarded.note) ctx.output.push(Buffer.from(`\n${guarded.note}\n`));
      }
      // Go runs one binary per package: the packages of one pass make one report.
      const last = reports[reports.length - 1];
      if (last && last.label === step.label && last.hidden === step.hidden) {
        last.cases.push(...cases);
        if (last.result.code === 0 && last.result.signal === null) {
          last.result.code = result.code;
          last.result.signal = result.signal;
        }
        last.stopped = stopped;
      } else {
        reports.push({ label: step.label, hidden: step.hidden, result, stopped, cases });
      }
      if (stopped) break;
    }
    return { passes: reports };
  } finally {
    await rm(runDir, { recursive: true, force: true }).catch(() => {});
  }
}
