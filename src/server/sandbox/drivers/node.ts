import { randomUUID } from 'node:crypto';
import { chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { prepareGrader, stagingRoot, writeStagedFiles } from '../grader';
import { parseJunitCases } from '../junit';
import { SANDBOX_UID } from '../limits';
import { JUNIT_CAP, type RunContext, runPass } from '../pass';
import {
  type Driver,
  type Executed,
  type ExecuteMode,
  type PassReport,
  type SandboxFile,
  ZERO,
} from '../types';
import { judge } from '../verdict';

/** JavaScript and TypeScript: node's own test runner, TypeScript compiled by esbuild first. */

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

/**
 * Compiles (when there is TypeScript) and runs the visible, then the hidden
 * tests, each step its own sandbox in the context's cgroup and on its clock.
 * `enumerate` lists the tests instead of running them (a name pattern that
 * matches nothing).
 */
async function execute(
  ctx: RunContext,
  files: SandboxFile[],
  mode: ExecuteMode,
): Promise<Executed> {
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
    await writeStagedFiles(src, files);
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

export const nodeDriver: Driver = {
  language: 'node',
  // Node is the server's own runtime: always there.
  missing: () => null,
  execute,
};
