import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  candidatePageSchema,
  candidateProfileViewSchema,
  searchParamsOf,
} from '../../../../domain/candidate-search';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import type { CandidateFilters } from '../lib/filters';

export const candidateSearchKeys = {
  all: ['candidate-search'] as const,
  results: (query: string) => ['candidate-search', 'results', query] as const,
  profile: (id: string) => ['candidate-search', 'profile', id] as const,
};

/** GET /api/candidates: a page of results; the previous page stays up while the next loads. */
export function useCandidateResults(filters: CandidateFilters) {
  const query = searchParamsOf(filters).toString();
  return useQuery({
    queryKey: candidateSearchKeys.results(query),
    queryFn: ({ signal }) =>
      apiFetch(`/api/candidates?${query}`, { schema: candidatePageSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
}

/** GET /api/candidates/:id: the read-only profile. */
export const useCandidateProfile = (id: string) =>
  useQuery({
    queryKey: candidateSearchKeys.profile(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/candidates/${encodeURIComponent(id)}`, {
        schema: candidateProfileViewSchema,
        signal,
      }),
    retry: retryUnlessRefused,
  });
