import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { publicJobPageSchema, publicJobSchema } from '../../../../domain/careers';
import type { BrowseQuery } from '../../../../domain/jobs';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

const keys = {
  all: ['careers'] as const,
  list: (q: BrowseQuery) => ['careers', 'list', q] as const,
  job: (id: string) => ['careers', 'job', id] as const,
  departments: ['careers', 'departments'] as const,
};

function listPath(query: BrowseQuery, cursor: string | null) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return `/api/careers/jobs${text ? `?${text}` : ''}`;
}

/** GET /api/careers/jobs: the public list, a page at a time (no sign-in). */
export const useCareerJobs = (query: BrowseQuery) =>
  useInfiniteQuery({
    queryKey: keys.list(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(listPath(query, pageParam), { schema: publicJobPageSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/careers/jobs/:id (404 for drafts, closed and archived jobs). */
export const useCareerJob = (id: string | null) =>
  useQuery({
    queryKey: keys.job(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(`/api/careers/jobs/${encodeURIComponent(id ?? '')}`, {
        schema: publicJobSchema,
        signal,
      }),
    enabled: id !== null,
    retry: retryUnlessRefused,
  });

/** GET /api/careers/departments: those with open jobs. */
export const useCareerDepartments = () =>
  useQuery({
    queryKey: keys.departments,
    queryFn: ({ signal }) =>
      apiFetch('/api/careers/departments', { schema: z.array(z.string()), signal }),
  });
