import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { JunitCase } from '../junit';
import type { PassResult } from '../pass';

/**
 * The harness's result pipe (fd 4) of Python, Go and Java steps: lines signed with a key
 * only the grader's harness holds, so the code under test cannot write a result
 * (docs/decisions/010).
 */

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
