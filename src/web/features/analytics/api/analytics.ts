import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsOptionsSchema, analyticsSchema } from '../../../../domain/analytics';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (query: string) => ['analytics', 'figures', query] as const,
  options: ['analytics', 'options'] as const,
};

/** GET /api/analytics: the figures for the filters in the address (the previous ones stay up while the next load). */
export const useAnalytics = (query: string) =>
  useQuery({
    queryKey: analyticsKeys.figures(query),
    queryFn: ({ signal }) =>
      apiFetch(`/api/analytics${query ? `?${query}` : ''}`, { schema: analyticsSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

/** GET /api/analytics/options: the jobs (and, for admins, recruiters) to filter by. */
export const useAnalyticsOptions = () =>
  useQuery({
    queryKey: analyticsKeys.options,
    queryFn: ({ signal }) =>
      apiFetch('/api/analytics/options', { schema: analyticsOptionsSchema, signal }),
    retry: retryUnlessRefused,
  });
