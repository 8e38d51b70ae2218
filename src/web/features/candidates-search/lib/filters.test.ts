import { describe, expect, it } from 'vitest';
import { searchParamsOf } from '../../../../domain/candidate-search';
import { activeFilterCount, EMPTY_FILTERS, filtersFromParams } from './filters';

describe('filtersFromParams', () => {
  it('reads what searchParamsOf writes', () => {
    const filters = {
      q: 'react',
      skills: ['TypeScript', 'SQL'],
      location: 'Berlin',
      remote: true,
      experience: ['1-3', '10+'],
      jobType: ['contract'],
      page: 3,
    };
    expect(filtersFromParams(searchParamsOf(filters))).toEqual(filters);
  });

  it('drops what the server would refuse instead of failing', () => {
    const params = new URLSearchParams(
      'experience=2-4&experience=3-5&jobType=gig&page=-1&remote=yes',
    );
    expect(filtersFromParams(params)).toEqual({ ...EMPTY_FILTERS, experience: ['3-5'] });
    expect(filtersFromParams(new URLSearchParams('page=1000')).page).toBe(1);
  });

  it('counts the filters that are set', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, q: 'x', remote: true, skills: ['a', 'b'] })).toBe(
      2,
    );
  });
});
