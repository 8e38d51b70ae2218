import { describe, expect, it } from 'vitest';
import { filtersFromParams, paramsOf } from './filters';

describe('analytics filters in the address', () => {
  it('keeps real dates and ids, drops the rest', () => {
    const params = new URLSearchParams('from=2025-03-01&to=2025-02-30&jobId=j1&recruiterId=r1');
    expect(filtersFromParams(params, true)).toEqual({
      from: '2025-03-01',
      to: '',
      jobId: 'j1',
      recruiterId: 'r1',
    });
  });

  it("never carries a recruiter in a recruiter's own view", () => {
    const params = new URLSearchParams('recruiterId=someone-else');
    expect(filtersFromParams(params, false).recruiterId).toBe('');
  });

  it('writes only what is set', () => {
    expect(paramsOf({ from: '2025-03-01', to: '', jobId: '', recruiterId: 'r' }).toString()).toBe(
      'from=2025-03-01&recruiterId=r',
    );
  });
});
