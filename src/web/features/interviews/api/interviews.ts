import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  busyTimeSchema,
  candidateInterviewSchema,
  colleagueSchema,
  criteriaSchema,
  interviewSchema,
  type ProposeInput,
  type ScorecardInput,
  type SlotInput,
} from '../../../../domain/interviews';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

/** Every interview query sits under ['interviews']: the realtime hook refreshes them all. */
export const interviewKeys = {
  all: ['interviews'] as const,
  mine: ['interviews', 'mine'] as const,
  team: ['interviews', 'team'] as const,
  colleagues: ['interviews', 'colleagues'] as const,
  ofApplication: (id: string) => ['interviews', 'application', id] as const,
  ofJob: (id: string) => ['interviews', 'job', id] as const,
  criteria: (jobId: string) => ['interviews', 'criteria', jobId] as const,
  busy: (userIds: string[], from: string, to: string) =>
    ['interviews', 'busy', userIds.join(','), from, to] as const,
};
const enc = encodeURIComponent;

/** GET /api/interviews/mine (candidate) */
export const useMyInterviews = () =>
  useQuery({
    queryKey: interviewKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch('/api/interviews/mine', { schema: z.array(candidateInterviewSchema), signal }),
  });

/** GET /api/interviews/team (recruiter) */
export const useTeamInterviews = () =>
  useQuery({
    queryKey: interviewKeys.team,
    queryFn: ({ signal }) =>
      apiFetch('/api/interviews/team', { schema: z.array(interviewSchema), signal }),
  });

export const useColleagues = () =>
  useQuery({
    queryKey: interviewKeys.colleagues,
    queryFn: ({ signal }) =>
      apiFetch('/api/interviews/colleagues', { schema: z.array(colleagueSchema), signal }),
    retry: retryUnlessRefused,
  });

export const useApplicationInterviews = (applicationId: string) =>
  useQuery({
    queryKey: interviewKeys.ofApplication(applicationId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/applications/${enc(applicationId)}/interviews`, {
        schema: z.array(interviewSchema),
        signal,
      }),
    retry: retryUnlessRefused,
  });

export const useJobInterviews = (jobId: string) =>
  useQuery({
    queryKey: interviewKeys.ofJob(jobId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/jobs/${enc(jobId)}/interviews`, { schema: z.array(interviewSchema), signal }),
    retry: retryUnlessRefused,
  });

export const useCriteria = (jobId: string) =>
  useQuery({
    queryKey: interviewKeys.criteria(jobId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/jobs/${enc(jobId)}/scorecard-criteria`, { schema: criteriaSchema, signal }),
    retry: retryUnlessRefused,
  });

/**
 * GET /api/interviews/busy: when these colleagues are booked between two instants (the
 * propose form's hints; the server checks again on submit). Off without a range or people.
 */
export const useBusyTimes = (userIds: string[], range: { from: string; to: string } | null) => {
  const ids = [...userIds].sort();
  return useQuery({
    queryKey: interviewKeys.busy(ids, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) =>
      apiFetch(
        `/api/interviews/busy?userIds=${enc(ids.join(','))}&from=${enc(range!.from)}&to=${enc(range!.to)}`,
        { schema: z.array(busyTimeSchema), signal },
      ),
    enabled: range !== null && ids.length > 0,
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
};

function useInterviewMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // After a refusal too: a 409 means the interview changed (a time was taken meanwhile).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: interviewKeys.all });
    },
  });
}

export const useProposeInterview = () =>
  useInterviewMutation(({ applicationId, input }: { applicationId: string; input: ProposeInput }) =>
    apiFetch(`/api/applications/${enc(applicationId)}/interviews`, {
      method: 'POST',
      json: input,
      schema: interviewSchema,
    }),
  );

export const usePickSlot = () =>
  useInterviewMutation(({ id, slotId }: { id: string; slotId: string }) =>
    apiFetch(`/api/interviews/${enc(id)}/pick`, {
      method: 'POST',
      json: { slotId },
      schema: candidateInterviewSchema,
    }),
  );

export const useReschedule = () =>
  useInterviewMutation(({ id, input }: { id: string; input: SlotInput }) =>
    apiFetch(`/api/interviews/${enc(id)}/reschedule`, {
      method: 'POST',
      json: input,
      schema: interviewSchema,
    }),
  );

export const useCancelInterview = () =>
  useInterviewMutation(({ id, reason }: { id: string; reason: string }) =>
    apiFetch(`/api/interviews/${enc(id)}/cancel`, {
      method: 'POST',
      json: { reason },
      schema: interviewSchema,
    }),
  );

export const useWithdrawSlot = () =>
  useInterviewMutation(({ id, slotId }: { id: string; slotId: string }) =>
    apiFetch(`/api/interviews/${enc(id)}/slots/${enc(slotId)}/withdraw`, {
      method: 'POST',
      schema: interviewSchema,
    }),
  );

export const useSaveScorecard = () =>
  useInterviewMutation(({ id, input }: { id: string; input: ScorecardInput }) =>
    apiFetch(`/api/interviews/${enc(id)}/scorecard`, {
      method: 'PUT',
      json: input,
      schema: interviewSchema,
    }),
  );

export const useSaveCriteria = () =>
  useInterviewMutation(({ jobId, criteria }: { jobId: string; criteria: string[] }) =>
    apiFetch(`/api/jobs/${enc(jobId)}/scorecard-criteria`, {
      method: 'PUT',
      json: { criteria },
      schema: criteriaSchema,
    }),
  );
