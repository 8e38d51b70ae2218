import { describe, expect, it } from 'vitest';
import { countByStatus, filterAssessments, isAssessmentFilter } from './assessment-stats';

const list = [
  { id: 'a', status: 'scheduled' },
  { id: 'b', status: 'in-progress' },
  { id: 'c', status: 'completed' },
  { id: 'd', status: 'scheduled' },
] as const;

describe('assessment stats', () => {
  it('counts each status', () => {
    expect(countByStatus([...list])).toEqual({ scheduled: 2, 'in-progress': 1, completed: 1 });
    expect(countByStatus([])).toEqual({ scheduled: 0, 'in-progress': 0, completed: 0 });
  });

  it('filters by status; Upcoming is scheduled, All keeps everything', () => {
    expect(filterAssessments([...list], 'scheduled').map((a) => a.id)).toEqual(['a', 'd']);
    expect(filterAssessments([...list], 'completed').map((a) => a.id)).toEqual(['c']);
    expect(filterAssessments([...list], 'all')).toHaveLength(4);
  });

  it('accepts only known filters from the address bar', () => {
    expect(isAssessmentFilter('in-progress')).toBe(true);
    expect(isAssessmentFilter('upcoming')).toBe(false);
    expect(isAssessmentFilter(null)).toBe(false);
  });
});
