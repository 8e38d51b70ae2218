import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { JAVA_LISTENER_CLASS } from '../grader-scripts';
import type { Driver, SandboxFile } from '../types';
import { newHarnessKey, parseResultRecords } from './harness';
import {
  type CompiledLanguage,
  type CompileStep,
  executeSteps,
  missingToolchain,
  type TestStep,
} from './steps';

/** Java: javac with the grader's listener, then JUnit 5's console launcher (signed result lines). */

/** Java class names of test files: the file's package (as its source declares it) and name. */
function javaClass(file: SandboxFile): string {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(file.content)?.[1];
  const name = path.basename(file.path, '.java');
  return pkg ? `${pkg}.${name}` : name;
}

const jvm = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xss1m', '-XX:CICompilerCount=1'];

const java: CompiledLanguage = {
  language: 'java',
  needs: (t) => [t.java, t.javac, t.junit],
  noTestsNote: 'No test files found (names like CartTest.java).',
  trees: ['all'],
  // The tests' prints come as they are printed (System.out flushes each line); the launcher's
  // --details tree is printed once the whole plan has run (its TreePrintingListener).
  stdoutEcho: (_mode, sink) => sink,
  plan: async ({ files, visibleTests, hiddenTests, build, tools: t }) => {
    const sources = files.filter((f) => f.path.endsWith('.java')).map((f) => `/work/${f.path}`);
    const compiles: CompileStep[] = [
      {
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
      },
    ];
    const afterCompile = async () => {
      // The listener is registered through ServiceLoader, written by the server (root's) after the compile.
      const services = path.join(build, 'classes', 'META-INF', 'services');
      await mkdir(services, { recursive: true, mode: 0o755 });
      await writeFile(
        path.join(services, 'org.junit.platform.launcher.TestExecutionListener'),
        `${JAVA_LISTENER_CLASS}\n`,
        { mode: 0o644 },
      );
    };
    const steps: TestStep[] = [];
    for (const [hidden, tests] of [
      [false, visibleTests],
      [true, hiddenTests],
    ] as const) {
      if (tests.length === 0) continue;
      const label = hidden ? 'hidden tests' : 'tests';
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
    return { compiles, afterCompile, steps };
  },
  settle: (_ctx, result, cases, _stopped, mode) => {
    // Java's list is the reference project's own run: its failing tests are still tests.
    if (mode.enumerate && result.code === 1) result.code = 0;
    return cases;
  },
};

export const javaDriver: Driver = {
  language: 'java',
  missing: () => missingToolchain(java),
  execute: (ctx, files, mode) => executeSteps(ctx, files, mode, java),
};
