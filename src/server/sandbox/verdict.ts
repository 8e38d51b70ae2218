import type { JunitCase, JunitSummary } from './junit';
import type { PassResult, RunContext } from './pass';
import { countAgainstUnits } from './trusted-counts';
import { type Partial, type RunOutcome, ZERO } from './types';

/**
 * The verdict of a pass from what the candidate cannot fake: our clock, the
 * cgroup's OOM counter, the exit status and signal of the test runner (a
 * process the tests cannot reach). The JUnit report only gives the counts
 * and messages shown.
 */
export async function judge(
  ctx: RunContext,
  result: PassResult,
  what: string,
): Promise<Partial | null> {
  if (result.timedOut) {
    return {
      ...ZERO,
      status: 'timeout',
      note: `[stopped after ${Math.round(ctx.limits.wallMs / 1000)} s${what === 'compile' ? ': compilation took too long' : ''}]`,
    };
  }
  if (await ctx.cgroup?.oomKilled()) {
    return {
      ...ZERO,
      status: 'out-of-memory',
      note: `[stopped: ${what === 'compile' ? 'compilation' : 'the tests'} used more than ${ctx.limits.memoryMb} MB]`,
    };
  }
  if (result.killedForOutput)
    return { ...ZERO, status: 'error', note: '[stopped: too much output]' };
  if (result.setupFailed)
    return { ...ZERO, status: 'error', note: 'The sandbox could not be set up' };
  if (result.signal === 'SIGXCPU')
    return { ...ZERO, status: 'timeout', note: '[stopped: CPU time limit]' };
  return null;
}

/** Counts from the report alone: only where no trusted list of the tests could be made. */
export function countsOf(summary: JunitSummary, result: PassResult, label: string): Partial {
  const base = {
    passed: summary.passed,
    failed: summary.failed,
    skipped: summary.skipped,
    failures: summary.failures,
  };
  if (result.code === 0 && result.signal === null) {
    if (summary.passed + summary.skipped === 0 && summary.failed === 0) {
      return { ...base, status: 'error', note: `No tests ran (${label}).` };
    }
    // The runner saw no failure; a failure in the report can only be forged text.
    return { ...base, status: 'passed', failed: 0, failures: [] };
  }
  if (result.code === 1) {
    if (base.failed === 0) {
      base.failed = 1;
      base.failures = [
        ...base.failures,
        { name: label, message: 'The test runner reported a failure (exit code 1).' },
      ];
    }
    return { ...base, status: 'failed' };
  }
  return {
    ...base,
    status: 'error',
    note: `[the test runner (${label}) ended with ${result.signal ?? `exit code ${result.code}`}]`,
  };
}

/**
 * The verdict of a pass (from the exit status, never the report) with its
 * counts held to the trusted list of its tests: passed + failed + skipped is
 * the number of the template's tests, whatever the test code printed.
 */
export function trustedCountsOf(
  units: string[][],
  cases: JunitCase[],
  result: PassResult,
  stopped: Partial | null,
  label: string,
): Partial {
  const runnerPassed = !stopped && result.code === 0 && result.signal === null;
  const runnerFailed = !stopped && result.code === 1;
  const counts = countAgainstUnits(units, cases, { runnerPassed, runnerFailed, label });
  const notes: string[] = [];
  if (counts.unmatched > 0) {
    notes.push(
      `[${counts.unmatched} reported result${counts.unmatched === 1 ? '' : 's'} (${label}) matched none of the template's ${units.length} tests and ${counts.unmatched === 1 ? 'was' : 'were'} not counted]`,
    );
  }
  const base = {
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    failures: counts.failures,
  };
  let partial: Partial;
  if (stopped) partial = { ...stopped, ...base };
  else if (runnerPassed) {
    // The runner saw every test file pass; a test that reported nothing still failed.
    partial =
      units.length === 0
        ? { ...base, status: 'error', note: `No tests ran (${label}).` }
        : { ...base, status: counts.failed > 0 ? 'failed' : 'passed' };
  } else if (runnerFailed) partial = { ...base, status: 'failed' };
  else {
    partial = {
      ...base,
      status: 'error',
      note: `[the test runner (${label}) ended with ${result.signal ?? `exit code ${result.code}`}]`,
    };
  }
  const note = [partial.note, ...notes].filter(Boolean).join('\n');
  return { ...partial, note: note || undefined };
}

/** The run's outcome: the verdict, with its note after the run's output. */
export function finish(partial: Partial, ctx: RunContext, elapsed: () => number): RunOutcome {
  const { note, ...rest } = partial;
  const text = ctx.output.text();
  return {
    ...rest,
    output: note ? `${text}\n${note}`.trim() : text,
    durationMs: elapsed(),
  };
}
