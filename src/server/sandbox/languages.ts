import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LANGUAGE_TEST_FILES,
  languageUnavailableText,
  TEST_LANGUAGES,
  type TestLanguage,
} from '../../domain/test-runs';
import { type JunitCase, parseJunitCases } from './junit';
import {
  type Executed,
  judge,
  type PassReport,
  type PassResult,
  prepareGrader,
  type RunContext,
  type Partial as RunPartial,
  runPass,
  SANDBOX_UID,
  type SandboxFile,
  stagingRoot,
  ZERO,
} from './runner';
import { type RuntimeName, toolchainPaths } from './runtimes';

/**
 * Python (pytest), Go (go test) and Java (JUnit 5) runs: the same sandbox,
 * cgroup, clock and seccomp filter as node's (runner.ts), one bubblewrap
 * sandbox per step. Compile steps (go test -c, javac) write only to /build
 * (the run's own folder); test steps see /work and /build read-only and
 * write their report to /report. Results come from each runner's
 * machine-readable output: pytest's JUnit XML, `go test`'s JSON (test2json),
 * the JUnit console launcher's XML.
 */

const REPORT_CAP = 1024 * 1024;
const COMPILER_MESSAGE_CAP = 4000;
const STDOUT_CAP = 256 * 1024;

/** Why a language's tests cannot run on this server (its toolchain is missing), or null. */
export function toolchainMissing(language: TestLanguage): string | null {
  if (language === 'node') return null;
  const t = toolchainPaths();
  const needed =
    language === 'python'
      ? [t.python, t.pytest]
      : language === 'go'
        ? [t.go, t.test2json]
        : [t.java, t.javac, t.junit];
  return needed.every((p) => p !== null && existsSync(p))
    ? null
    : languageUnavailableText(language);
}

/** Which languages this server can run (the Integrations page). */
export function runnableLanguages(): Record<TestLanguage, boolean> {
  return Object.fromEntries(TEST_LANGUAGES.map((l) => [l, toolchainMissing(l) === null])) as Record<
    TestLanguage,
    boolean
  >;
}

/** Lists pytest's tests (collect only, nothing run) as JUnit paths: [classname, suite, name]. */
const PYTEST_LIST = `import json, sys
import pytest
from _pytest.junitxml import mangle_test_address
units = []
class Lister:
    def pytest_collection_finish(self, session):
        for item in session.items:
            names = mangle_test_address(item.nodeid)
            units.append([".".join(names[:-1]), "pytest", names[-1]])
code = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", "--rootdir=/work"] + sys.argv[1:], plugins=[Lister()])
with open("/report/units.json", "w") as f:
    json.dump(units, f)
sys.exit(int(code))
`;

interface Step {
  label: string;
  hidden: boolean;
  command: string[];
  env: Record<string, string>;
  /** The tree the step sees at /work. */
  tree: 'all' | 'visible' | 'hidden';
  /** Where the step's machine-readable result is. */
  report: (stdout: string, reportDir: string) => Promise<JunitCase[]>;
}

const readReport = async (file: string) => {
  try {
    const text = await readFile(file, 'utf8');
    return text.slice(0, REPORT_CAP);
  } catch {
    return '';
  }
};

/** `go test`'s JSON events (test2json) as cases: a test's final pass, fail or skip; subtests under their parent. */
export function parseGoJson(text: string): JunitCase[] {
  const cases: JunitCase[] = [];
  const output = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let event: { Action?: unknown; Test?: unknown; Output?: unknown; Package?: unknown };
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    const test = typeof event.Test === 'string' ? event.Test : null;
    const key = test ?? '';
    if (event.Action === 'output' && typeof event.Output === 'string') {
      const before = output.get(key) ?? '';
      if (before.length < 2000) output.set(key, before + event.Output);
      continue;
    }
    const outcome =
      event.Action === 'pass'
        ? 'passed'
        : event.Action === 'fail'
          ? 'failed'
          : event.Action === 'skip'
            ? 'skipped'
            : null;
    if (!outcome) continue;
    if (test === null) {
      // The package's own result: a failure outside any test (a panic in init, say).
      if (outcome === 'failed') {
        cases.push({
          path: ['(package)'],
          outcome,
          failure: { name: 'go test', message: (output.get('') ?? 'FAIL').trim().slice(0, 2000) },
        });
      }
      continue;
    }
    const message = (output.get(test) ?? '')
      .split('\n')
      .filter((l) => !/^(=== (RUN|PAUSE|CONT)|--- (PASS|FAIL|SKIP))/.test(l.trim()))
      .join('\n')
      .trim();
    cases.push({
      path: test.split('/'),
      outcome,
      ...(outcome === 'failed'
        ? { failure: { name: test, message: (message || 'Test failed').slice(0, 2000) } }
        : {}),
    });
  }
  return cases;
}

/** Java class names of test files: the file's package (as its source declares it) and name. */
function javaClass(file: SandboxFile): string {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(file.content)?.[1];
  const name = path.basename(file.path, '.java');
  return pkg ? `${pkg}.${name}` : name;
}

const isTest = (language: TestLanguage, p: string) => LANGUAGE_TEST_FILES[language].test(p);

/** The compile-failure outcome: "compilation failed" with the compiler's message, capped. */
function compileFailed(ctx: RunContext, result: PassResult, what: string): RunPartial {
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

export async function executeLanguage(
  ctx: RunContext,
  files: SandboxFile[],
  mode: { enumerate: boolean },
  language: Exclude<TestLanguage, 'node'>,
): Promise<Executed> {
  prepareGrader();
  const t = toolchainPaths();
  const visibleTests = files.filter((f) => !f.hidden && isTest(language, f.path));
  const hiddenTests = files.filter((f) => f.hidden && isTest(language, f.path));
  if (visibleTests.length + hiddenTests.length === 0) {
    return {
      early: {
        ...ZERO,
        status: 'error',
        note:
          language === 'python'
            ? 'No test files found (names like test_cart.py or cart_test.py).'
            : language === 'go'
              ? 'No test files found (names like cart_test.go, in the module root).'
              : 'No test files found (names like CartTest.java).',
      },
    };
  }
  const runDir = path.join(stagingRoot(), `run-${crypto.randomUUID()}`);
  const runtime: RuntimeName = language;
  try {
    // Trees, root's and read-only to the sandbox: all files; the visible files; the code with only the hidden tests.
    const trees = {
      all: files,
      visible: files.filter((f) => !f.hidden),
      hidden: files.filter((f) => f.hidden || !isTest(language, f.path)),
    };
    const dirs: Record<keyof typeof trees, string> = {
      all: path.join(runDir, 'all'),
      visible: path.join(runDir, 'visible'),
      hidden: path.join(runDir, 'hidden'),
    };
    const needed: (keyof typeof trees)[] = language === 'go' ? ['visible', 'hidden'] : ['all'];
    for (const name of needed) {
      const root = dirs[name];
      await mkdir(root, { recursive: true, mode: 0o755 });
      for (const file of trees[name]) {
        const target = path.join(root, file.path);
        if (!target.startsWith(`${root}/`)) continue;
        await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
        await writeFile(target, file.content, { mode: 0o644 });
      }
    }
    const build = path.join(runDir, 'build');
    await mkdir(build, { mode: 0o700 });
    await chown(build, SANDBOX_UID, SANDBOX_UID);
    const g = prepareGrader();
    const graderMounts = ['--ro-bind', g.dir, '/grader'];

    // --- compile steps (nothing of the candidate's runs: cgo is off, javac runs no annotation processors)
    const goEnv = {
      GOCACHE: '/build/cache',
      GOPATH: '/build/gopath',
      GOTMPDIR: '/build/tmp',
      GOFLAGS: '-mod=mod',
      GOPROXY: 'off',
      GOSUMDB: 'off',
      GOTOOLCHAIN: 'local',
      CGO_ENABLED: '0',
      GOMAXPROCS: '2',
    };
    const jvm = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xss1m', '-XX:CICompilerCount=1'];
    const compiles: {
      label: string;
      tree: keyof typeof trees;
      command: string[];
      env: Record<string, string>;
    }[] = [];
    if (language === 'go') {
      await mkdir(path.join(build, 'tmp'), { mode: 0o700 });
      await chown(path.join(build, 'tmp'), SANDBOX_UID, SANDBOX_UID);
      for (const [tree, tests] of [
        ['visible', visibleTests],
        ['hidden', hiddenTests],
      ] as const) {
        if (tests.length === 0) continue;
        compiles.push({
          label: tree === 'hidden' ? 'hidden tests' : 'tests',
          tree,
          command: [t.go ?? 'go', 'test', '-c', '-vet=off', '-o', `/build/${tree}.test`, '.'],
          env: goEnv,
        });
      }
    } else if (language === 'java') {
      const sources = files.filter((f) => f.path.endsWith('.java')).map((f) => `/work/${f.path}`);
      compiles.push({
        label: 'java',
        tree: 'all',
        command: [
          t.javac ?? 'javac',
          ...jvm.map((o) => `-J${o}`),
          '-J-Xmx128m',
          '-proc:none',
          '-encoding',
          'UTF-8',
          '-nowarn',
          '-d',
          '/build/classes',
          '-cp',
          t.junit,
          ...sources,
        ],
        env: {},
      });
    }
    for (const step of compiles) {
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

    // --- test steps
    const steps: Step[] = [];
    for (const [hidden, tests] of [
      [false, visibleTests],
      [true, hiddenTests],
    ] as const) {
      if (tests.length === 0) continue;
      const label = hidden ? 'hidden tests' : 'tests';
      if (language === 'python') {
        const paths = tests.map((f) => f.path);
        steps.push({
          label,
          hidden,
          tree: 'all',
          env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' },
          command: mode.enumerate
            ? [t.python, '-B', '-c', PYTEST_LIST, ...paths]
            : [
                t.python,
                '-B',
                '-m',
                'pytest',
                '-p',
                'no:cacheprovider',
                '-q',
                '--rootdir=/work',
                '--junitxml=/report/report.xml',
                '-o',
                'junit_family=xunit2',
                ...paths,
              ],
          report: async (_stdout, dir) => {
            if (mode.enumerate) {
              try {
                const units = JSON.parse(
                  await readReport(path.join(dir, 'units.json')),
                ) as string[][];
                return units.map((p) => ({ path: p.map(String), outcome: 'skipped' as const }));
              } catch {
                return [];
              }
            }
            return parseJunitCases(await readReport(path.join(dir, 'report.xml')));
          },
        });
      } else if (language === 'go') {
        const binary = `/build/${hidden ? 'hidden' : 'visible'}.test`;
        steps.push({
          label,
          hidden,
          tree: hidden ? 'hidden' : 'visible',
          env: { GOMAXPROCS: '2', GOTMPDIR: '/tmp' },
          command: mode.enumerate
            ? [binary, '-test.list', '.']
            : [t.test2json ?? 'test2json', '-p', 'main', binary, '-test.v', '-test.count=1'],
          report: async (stdout) =>
            mode.enumerate
              ? stdout
                  .split('\n')
                  .map((l) => l.trim())
                  .filter((l) => /^(Test|Example|Fuzz)\w*$/.test(l))
                  .map((name) => ({ path: [name], outcome: 'skipped' as const }))
              : parseGoJson(stdout),
        });
      } else {
        // JUnit 1.9 has no listing mode: the reference project's own run is the list (its code is the template's).
        steps.push({
          label,
          hidden,
          tree: 'all',
          env: {},
          command: [
            t.java ?? 'java',
            ...jvm,
            '-Xmx128m',
            '-jar',
            t.junit,
            '--class-path',
            '/build/classes',
            ...tests.flatMap((f) => ['--select-class', javaClass(f)]),
            '--reports-dir',
            '/report',
            '--disable-banner',
            '--disable-ansi-colors',
            '--details',
            'tree',
          ],
          report: async (_stdout, dir) =>
            parseJunitCases(await readReport(path.join(dir, 'TEST-junit-jupiter.xml'))),
        });
      }
    }

    const reports: PassReport[] = [];
    for (const step of steps) {
      if (step !== steps[0]) ctx.output.push(Buffer.from(`\n--- ${step.label} ---\n`));
      const reportDir = path.join(runDir, `report-${reports.length}`);
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
        },
        step.command,
        STDOUT_CAP,
      );
      // Human-readable output of pytest and JUnit (stdout) goes to the run's output; Go's is JSON.
      if (language !== 'go') ctx.output.push(Buffer.from(result.stdout));
      const stopped = await judge(ctx, result, step.label);
      let cases = await step.report(result.stdout, reportDir);
      // pytest ends with 2 when a test module does not import (a syntax error): a compile failure.
      if (language === 'python' && !mode.enumerate && result.code === 2 && !stopped) {
        result.code = 1;
        ctx.output.push(
          Buffer.from(
            '\n[compilation failed: a test module or the code it imports does not load]\n',
          ),
        );
      }
      if (language === 'python' && mode.enumerate && result.code !== 0) cases = [];
      // Java's list is the reference project's own run: its failing tests are still tests.
      if (language === 'java' && mode.enumerate && result.code === 1) result.code = 0;
      reports.push({ label: step.label, hidden: step.hidden, result, stopped, cases });
      if (stopped) break;
    }
    return { passes: reports };
  } finally {
    await rm(runDir, { recursive: true, force: true }).catch(() => {});
  }
}
