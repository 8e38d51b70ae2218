import {
  MAX_CANDIDATE_PAGE,
  MAX_QUERY_LENGTH,
  MAX_SKILL_FILTERS,
} from '../../../../domain/candidate-search';
import { EXPERIENCE_OPTIONS, JOB_TYPES } from '../../../../domain/constants';

/** What the Find Candidates screen searches for; lives in the address (?q=&skills=…). */
export interface CandidateFilters {
  q: string;
  skills: string[];
  location: string;
  remote: boolean;
  experience: string[];
  jobType: string[];
  page: number;
}

export const EMPTY_FILTERS: CandidateFilters = {
  q: '',
  skills: [],
  location: '',
  remote: false,
  experience: [],
  jobType: [],
  page: 1,
};

const known = (values: readonly string[], list: string[]) =>
  [...new Set(list)].filter((v) => values.includes(v));

/**
 * The filters of an address, forgiving: anything the server would refuse (an unknown band, a
 * page past the last) is dropped here, so a hand-edited link still opens a working screen.
 */
export function filtersFromParams(params: URLSearchParams): CandidateFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH),
    skills: params
      .getAll('skills')
      .map((s) => s.trim().slice(0, 50))
      .filter(Boolean)
      .slice(0, MAX_SKILL_FILTERS),
    location: (params.get('location') ?? '').trim().slice(0, 100),
    remote: params.get('remote') === 'true',
    experience: known(EXPERIENCE_OPTIONS, params.getAll('experience')),
    jobType: known(JOB_TYPES, params.getAll('jobType')),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_CANDIDATE_PAGE ? page : 1,
  };
}

/** How many filters (not the words) are set, for the "Filters (n)" toggle on phones. */
export const activeFilterCount = (f: CandidateFilters) =>
  (f.skills.length > 0 ? 1 : 0) +
  (f.location ? 1 : 0) +
  (f.remote ? 1 : 0) +
  (f.experience.length > 0 ? 1 : 0) +
  (f.jobType.length > 0 ? 1 : 0);
