import type { JunitCase, TestFailure } from './junit';

/**
 * The counts of a pass, held to a trusted list of its tests.
 *
 * The list (the "units") comes from enumerating the template's ORIGINAL
 * files in a sandbox where no candidate code runs (enumerate.ts); the report of
 * the real pass comes from a runner whose test processes the candidate's
 * code shares, so it may hold extra, forged test cases (never fewer real
 * ones: a real failure still shows, and the exit code says so).
 *
 * Every reported case is credited to the unit whose path is its own or its
 * nearest ancestor's (a test whose subtests are only declared when it runs is
 * one unit). A unit with any failure failed; else with any skip was skipped;
 * else with any pass passed; with no result at all it failed ("no result").
 * Cases that match no unit are not counted. So passed + failed + skipped is
 * always the number of units, whatever the report says.
 */
export interface TrustedCounts {
  passed: number;
  failed: number;
  skipped: number;
  failures: TestFailure[];
  /** Units with no result (counted as failed). */
  missing: number;
  /** Reported cases that match no unit (not counted). */
  unmatched: number;
}

const key = (path: string[]) => JSON.stringify(path);

export function countAgainstUnits(
  units: string[][],
  cases: JunitCase[],
  options: { runnerPassed: boolean; runnerFailed: boolean; label: string },
): TrustedCounts {
  const multiplicity = new Map<string, number>();
  for (const unit of units) multiplicity.set(key(unit), (multiplicity.get(key(unit)) ?? 0) + 1);
  const tally = new Map<string, { passed: number; failed: number; skipped: number }>();
  const unmatchedFailures: TestFailure[] = [];
  const failures: TestFailure[] = [];
  let unmatched = 0;
  for (const c of cases) {
    // A failure in a report whose runner exited 0 can only be forged text.
    const outcome = options.runnerPassed && c.outcome === 'failed' ? null : c.outcome;
    let unit: string | null = null;
    for (let n = c.path.length; n > 0 && unit === null; n--) {
      const k = key(c.path.slice(0, n));
      if (multiplicity.has(k)) unit = k;
    }
    if (unit === null) {
      unmatched += 1;
      if (outcome === 'failed' && c.failure) unmatchedFailures.push(c.failure);
      continue;
    }
    if (outcome === null) continue;
    const t = tally.get(unit) ?? { passed: 0, failed: 0, skipped: 0 };
    t[outcome] += 1;
    tally.set(unit, t);
    if (outcome === 'failed' && c.failure) failures.push(c.failure);
  }
  const counts: TrustedCounts = {
    passed: 0,
    failed: 0,
    skipped: 0,
    failures,
    missing: 0,
    unmatched,
  };
  for (const [unit, n] of multiplicity) {
    const t = tally.get(unit) ?? { passed: 0, failed: 0, skipped: 0 };
    const failed = Math.min(n, t.failed);
    const skipped = Math.min(n - failed, t.skipped);
    const passed = Math.min(n - failed - skipped, t.passed);
    const missing = n - failed - skipped - passed;
    counts.failed += failed + missing;
    counts.skipped += skipped;
    counts.passed += passed;
    counts.missing += missing;
  }
  if (counts.missing > 0) {
    counts.failures.push({
      name: options.label,
      message: `${counts.missing} of the template's ${units.length} tests reported no result.`,
    });
  }
  // The runner failed (a file that failed outside its tests, say) while every unit passed:
  // one unit is counted failed, so the counts agree with the verdict and never exceed the units.
  if (options.runnerFailed && counts.failed === 0 && units.length > 0) {
    if (counts.passed > 0) counts.passed -= 1;
    else counts.skipped -= 1;
    counts.failed = 1;
    if (unmatchedFailures.length === 0) {
      counts.failures.push({
        name: options.label,
        message: 'The test runner reported a failure (exit code 1).',
      });
    }
  }
  // Failures outside the template's tests (the candidate's own tests, a file that did not load) are shown, not counted.
  counts.failures.push(...unmatchedFailures);
  counts.failures = counts.failures.slice(0, 50);
  return counts;
}
