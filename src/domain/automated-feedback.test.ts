import { describe, expect, it } from 'vitest';
import { buildFeedback, FEEDBACK_MAX_FAILURES, feedbackRun } from './automated-feedback';
import type { TestRun } from './test-runs';

const run = (over: Partial<TestRun> = {}) =>
  ({
    id: 'r1',
    status: 'failed',
    includeHidden: false,
    finishedAt: '2030-01-01T00:00:00.000Z',
    passed: 1,
    failed: 2,
    failures: [
      { name: 'a', message: 'ma' },
      { name: 'b', message: 'mb' },
    ],
    output: 'out',
    ...over,
  }) as TestRun;

describe('which run', () => {
  it('the newest finished run with the hidden tests, else the newest finished one', () => {
    const runs = [
      run({ id: 'queued', status: 'queued', includeHidden: true }),
      run({ id: 'visible' }),
      run({ id: 'hidden', includeHidden: true }),
    ];
    expect(feedbackRun(runs)?.id).toBe('hidden');
    expect(feedbackRun(runs.slice(0, 2))?.id).toBe('visible');
    expect(feedbackRun([run({ status: 'running' })])).toBeNull();
  });
});

describe('detail levels', () => {
  it('each adds to the one before', () => {
    const basic = buildFeedback(run(), 'basic');
    expect(basic).toMatchObject({ outcome: 'failed', passRate: 33 });
    expect(basic.failures).toBeUndefined();
    expect(buildFeedback(run(), 'standard').failures).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(buildFeedback(run(), 'detailed').failures?.[0]).toEqual({ name: 'a', message: 'ma' });
    expect(buildFeedback(run(), 'detailed').output).toBeUndefined();
    expect(buildFeedback(run(), 'comprehensive')).toMatchObject({
      output: 'out',
      outputTruncated: false,
    });
  });

  it('a run that did not complete, with no tests, has no pass rate; long lists are cut', () => {
    expect(buildFeedback(run({ status: 'timeout', passed: 0, failed: 0 }), 'basic')).toMatchObject({
      outcome: 'incomplete',
      passRate: null,
    });
    const many = Array.from({ length: FEEDBACK_MAX_FAILURES + 5 }, (_, i) => ({
      name: `t${i}`,
      message: '',
    }));
    const cut = buildFeedback(run({ failures: many }), 'standard');
    expect(cut.failures).toHaveLength(FEEDBACK_MAX_FAILURES);
    expect(cut.moreFailures).toBe(5);
  });
});
