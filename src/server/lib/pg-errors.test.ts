import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation, pgCode } from './pg-errors';

describe('pgCode', () => {
  it('finds the code on the error or on any of its causes', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(pgCode(pg)).toBe('23505');
    expect(pgCode(new Error('query failed', { cause: new Error('wrapped', { cause: pg }) }))).toBe(
      '23505',
    );
    expect(isUniqueViolation(new Error('x', { cause: pg }))).toBe(true);
    expect(isForeignKeyViolation(new Error('x', { cause: pg }))).toBe(false);
  });

  it('ignores codes that are not PostgreSQL SQLSTATEs (a Node system error)', () => {
    expect(pgCode(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(pgCode(null)).toBeUndefined();
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });
});
