import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  applicationDetailSchema,
  applicationSchema,
  candidateApplicationSchema,
  type MoveInput,
  moveResultSchema,
} from '../../../../domain/jobs';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { applicationKeys, jobKeys } from '../../../lib/query-keys';

const path = (id: string) => `/api/applications/${encodeURIComponent(id)}`;

/** GET /api/applications/mine (candidate) */
export const useMyApplications = () =>
  useQuery({
    queryKey: applicationKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch('/api/applications/mine', { schema: z.array(candidateApplicationSchema), signal }),
  });

/** GET /api/jobs/:id/applications (the job's recruiter, admins) */
export const useJobApplications = (jobId: string) =>
  useQuery({
    queryKey: applicationKeys.ofJob(jobId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/jobs/${encodeURIComponent(jobId)}/applications`, {
        schema: z.array(applicationSchema),
        signal,
      }),
    retry: retryUnlessRefused,
  });

/** GET /api/applications/:id: history and notes (marks it seen for the owner). */
export const useApplication = (id: string | null) =>
  useQuery({
    queryKey: applicationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch(path(id ?? ''), { schema: applicationDetailSchema, signal }),
    enabled: Boolean(id),
    retry: retryUnlessRefused,
  });

function useApplicationMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['assessments'] });
    },
  });
}

/** POST /api/jobs/:id/applications: cover letter and an optional PDF résumé. */
export const useApply = () =>
  useApplicationMutation(
    ({
      jobId,
      coverLetter,
      resume,
    }: {
      jobId: string;
      coverLetter: string;
      resume: File | null;
    }) => {
      const form = new FormData();
      form.set('coverLetter', coverLetter);
      if (resume) form.set('resume', resume);
      return apiFetch(`/api/jobs/${encodeURIComponent(jobId)}/applications`, {
        method: 'POST',
        body: form,
        schema: candidateApplicationSchema,
      });
    },
  );

/** POST /api/applications/:id/withdraw (candidate) */
export const useWithdraw = () =>
  useApplicationMutation((id: string) =>
    apiFetch(`${path(id)}/withdraw`, { method: 'POST', schema: candidateApplicationSchema }),
  );

/** POST /api/jobs/:id/applications/move */
export const useMoveApplications = () =>
  useApplicationMutation(({ jobId, input }: { jobId: string; input: MoveInput }) =>
    apiFetch(`/api/jobs/${encodeURIComponent(jobId)}/applications/move`, {
      method: 'POST',
      json: input,
      schema: moveResultSchema,
    }),
  );

/** POST /api/applications/:id/notes */
export const useAddNote = () =>
  useApplicationMutation(({ id, body }: { id: string; body: string }) =>
    apiFetch(`${path(id)}/notes`, {
      method: 'POST',
      json: { body },
      schema: applicationDetailSchema,
    }),
  );

export const resumeUrl = (id: string) => `${path(id)}/resume`;
