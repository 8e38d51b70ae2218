import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  LANGUAGE_TEST_FILES,
  languageUnavailableText,
  TEST_LANGUAGES,
  type TestLanguage,
} from '../../domain/test-runs';
import { GO_TESTMAIN_FILE, goTestMain, JAVA_LISTENER_CLASS } from './grader-scripts';
import type { JunitCase } from './junit';
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
  /** Where the step's machine-readable result is: its stdout, its report folder or its result pipe (fd 4). */
  report: (result: PassResult, reportDir: string, key: string) => Promise<JunitCase[]>;
  /** The key its harness signs its result lines with (hex); sent on fd 5 unless compiled in (Go). */
  key: string;
  sendKey: boolean;
}

const readReport = async (file: string) => {
  try {
    const text = await readFile(file, 'utf8');
    return text.slice(0, REPORT_CAP);
  } catch {
    return '';
  }
};

/** A new key for one step's harness (hex text; the HMAC key is its ASCII bytes). */
export const newHarnessKey = () => randomBytes(32).toString('hex');

/** The line a harness writes for `json` under `key`: `<HMAC-SHA256 hex> <json>`. */
export function signResultLine(key: string, json: string): string {
  return `${createHmac('sha256', key).update(json, 'utf8').digest('hex')} ${json}`;
}

function verified(key: string, line: string): string | null {
  const space = line.indexOf(' ');
  if (space !== 64) return null;
  const mac = Buffer.from(line.slice(0, 64), 'hex');
  if (mac.length !== 32) return null;
  const json = line.slice(65);
  const expected = createHmac('sha256', key).update(json, 'utf8').digest();
  return timingSafeEqual(mac, expected) ? json : null;
}

export interface ResultDone {
  ok: boolean;
  /** false when the harness saw that the tests were never run (a Go TestMain that did not call m.Run). */
  ran?: boolean;
}

/**
 * The harness's result lines (fd 4): the cases before its first `done` line,
 * and that line (null when the process ended before it). Only lines signed
 * with the step's key count; the others were written by something else in
 * the process (the code under test) and are only counted (`forged`). Lines
 * after the first `done` are ignored: nothing a shutdown hook writes counts.
 */
export function parseResultRecords(
  text: string,
  key: string,
): {
  cases: JunitCase[];
  done: ResultDone | null;
  forged: number;
} {
  const cases: JunitCase[] = [];
  let forged = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const line = verified(key, raw);
    if (line === null) {
      forged += 1;
      continue;
    }
    let record: {
      done?: unknown;
      ok?: unknown;
      ran?: unknown;
      path?: unknown;
      outcome?: unknown;
      message?: unknown;
    };
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (record.done === true) {
      return {
        cases,
        done: { ok: record.ok === true, ...(record.ran === false ? { ran: false } : {}) },
        forged,
      };
    }
    const outcome = record.outcome;
    if (!Array.isArray(record.path) || record.path.length === 0) continue;
    if (outcome !== 'passed' && outcome !== 'failed' && outcome !== 'skipped') continue;
    const casePath = record.path.map(String);
    cases.push({
      path: casePath,
      outcome,
      ...(outcome === 'failed'
        ? {
            failure: {
              name: (casePath[casePath.length - 1] ?? 'test').slice(0, 500),
              message:
                (typeof record.message === 'string' && record.message.trim()) || 'Test failed',
            },
          }
        : {}),
    });
  }
  return { cases, done: null, forged };
}

/**
 * The end of a test step as its harness saw it. An exit 0 is a pass only
 * when the harness wrote its `done` line saying the framework found no
 * failure; exit 0 without it means the process was ended early from inside
 * (os._exit, Runtime.halt, syscall.Exit): the step counts as failed and none
 * of its passes count (every test of the template without a failure then has
 * no result: failed). So does a result pipe holding any line the harness did
 * not sign (`forged`), and a Go TestMain that never ran the tests.
 */
export function guardEarlyExit(
  result: PassResult,
  cases: JunitCase[],
  done: ResultDone | null,
  label: string,
  forged = 0,
): { cases: JunitCase[]; note: string | null } {
  if (forged > 0) {
    // Only the code under test writes unsigned lines there (and trying keys found in memory
    // one line at a time leaves the wrong ones behind): the step is tampered with.
    if (result.code === 0 && result.signal === null) result.code = 1;
    return {
      cases: cases.filter((c) => c.outcome === 'failed'),
      note: `[${forged} line${forged === 1 ? '' : 's'} on the result pipe (${label}) ${forged === 1 ? 'was' : 'were'} not written by the grader: counted as failed, none of its passes count]`,
    };
  }
  if (done?.ran === false) {
    // A TestMain that never called m.Run: whatever passes were printed, no test ran.
    if (result.code === 0 && result.signal === null) result.code = 1;
    return {
      cases: cases.filter((c) => c.outcome === 'failed'),
      note: `[the package's TestMain (${label}) did not run the tests (m.Run): none of the printed passes count]`,
    };
  }
  if (result.code !== 0 || result.signal !== null) return { cases, note: null };
  if (!done) {
    result.code = 1;
    return {
      cases: cases.filter((c) => c.outcome === 'failed'),
      note: `[the ${label} ended with exit code 0 before the test framework finished (the process was ended from inside): none of their passes count]`,
    };
  }
  if (!done.ok) {
    result.code = 1;
    return {
      cases,
      note: `[the test framework reported a failure (${label}) but its process ended with exit code 0: counted as failed]`,
    };
  }
  return { cases, note: null };
}

/** Go packages with test files: their folders ('.' for the module root), sorted. */
export function goPackageDirs(tests: SandboxFile[]): string[] {
  return [...new Set(tests.map((f) => path.posix.dirname(f.path)))].sort();
}

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

const GO_TEST_MAIN = /^func(\s+)TestMain(\s*)\(/gm;

/**
 * The harness always owns a Go package's TestMain: in the sandbox's copy of
 * the package's test files, each `func TestMain(` is renamed to the
 * harness's `talentforge_<suffix>_main` (called from the harness's TestMain)
 * and, in those files, `os.Exit(` to `talentforge_<suffix>_exit(` (a panic the
 * harness recovers, so it still reports after an `os.Exit(m.Run())`). A
 * TestMain this does not recognise (a comment between `func` and the name)
 * makes two, which does not compile: never a package without the harness.
 */
async function ownTestMain(
  root: string,
  files: SandboxFile[],
  suffix: string,
): Promise<{ renamed: number; packageName?: string }> {
  let renamed = 0;
  let packageName: string | undefined;
  for (const file of files) {
    let count = 0;
    let content = file.content.replace(GO_TEST_MAIN, (_match, before: string, after: string) => {
      count += 1;
      return `func${before}talentforge_${suffix}_main${after}(`;
    });
    if (count === 0) continue;
    renamed += count;
    packageName ??= /^package\s+(\w+)/m.exec(file.content)?.[1];
    let exits = 0;
    content = content.replace(/\bos\.Exit\(/g, () => {
      exits += 1;
      return `talentforge_${suffix}_exit(`;
    });
    // Keep the os import used when os.Exit was its only use.
    if (exits > 0 && /"os"/.test(content)) content += '\nvar _ = os.Exit\n';
    const target = path.join(root, file.path);
    if (target.startsWith(`${root}/`)) await writeFile(target, content, { mode: 0o644 });
  }
  return { renamed, packageName };
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
              ? 'No test files found (names like cart_test.go).'
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
    // Go: every package with tests (go test ./...), each with the grader's TestMain (docs/decisions/010).
    const goPackages: { tree: 'visible' | 'hidden'; dir: string; key: string }[] = [];
    const harnessFiles: string[] = [];
    if (language === 'go') {
      for (const [tree, tests] of [
        ['visible', visibleTests],
        ['hidden', hiddenTests],
      ] as const) {
        for (const dir of goPackageDirs(tests)) {
          const inDir = tests.filter((f) => path.posix.dirname(f.path) === dir);
          const harness = { key: newHarnessKey(), suffix: randomBytes(8).toString('hex') };
          const own = await ownTestMain(dirs[tree], inDir, harness.suffix);
          const packageName =
            own.packageName ??
            inDir.map((f) => /^package\s+(\w+)/m.exec(f.content)?.[1]).find(Boolean);
          // No package clause: the compile fails and says so.
          if (packageName) {
            const file = path.join(dirs[tree], dir, GO_TESTMAIN_FILE);
            await writeFile(
              file,
              goTestMain({ ...harness, packageName, wrapsOwnMain: own.renamed > 0 }),
              { mode: 0o644 },
            );
            harnessFiles.push(file);
          }
          goPackages.push({ tree, dir, key: harness.key });
        }
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
    const goBinary = (i: number) => `/build/package-${i}.test`;
    if (language === 'go') {
      await mkdir(path.join(build, 'tmp'), { mode: 0o700 });
      await chown(path.join(build, 'tmp'), SANDBOX_UID, SANDBOX_UID);
      goPackages.forEach((pkg, i) => {
        const what = pkg.tree === 'hidden' ? 'hidden tests' : 'tests';
        compiles.push({
          label: pkg.dir === '.' ? what : `${what}, ./${pkg.dir}`,
          tree: pkg.tree,
          command: [
            t.go ?? 'go',
            'test',
            '-c',
            '-vet=off',
            '-o',
            goBinary(i),
            pkg.dir === '.' ? '.' : `./${pkg.dir}`,
          ],
          env: goEnv,
        });
      });
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
          '/grader/java/TalentForgeListener.java',
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
    if (language === 'go') {
      // The keys are in the harness sources, the build cache and the binaries: none of them stays
      // readable to the test steps (the binaries become root's and execute-only).
      for (const file of harnessFiles) await rm(file, { force: true });
      for (const name of ['cache', 'gopath', 'tmp']) {
        const dir = path.join(build, name);
        if (!existsSync(dir)) continue;
        await chown(dir, 0, 0);
        await chmod(dir, 0o700);
      }
      for (const [i] of goPackages.entries()) {
        const binary = path.join(build, path.basename(goBinary(i)));
        if (!existsSync(binary)) continue;
        await chown(binary, 0, 0);
        await chmod(binary, 0o111);
      }
    }
    if (language === 'java') {
      // The listener is registered through ServiceLoader, written by the server (root's) after the compile.
      const services = path.join(build, 'classes', 'META-INF', 'services');
      await mkdir(services, { recursive: true, mode: 0o755 });
      await writeFile(
        path.join(services, 'org.junit.platform.launcher.TestExecutionListener'),
        `${JAVA_LISTENER_CLASS}\n`,
        { mode: 0o644 },
      );
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
          key: newHarnessKey(),
          sendKey: !mode.enumerate,
          env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0' },
          command: mode.enumerate
            ? [t.python, '-B', '-c', PYTEST_LIST, ...paths]
            : [
                t.python,
                '-B',
                '/grader/pytest_run.py',
                '-p',
                'no:cacheprovider',
                '-q',
                '--rootdir=/work',
                ...paths,
              ],
          report: async (result, dir, key) => {
            if (!mode.enumerate) return parseResultRecords(result.channel, key).cases;
            try {
              const units = JSON.parse(
                await readReport(path.join(dir, 'units.json')),
              ) as string[][];
              return units.map((p) => ({ path: p.map(String), outcome: 'skipped' as const }));
            } catch {
              return [];
            }
          },
        });
      } else if (language === 'go') {
        goPackages.forEach((pkg, i) => {
          if ((pkg.tree === 'hidden') !== hidden) return;
          const prefix = (cases: JunitCase[]) =>
            cases.map((c) => ({ ...c, path: [pkg.dir, ...c.path] }));
          steps.push({
            label,
            hidden,
            tree: pkg.tree,
            key: pkg.key,
            sendKey: false,
            env: { GOMAXPROCS: '2', GOTMPDIR: '/tmp' },
            command: mode.enumerate
              ? [goBinary(i), '-test.list', '.']
              : [
                  t.test2json ?? 'test2json',
                  '-p',
                  pkg.dir,
                  goBinary(i),
                  '-test.v',
                  '-test.count=1',
                ],
            report: async (result) =>
              prefix(
                mode.enumerate
                  ? result.stdout
                      .split('\n')
                      .map((l) => l.trim())
                      .filter((l) => /^(Test|Example|Fuzz)\w*$/.test(l) && l !== 'TestMain')
                      .map((name) => ({ path: [name], outcome: 'skipped' as const }))
                  : parseGoJson(result.stdout),
              ),
          });
        });
      } else {
        // JUnit 1.9 has no listing mode: the reference project's own run is the list (its code is the template's).
        steps.push({
          label,
          hidden,
          tree: 'all',
          key: newHarnessKey(),
          sendKey: true,
          env: {},
          command: [
            t.java ?? 'java',
            ...jvm,
            '-Xmx128m',
            // The grader's listener opens fd 4 through FileDescriptor's private constructor.
            '--add-opens=java.base/java.io=ALL-UNNAMED',
            '-jar',
            t.junit,
            '--class-path',
            '/build/classes',
            ...tests.flatMap((f) => ['--select-class', javaClass(f)]),
            '--disable-banner',
            '--disable-ansi-colors',
            '--details',
            'tree',
          ],
          report: async (result, _dir, key) => parseResultRecords(result.channel, key).cases,
        });
      }
    }

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
      );
      // Human-readable output of pytest and JUnit (stdout) goes to the run's output; Go's is JSON.
      if (language !== 'go') ctx.output.push(Buffer.from(result.stdout));
      const stopped = await judge(ctx, result, step.label);
      let cases = await step.report(result, reportDir, step.key);
      // pytest ends with 2 when a test module does not import (a syntax error): a compile failure.
      if (language === 'python' && !mode.enumerate && result.code === 2 && !stopped) {
        result.code = 1;
        ctx.output.push(
          Buffer.from(
            '\n[compilation failed: a test module or the code it imports does not load]\n',
          ),
        );
      }
      if (!mode.enumerate && !stopped) {
        const { done, forged } = parseResultRecords(result.channel, step.key);
        const guarded = guardEarlyExit(result, cases, done, step.label, forged);
        cases = guarded.cases;
        if (guarded.note) ctx.output.push(Buffer.from(`\n${guarded.note}\n`));
      }
      if (language === 'python' && mode.enumerate && result.code !== 0) cases = [];
      // Java's list is the reference project's own run: its failing tests are still tests.
      if (language === 'java' && mode.enumerate && result.code === 1) result.code = 0;
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
