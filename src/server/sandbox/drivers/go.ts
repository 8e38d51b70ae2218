import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { GO_TESTMAIN_FILE, goTestMain } from '../grader-scripts';
import type { JunitCase } from '../junit';
import { SANDBOX_UID } from '../limits';
import type { Driver, SandboxFile } from '../types';
import { newHarnessKey } from './harness';
import {
  type CompiledLanguage,
  type CompileStep,
  executeSteps,
  missingToolchain,
  type TestStep,
} from './steps';

/**
 * Go: each package with tests compiled by `go test -c` with the grader's TestMain
 * (docs/decisions/010), then run through test2json; one binary per package.
 */

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

/**
 * Hands `sink` the text of test2json's output events (the tests' prints, `=== RUN` and
 * `--- PASS` lines: what `go test -v` prints) as each JSON line comes, so a pad's run shows
 * go test's output as it is printed. A line split between chunks waits for its end.
 */
export function goOutputText(sink: (text: Buffer) => void): (chunk: Buffer) => void {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  return (chunk) => {
    const lines = (pending + decoder.write(chunk)).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{')) continue;
      try {
        const event = JSON.parse(line) as { Action?: unknown; Output?: unknown };
        if (event.Action === 'output' && typeof event.Output === 'string' && event.Output) {
          sink(Buffer.from(event.Output));
        }
      } catch {}
    }
  };
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

const goBinary = (i: number) => `/build/package-${i}.test`;

const go: CompiledLanguage = {
  language: 'go',
  needs: (t) => [t.go, t.test2json],
  noTestsNote: 'No test files found (names like cart_test.go).',
  trees: ['visible', 'hidden'],
  // go test's stdout is JSON (test2json): its output events' text, only in a run that shows
  // its prints (an assessment's output has never held go test's own).
  stdoutEcho: (mode, sink) => (mode.showPrints ? goOutputText(sink) : undefined),
  plan: async ({ visibleTests, hiddenTests, mode, dirs, build, tools: t }) => {
    // Every package with tests (go test ./...), each with the grader's TestMain (docs/decisions/010).
    const goPackages: { tree: 'visible' | 'hidden'; dir: string; key: string }[] = [];
    const harnessFiles: string[] = [];
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
    await mkdir(path.join(build, 'tmp'), { mode: 0o700 });
    await chown(path.join(build, 'tmp'), SANDBOX_UID, SANDBOX_UID);
    const compiles: CompileStep[] = goPackages.map((pkg, i) => {
      const what = pkg.tree === 'hidden' ? 'hidden tests' : 'tests';
      return {
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
      };
    });
    const afterCompile = async () => {
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
    };
    const steps: TestStep[] = [];
    for (const hidden of [false, true]) {
      const label = hidden ? 'hidden tests' : 'tests';
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
            : [t.test2json ?? 'test2json', '-p', pkg.dir, goBinary(i), '-test.v', '-test.count=1'],
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
    }
    return { compiles, afterCompile, steps };
  },
};

export const goDriver: Driver = {
  language: 'go',
  missing: () => missingToolchain(go),
  execute: (ctx, files, mode) => executeSteps(ctx, files, mode, go),
};
