import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_TEXTS,
  analyticsQuerySchema,
  buildFunnel,
  formatDays,
  formatHours,
  formatRate,
  resolveRange,
} from './analytics';

describe('resolveRange', () => {
  it('defaults to the 90 days up to today, per week', () => {
    expect(resolveRange({}, '2025-03-31')).toEqual({
      ok: true,
      from: '2025-01-01',
      to: '2025-03-31',
      interval: 'week',
    });
  });

  it('counts per day up to 31 days, unless told', () => {
    expect(resolveRange({ from: '2025-03-01', to: '2025-03-31' }, '2025-06-01')).toMatchObject({
      interval: 'day',
    });
    expect(
      resolveRange({ from: '2025-03-01', to: '2025-03-31', interval: 'week' }, '2025-06-01'),
    ).toMatchObject({ interval: 'week' });
  });

  it('refuses a backwards or too long range, naming the date to change', () => {
    expect(resolveRange({ from: '2025-04-01' }, '2025-03-31')).toEqual({
      ok: false,
      path: 'from',
      message: ANALYTICS_TEXTS.fromAfterTo,
    });
    expect(resolveRange({ from: '2020-01-01' }, '2025-03-31')).toEqual({
      ok: false,
      path: 'to',
      message: ANALYTICS_TEXTS.rangeTooLong,
    });
  });
});

describe('analyticsQuerySchema', () => {
  it('takes calendar dates and ids only', () => {
    expect(analyticsQuerySchema.safeParse({ from: '2025-02-29' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ jobId: 'a b' }).success).toBe(false);
    expect(analyticsQuerySchema.safeParse({ from: '2024-02-29', jobId: 'job_1-x' }).success).toBe(
      true,
    );
  });
});

describe('buildFunnel', () => {
  it('counts an application as passing every stage before its furthest one', () => {
    const funnel = buildFunnel({ applied: 2, interview: 1, hired: 1 }, { applied: 1, rejected: 1 });
    expect(funnel.map((s) => [s.stage, s.reached])).toEqual([
      ['applied', 4],
      ['screening', 2],
      ['assessment', 2],
      ['interview', 2],
      ['offer', 1],
      ['hired', 1],
      ['rejected', 1],
      ['withdrawn', 0],
    ]);
    expect(funnel[0]!.passRate).toBe(0.5);
    expect(funnel[5]!.passRate).toBeNull();
  });

  it('has no pass rate where nothing arrived', () => {
    expect(buildFunnel({}, {}).every((s) => s.passRate === null && s.reached === 0)).toBe(true);
  });
});

describe('formatting', () => {
  it('says rates, days and hours as people read them', () => {
    expect(formatRate(2 / 3)).toBe('67%');
    expect(formatRate(null)).toBe('—');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(18.666)).toBe('18.7 days');
    expect(formatHours(6)).toBe('6 hours');
    expect(formatHours(72)).toBe('3 days');
  });
});
