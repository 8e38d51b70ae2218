import { describe, expect, it } from 'vitest';
import { decodeXml, parseJunit } from './junit';
import { CappedOutput } from './output';

const REPORT = `<?xml version="1.0" encoding="utf-8"?>
<testsuites>
  <testsuite name="cart" tests="3" failures="1" skipped="1">
    <testcase name="adds" time="0.02" classname="test"/>
    <testcase name="fails &lt;x>" time="0.003" classname="test" failure="x">
      <failure type="testCodeFailure" message="sum &amp; &amp;quot;wrong&amp;quot;2 !== 3">
Error [ERR_TEST_FAILURE]: sum &amp; "wrong"

2 !== 3

    at async Promise.all (index 0) {
  code: 'ERR_TEST_FAILURE',
      </failure>
    </testcase>
    <testcase name="later" time="0.0002" classname="test">
      <skipped type="todo" message="true"/>
    </testcase>
  </testsuite>
  <testcase name="top" time="0.0001" classname="test"/>
</testsuites>`;

describe('parseJunit', () => {
  it('counts passed, failed and skipped test cases, not suites', () => {
    const summary = parseJunit(REPORT);
    expect(summary).toMatchObject({ passed: 2, failed: 1, skipped: 1 });
  });

  it('keeps the failure message without the stack, decoded once', () => {
    const [failure] = parseJunit(REPORT).failures;
    expect(failure?.name).toBe('fails <x>');
    expect(failure?.message).toBe('sum & "wrong"\n\n2 !== 3');
  });

  it('copes with an empty or cut report', () => {
    expect(parseJunit('')).toMatchObject({ passed: 0, failed: 0 });
    expect(parseJunit(REPORT.slice(0, 200))).toMatchObject({ passed: 1, failed: 0 });
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(decodeXml('&#65;&#x42;&bogus;')).toBe('AB&bogus;');
  });
});

describe('CappedOutput', () => {
  it('keeps up to the cap and says how much it dropped', () => {
    const out = new CappedOutput(10);
    out.push(Buffer.from('0123456'));
    out.push(Buffer.from('789abcdef'));
    expect(out.total).toBe(16);
    expect(out.text()).toBe('0123456789\n[output truncated: 6 more bytes not kept]');
  });

  it('is untouched under the cap', () => {
    const out = new CappedOutput(10);
    out.push(Buffer.from('short'));
    expect(out.text()).toBe('short');
    expect(out.truncated).toBe(false);
  });
});
