/** Pass/fail counts and failure messages from the JUnit XML of `node --test --test-reporter=junit`. */
export interface TestFailure {
  name: string;
  message: string;
}

export interface JunitSummary {
  passed: number;
  failed: number;
  skipped: number;
  failures: TestFailure[];
}

const MAX_FAILURES = 50;
const MAX_MESSAGE_CHARS = 2000;

export function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    if (lower === 'amp') return '&';
    const n = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : whole;
  });
}

/** The readable part of a failure body: the error's message (and values) without the runner's wrapper and stack. */
function failureMessage(body: string, attribute: string): string {
  // JUnit's console launcher wraps the stack in CDATA (raw text, not entity-encoded).
  const cdata = /<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/.exec(body);
  const text = (cdata ? (cdata[1] ?? '') : decodeXml(body)).trim();
  const source = text || decodeXml(attribute);
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (/^\s+at /.test(line) || /^\s*\{$/.test(line) || /^\s+\w+: /.test(line)) break;
    lines.push(line);
  }
  let message = lines
    .join('\n')
    .replace(/^\[?Error \[ERR_TEST_FAILURE\]: /, '')
    .replace(/\]?\s*\{$/, '')
    .replace(/\]$/, '')
    .trim();
  const expected = /\n\s+expected: (.*),?\n/.exec(source)?.[1];
  const actual = /\n\s+actual: (.*),?\n/.exec(source)?.[1];
  if (expected !== undefined && actual !== undefined && !message.includes('!==')) {
    message += `\nexpected: ${expected.replace(/,$/, '')}, actual: ${actual.replace(/,$/, '')}`;
  }
  return (message || 'Test failed').slice(0, MAX_MESSAGE_CHARS);
}

/** One test case of a report, with the names of the suites around it (and its class, when the report gives one). */
export interface JunitCase {
  path: string[];
  outcome: 'passed' | 'failed' | 'skipped';
  failure?: TestFailure;
}

const ATTRS = '((?:[^>"]|"[^"]*")*?)';
const TOKEN = new RegExp(
  `<testsuite\\b${ATTRS}(/?)>|</testsuite>|<testcase\\b${ATTRS}(/>|>([\\s\\S]*?)</testcase>)`,
  'g',
);
const attr = (attrs: string, name: string) =>
  new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attrs)?.[1];

/**
 * Every <testcase> in order, with its suites' names: one with <failure> or
 * <error> failed, one with <skipped> (skip or todo) was skipped, the rest
 * passed. Suites (describe blocks, a test's subtests, a pytest module) are
 * <testsuite> and not counted themselves. The report is the runner's own
 * (names escaped by it), so its nesting can be trusted; what the test code
 * could add is whole test cases.
 */
export function parseJunitCases(xml: string): JunitCase[] {
  const cases: JunitCase[] = [];
  const suites: string[] = [];
  for (const match of xml.matchAll(TOKEN)) {
    const whole = match[0];
    if (whole.startsWith('</testsuite')) {
      suites.pop();
      continue;
    }
    if (whole.startsWith('<testsuite')) {
      if (match[2] !== '/') suites.push(decodeXml(attr(match[1] ?? '', 'name') ?? ''));
      continue;
    }
    const attrs = match[3] ?? '';
    const inner = match[5] ?? '';
    const name = decodeXml(attr(attrs, 'name') ?? 'test');
    const classname = attr(attrs, 'classname');
    // The class first: a test whose subtests make it a suite keeps its own path as their prefix.
    const path = [...(classname ? [decodeXml(classname)] : []), ...suites, name];
    const failure =
      /<(failure|error)\b((?:[^>"]|"[^"]*")*?)(?:\/>|>([\s\S]*?)<\/(?:failure|error)>)/.exec(inner);
    if (failure) {
      const attribute = /\bmessage="([^"]*)"/.exec(failure[2] ?? '')?.[1] ?? '';
      cases.push({
        path,
        outcome: 'failed',
        failure: { name: name.slice(0, 500), message: failureMessage(failure[3] ?? '', attribute) },
      });
    } else if (/<skipped\b/.test(inner)) {
      cases.push({ path, outcome: 'skipped' });
    } else {
      cases.push({ path, outcome: 'passed' });
    }
  }
  return cases;
}

/** The counts and the first failures of a report (see parseJunitCases). */
export function parseJunit(xml: string): JunitSummary {
  return summarise(parseJunitCases(xml));
}

export function summarise(cases: JunitCase[]): JunitSummary {
  const summary: JunitSummary = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for (const c of cases) {
    summary[c.outcome] += 1;
    if (c.failure && summary.failures.length < MAX_FAILURES) summary.failures.push(c.failure);
  }
  return summary;
}
