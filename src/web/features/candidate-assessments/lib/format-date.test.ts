import { afterEach, describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('formatDay', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('shows a stored day for people', () => {
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
    expect(formatDay('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('keeps the same day west of Greenwich (no UTC shift)', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatDay('2026-11-28')).toBe('Nov 28, 2026');
  });

  it("shows 'N/A' when missing", () => {
    expect(formatDay(null)).toBe('N/A');
    expect(formatDay(undefined)).toBe('N/A');
    expect(formatDay('')).toBe('N/A');
    expect(formatDay('  ')).toBe('N/A');
  });

  it('shows anything that is not a real calendar day as it is', () => {
    expect(formatDay('2026-02-31')).toBe('2026-02-31');
    expect(formatDay('next week')).toBe('next week');
  });
});
