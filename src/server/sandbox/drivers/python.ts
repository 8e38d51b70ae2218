import path from 'node:path';
import type { Driver } from '../types';
import { newHarnessKey, parseResultRecords } from './harness';
import {
  type CompiledLanguage,
  executeSteps,
  missingToolchain,
  readReport,
  type TestStep,
} from './steps';

/** Python: pytest, run by the grader's pytest_run.py (signed result lines); no compile step. */

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

const python: CompiledLanguage = {
  language: 'python',
  needs: (t) => [t.python, t.pytest],
  noTestsNote: 'No test files found (names like test_cart.py or cart_test.py).',
  trees: ['all'],
  stdoutEcho: (_mode, sink) => sink,
  plan: async ({ visibleTests, hiddenTests, mode, tools: t }) => {
    const steps: TestStep[] = [];
    for (const [hidden, tests] of [
      [false, visibleTests],
      [true, hiddenTests],
    ] as const) {
      if (tests.length === 0) continue;
      const label = hidden ? 'hidden tests' : 'tests';
      const paths = tests.map((f) => f.path);
      steps.push({
        label,
        hidden,
        tree: 'all',
        key: newHarnessKey(),
        sendKey: !mode.enumerate,
        // Unbuffered: a pipe's stdout is block-buffered, and pytest's progress and the tests'
        // prints would reach the run's output in 8 KB blocks, or only when the step ends.
        env: { PYTHONDONTWRITEBYTECODE: '1', PYTHONHASHSEED: '0', PYTHONUNBUFFERED: '1' },
        command: mode.enumerate
          ? [t.python, '-B', '-c', PYTEST_LIST, ...paths]
          : [
              t.python,
              '-B',
              '/grader/pytest_run.py',
              '-p',
              'no:cacheprovider',
              '-q',
              // A pad's run shows a test's prints as it prints them (pytest holds them otherwise,
              // and shows them only under a failing test's report).
              ...(mode.showPrints ? ['-s'] : []),
              '--rootdir=/work',
              ...paths,
            ],
        report: async (result, dir, key) => {
          if (!mode.enumerate) return parseResultRecords(result.channel, key).cases;
          try {
            const units = JSON.parse(await readReport(path.join(dir, 'units.json'))) as string[][];
            return units.map((p) => ({ path: p.map(String), outcome: 'skipped' as const }));
          } catch {
            return [];
          }
        },
      });
    }
    return { compiles: [], steps };
  },
  settle: (ctx, result, cases, stopped, mode) => {
    // pytest ends with 2 when a test module does not import (a syntax error): a compile failure.
    if (!mode.enumerate && result.code === 2 && !stopped) {
      result.code = 1;
      ctx.output.push(
        Buffer.from('\n[compilation failed: a test module or the code it imports does not load]\n'),
      );
    }
    return mode.enumerate && result.code !== 0 ? [] : cases;
  },
};

export const pythonDriver: Driver = {
  language: 'python',
  missing: () => missingToolchain(python),
  execute: (ctx, files, mode) => executeSteps(ctx, files, mode, python),
};
