import { describe, expect, it } from 'vitest';
import { containsNul, ID_PATTERN, isCalendarDate } from './inputs';

describe('calendar dates', () => {
  it('accepts real days, leap days included', () => {
    for (const d of ['2030-01-31', '2028-02-29', '2000-02-29', '9999-12-31']) {
      expect(isCalendarDate(d), d).toBe(true);
    }
  });
  it('refuses impossible or malformed ones', () => {
    for (const d of [
      '2030-02-30',
      '2029-02-29',
      '1900-02-29',
      '2030-13-01',
      '2030-00-01',
      '2030-04-31',
      '0000-01-01',
      '2030-1-1',
      '2030-01-01T00:00',
      '',
    ]) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });
});

describe('the NUL character', () => {
  it('is found in strings, arrays and object keys at any depth', () => {
    expect(containsNul('a\u0000')).toBe(true);
    expect(containsNul({ a: [{ b: 'x\u0000y' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
    expect(containsNul({ a: ['ok', 1, null, true], b: { c: 'fine' } })).toBe(false);
  });
});

describe('ids', () => {
  it('take the shapes the app makes and nothing that could be a path', () => {
    for (const id of [
      'assessment_1732000000000_a1b2c3',
      '5f0c2a4e-1b2c-4d5e-8f90-123456789abc',
      'AbC123xyz',
    ]) {
      expect(ID_PATTERN.test(id), id).toBe(true);
    }
    for (const id of ['', 'a.b', '../x', 'a/b', 'a b', 'x'.repeat(101)]) {
      expect(ID_PATTERN.test(id), id).toBe(false);
    }
  });
});
