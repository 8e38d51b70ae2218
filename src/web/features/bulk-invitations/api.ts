import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { bulkResultSchema } from '../../../domain/bulk-invitations';
import { apiFetch, retryUnlessRefused } from '../../api/http';
import { assessmentKeys } from '../../lib/query-keys';

/** POST /api/assessments/bulk (recruiter): the CSV's bytes as they are; one result per row. */
export function useBulkAssign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      templateId,
      dueDate,
      message,
    }: {
      file: File;
      templateId: string;
      dueDate: string;
      message: string;
    }) =>
      apiFetch(`/api/assessments/bulk?${new URLSearchParams({ templateId, dueDate, message })}`, {
        method: 'POST',
        body: new Blob([file], { type: 'text/csv' }),
        schema: bulkResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assessmentKeys.all }),
  });
}

const infoSchema = z.object({
  email: z.string(),
  name: z.string(),
  title: z.string(),
  recruiterName: z.string(),
  dueDate: z.string(),
  accepted: z.boolean(),
  accountExists: z.boolean(),
});

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['assessment-invitation', token],
    queryFn: ({ signal }) =>
      apiFetch(`/api/assessment-invitations/${encodeURIComponent(token)}`, {
        schema: infoSchema,
        signal,
      }),
    retry: retryUnlessRefused,
  });

const assignedSchema = z.object({ assessmentId: z.string() });

export const useInvitationSignUp = (token: string) =>
  useMutation({
    mutationFn: (input: { name: string; password: string }) =>
      apiFetch(`/api/assessment-invitations/${encodeURIComponent(token)}/sign-up`, {
        method: 'POST',
        json: input,
        schema: assignedSchema.extend({ email: z.string() }),
      }),
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: () =>
      apiFetch(`/api/assessment-invitations/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        schema: assignedSchema,
      }),
  });
