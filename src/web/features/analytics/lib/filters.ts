import { isCalendarDate } from '../../../../domain/inputs';

/** The analytics filters as the address holds them (empty: the server's default). */
export interface AnalyticsFilters {
  from: string;
  to: string;
  jobId: string;
  recruiterId: string;
}

export const EMPTY_FILTERS: AnalyticsFilters = { from: '', to: '', jobId: '', recruiterId: '' };

/** Reads the filters from the address; a recruiter's view never carries a recruiter. */
export function filtersFromParams(params: URLSearchParams, admin: boolean): AnalyticsFilters {
  const date = (key: string) => {
    const value = params.get(key) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  return {
    from: date('from'),
    to: date('to'),
    jobId: params.get('jobId') ?? '',
    recruiterId: admin ? (params.get('recruiterId') ?? '') : '',
  };
}

/** The filters as query parameters, leaving out the empty ones. */
export function paramsOf(filters: AnalyticsFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'jobId', 'recruiterId'] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  return params;
}
