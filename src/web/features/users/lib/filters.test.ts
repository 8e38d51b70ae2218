import { describe, expect, it } from 'vitest';
import { userFilterParams, userFiltersFromParams } from './filters';

describe('user filters in the address', () => {
  it('round-trips', () => {
    const f = { q: 'rita', role: 'recruiter' as const, status: 'deactivated' as const, page: 2 };
    expect(userFiltersFromParams(userFilterParams(f))).toEqual(f);
  });

  it('drops unknown values instead of failing', () => {
    expect(userFiltersFromParams(new URLSearchParams('role=owner&status=x&page=0'))).toEqual({
      q: '',
      role: '',
      status: '',
      page: 1,
    });
  });
});
