import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AssignInput,
  assessmentSchema,
  type DueDateInput,
  type EvaluationInput,
} from '../../../../domain/assessments';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { applicationKeys, assessmentKeys } from '../../../lib/query-keys';

const listSchema = z.array(assessmentSchema);

/** GET /api/assessments: the caller's own (candidate), assigned by them (recruiter) or all (admin). */
export const assessmentsQuery = (status?: string) =>
  queryOptions({
    queryKey: assessmentKeys.list(status),
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments${status ? `?status=${encodeURIComponent(status)}` : ''}`, {
        schema: listSchema,
        signal,
      }),
  });
export const useAssessments = (status?: string) => useQuery(assessmentsQuery(status));

export const assessmentQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(id)}`, { schema: assessmentSchema, signal }),
    retry: retryUnlessRefused,
  });
export const useAssessment = (id: string | undefined) =>
  useQuery({ ...assessmentQuery(id ?? ''), enabled: Boolean(id) });

/** Every mutation answers with the updated assessment: put it in the cache, refresh lists. */
function useAssessmentMutation<V>(call: (vars: V) => Promise<z.infer<typeof assessmentSchema>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    // Refetch rather than write the answer into the cache: answers to quick successive
    // mutations may arrive out of order, and an older one must not win. Applications show
    // their assessment's status and score (the pipeline): stale too, on this answer, not
    // only when the realtime event arrives (the recruiter going back from scoring saw the
    // pipeline's cached row without the score until it did).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      ]),
  });
}

/** POST /api/assessments (recruiter): assign a template to a candidate. */
export const useAssignAssessment = () =>
  useAssessmentMutation((input: AssignInput) =>
    apiFetch('/api/assessments', { method: 'POST', json: input, schema: assessmentSchema }),
  );

/** POST /api/assessments/:id/start (candidate): first open moves scheduled to in-progress. */
export const useStartAssessment = () =>
  useAssessmentMutation((id: string) =>
    apiFetch(`/api/assessments/${encodeURIComponent(id)}/start`, {
      method: 'POST',
      schema: assessmentSchema,
    }),
  );

/** PUT /api/assessments/:id/tasks/:taskId (candidate): tick or untick one task. */
export const useSetTaskCompleted = () =>
  useAssessmentMutation(
    ({ id, taskId, completed }: { id: string; taskId: string; completed: boolean }) =>
      apiFetch(`/api/assessments/${encodeURIComponent(id)}/tasks/${encodeURIComponent(taskId)}`, {
        method: 'PUT',
        json: { completed },
        schema: assessmentSchema,
      }),
  );

/** POST /api/assessments/:id/toggle-all (candidate): Mark All as Complete / Incomplete. */
export const useToggleAllTasks = () =>
  useAssessmentMutation((id: string) =>
    apiFetch(`/api/assessments/${encodeURIComponent(id)}/toggle-all`, {
      method: 'POST',
      schema: assessmentSchema,
    }),
  );

/** PUT /api/assessments/:id/evaluation (owning recruiter or admin): score and feedback. */
export const useSaveEvaluation = () =>
  useAssessmentMutation(({ id, ...input }: EvaluationInput & { id: string }) =>
    apiFetch(`/api/assessments/${encodeURIComponent(id)}/evaluation`, {
      method: 'PUT',
      json: input,
      schema: assessmentSchema,
    }),
  );

/** POST /api/assessments/:id/submit (candidate): the confirmed Submit step, or the timer. */
export const useSubmitAssessment = () =>
  useAssessmentMutation((id: string) =>
    apiFetch(`/api/assessments/${encodeURIComponent(id)}/submit`, {
      method: 'POST',
      schema: assessmentSchema,
    }),
  );

/** PUT /api/assessments/:id/due-date (owning recruiter or admin): a later due date. */
export const useChangeDueDate = () =>
  useAssessmentMutation(({ id, ...input }: DueDateInput & { id: string }) =>
    apiFetch(`/api/assessments/${encodeURIComponent(id)}/due-date`, {
      method: 'PUT',
      json: input,
      schema: assessmentSchema,
    }),
  );
