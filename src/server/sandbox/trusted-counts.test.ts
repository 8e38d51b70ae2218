import { describe, expect, it } from 'vitest';
import type { JunitCase } from './junit';
import { countAgainstUnits } from './trusted-counts';

const units = [
  ['test', 'adds'],
  ['test', 'suite', 'negatives'],
  ['test', 'parent'],
];
const pass = (...path: string[]): JunitCase => ({ path, outcome: 'passed' });
const fail = (...path: string[]): JunitCase => ({
  path,
  outcome: 'failed',
  failure: { name: path.at(-1) ?? '', message: 'no' },
});
const opts = { runnerPassed: false, runnerFailed: true, label: 'hidden tests' };

describe('countAgainstUnits', () => {
  it('never counts more results than the trusted tests', () => {
    const forged = Array.from({ length: 25 }, (_, i) => pass('test', `forged ${i}`));
    const counts = countAgainstUnits(
      units,
      [
        pass('test', 'adds'),
        fail('test', 'suite', 'negatives'),
        pass('test', 'parent', 'one'),
        ...forged,
      ],
      opts,
    );
    expect(counts).toMatchObject({ passed: 2, failed: 1, skipped: 0, unmatched: 25, missing: 0 });
  });

  it('a forged pass beside a real failure of the same test leaves it failed', () => {
    const counts = countAgainstUnits(
      units,
      [
        pass('test', 'adds'),
        fail('test', 'adds'),
        pass('test', 'suite', 'negatives'),
        pass('test', 'parent'),
      ],
      opts,
    );
    expect(counts).toMatchObject({ passed: 2, failed: 1 });
  });

  it('a test with no result failed; a failure while the runner exited 0 is forged and dropped', () => {
    const counts = countAgainstUnits(units, [pass('test', 'adds'), fail('test', 'parent')], {
      ...opts,
      runnerPassed: true,
      runnerFailed: false,
    });
    expect(counts).toMatchObject({ passed: 1, failed: 2, missing: 2 });
    expect(counts.failures[0]?.message).toContain("2 of the template's 3 tests reported no result");
  });

  it('a runner that failed outside the tests counts one test failed, never more in total', () => {
    const counts = countAgainstUnits(
      units,
      [
        pass('test', 'adds'),
        pass('test', 'suite', 'negatives'),
        pass('test', 'parent'),
        fail('test', '/work/x.test.js'),
      ],
      opts,
    );
    expect(counts).toMatchObject({ passed: 2, failed: 1, unmatched: 1 });
    expect(counts.failures.map((f) => f.name)).toEqual(['/work/x.test.js']);
  });
});
