import type { Assessment, AssessmentStatus } from '../../../../domain/assessments';

export type AssessmentCounts = Record<AssessmentStatus, number>;

/** How many of the assessments are in each status (the dashboard's stats card). */
export function countByStatus(assessments: Pick<Assessment, 'status'>[]): AssessmentCounts {
  const counts: AssessmentCounts = { scheduled: 0, 'in-progress': 0, completed: 0 };
  for (const { status } of assessments) {
    if (status in counts) counts[status] += 1;
  }
  return counts;
}

/** The /assessments filters (labels: filters.<key>); Upcoming means scheduled (spec section 2). */
export const ASSESSMENT_FILTERS = [
  { value: 'all', key: 'all' },
  { value: 'in-progress', key: 'inProgress' },
  { value: 'scheduled', key: 'upcoming' },
  { value: 'completed', key: 'completed' },
] as const;
export type AssessmentFilter = (typeof ASSESSMENT_FILTERS)[number]['value'];

export function isAssessmentFilter(value: string | null): value is AssessmentFilter {
  return ASSESSMENT_FILTERS.some((f) => f.value === value);
}

export function filterAssessments<T extends Pick<Assessment, 'status'>>(
  assessments: T[],
  filter: AssessmentFilter,
): T[] {
  return filter === 'all' ? assessments : assessments.filter((a) => a.status === filter);
}
