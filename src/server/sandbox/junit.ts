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
  const text = decodeXml(body).trim();
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

/**
 * Counts every <testcase>: one with <failure> failed, one with <skipped> (skip or todo)
 * was skipped, the rest passed. Suites (describe blocks) are <testsuite> and not counted.
 */
export function parseJunit(xml: string): JunitSummary {
  const summary: JunitSummary = { passed: 0, failed: 0, skipped: 0, failures: [] };
  // Attribute values may hold a raw '>' (node escapes only '<', '&' and '"').
  const testcase = /<testcase\b((?:[^>"]|"[^"]*")*?)(\/>|>([\s\S]*?)<\/testcase>)/g;
  for (const match of xml.matchAll(testcase)) {
    const attrs = match[1] ?? '';
    const inner = match[3] ?? '';
    const name = decodeXml(/(?:^|\s)name="([^"]*)"/.exec(attrs)?.[1] ?? 'test');
    const failure = /<failure\b((?:[^>"]|"[^"]*")*?)(?:\/>|>([\s\S]*?)<\/failure>)/.exec(inner);
    if (failure) {
      summary.failed += 1;
      if (summary.failures.length < MAX_FAILURES) {
        const attribute = /\bmessage="([^"]*)"/.exec(failure[1] ?? '')?.[1] ?? '';
        summary.failures.push({
          name: name.slice(0, 500),
          message: failureMessage(failure[2] ?? '', attribute),
        });
      }
    } else if (/<skipped\b/.test(inner)) {
      summary.skipped += 1;
    } else {
      summary.passed += 1;
    }
  }
  return summary;
}
