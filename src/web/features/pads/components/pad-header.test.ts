import { describe, expect, it } from 'vitest';
import { formatElapsed } from './pad-header';

describe('the time since the pad started', () => {
  it('reads as m:ss, then h:mm:ss past an hour', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(45 * 60_000)).toBe('45:00');
    expect(formatElapsed(3_600_000 + 2 * 60_000 + 3_000)).toBe('1:02:03');
  });

  it('never goes below zero (a clock a little behind the server’s)', () => {
    expect(formatElapsed(-4_000)).toBe('0:00');
  });
});
