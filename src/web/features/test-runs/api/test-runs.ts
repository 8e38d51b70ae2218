import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  testLanguagesSchema,
  testRunListSchema,
  testRunSchema,
} from '../../../../domain/test-runs';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

/** Invalidated by the realtime hook on every 'testRun.changed' event. */
export const testRunKeys = {
  all: ['test-runs'] as const,
  list: (assessmentId: string) => ['test-runs', assessmentId] as const,
};

const path = (assessmentId: string) =>
  `/api/assessments/${encodeURIComponent(assessmentId)}/test-runs`;

/**
 * GET the assessment's runs. Events refresh it live; while a run is queued or
 * running it also polls every two seconds, in case the socket is down.
 */
export const testRunsQuery = (assessmentId: string) =>
  queryOptions({
    queryKey: testRunKeys.list(assessmentId),
    queryFn: ({ signal }) => apiFetch(path(assessmentId), { schema: testRunListSchema, signal }),
    retry: retryUnlessRefused,
    refetchInterval: (query) =>
      query.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running')
        ? 2000
        : false,
  });

export const useTestRuns = (assessmentId: string) => useQuery(testRunsQuery(assessmentId));

/** POST: queue a run (the candidate's visible tests, or a reviewer's run with the hidden ones). */
export function useRunTests(assessmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(path(assessmentId), { method: 'POST', schema: testRunSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testRunKeys.list(assessmentId) }),
  });
}

/** GET which languages' tests this server can run (staff: the template form). */
export const useTestLanguages = (enabled = true) =>
  useQuery({
    queryKey: ['test-runs', 'languages'] as const,
    queryFn: ({ signal }) =>
      apiFetch('/api/test-runs/languages', { schema: testLanguagesSchema, signal }),
    retry: retryUnlessRefused,
    staleTime: 60_000,
    enabled,
  });
