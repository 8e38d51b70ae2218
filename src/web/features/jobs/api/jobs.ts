import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type BrowseQuery,
  type JobAction,
  type JobInput,
  jobDetailSchema,
  jobPageSchema,
  jobSchema,
  managedJobSchema,
  type NewJobInput,
} from '../../../../domain/jobs';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { applicationKeys, jobKeys } from '../../../lib/query-keys';

const path = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** GET /api/jobs/managed: My Listings (recruiter) or Manage Jobs (admin). */
export const useManagedJobs = () =>
  useQuery({
    queryKey: jobKeys.managed,
    queryFn: ({ signal }) =>
      apiFetch('/api/jobs/managed', { schema: z.array(managedJobSchema), signal }),
  });

/** GET /api/jobs/:id */
export const useJob = (id: string) =>
  useQuery({
    queryKey: jobKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(path(id), { schema: jobDetailSchema, signal }),
    retry: retryUnlessRefused,
  });

function browsePath(query: BrowseQuery, cursor: string | null) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return `/api/jobs${text ? `?${text}` : ''}`;
}

/** GET /api/jobs: Browse Jobs, a page at a time. */
export const useBrowseJobs = (query: BrowseQuery) =>
  useInfiniteQuery({
    queryKey: jobKeys.browse(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(browsePath(query, pageParam), { schema: jobPageSchema, signal }),
    getNextPageParam: (last) => last.nextCursor,
  });

function useJobMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
  });
}

/** POST /api/jobs: Post Job (draft or published). */
export const useCreateJob = () =>
  useJobMutation((input: NewJobInput) =>
    apiFetch('/api/jobs', { method: 'POST', json: input, schema: jobSchema }),
  );

/** PUT /api/jobs/:id */
export const useUpdateJob = () =>
  useJobMutation(({ id, input }: { id: string; input: JobInput }) =>
    apiFetch(path(id), { method: 'PUT', json: input, schema: jobSchema }),
  );

/** POST /api/jobs/:id/status: publish, close, reopen, archive, unpublish. */
export const useJobAction = () =>
  useJobMutation(({ id, action }: { id: string; action: JobAction }) =>
    apiFetch(`${path(id)}/status`, { method: 'POST', json: { action }, schema: jobSchema }),
  );

/** POST /api/jobs/:id/duplicate */
export const useDuplicateJob = () =>
  useJobMutation((id: string) =>
    apiFetch(`${path(id)}/duplicate`, { method: 'POST', schema: jobSchema }),
  );

/** PUT /api/jobs/:id/owner (admin) */
export const useReassignJob = () =>
  useJobMutation(({ id, recruiterId }: { id: string; recruiterId: string }) =>
    apiFetch(`${path(id)}/owner`, { method: 'PUT', json: { recruiterId }, schema: jobSchema }),
  );

/** DELETE /api/jobs/:id (admin) */
export const useDeleteJob = () =>
  useJobMutation((id: string) => apiFetch(path(id), { method: 'DELETE', schema: z.null() }));
