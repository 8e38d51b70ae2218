import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type InviteInput, invitationSchema } from '../../../../domain/invitations';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

export const invitationKeys = {
  all: ['invitations'] as const,
  sentTo: (candidateId: string) => ['invitations', 'sent', candidateId] as const,
};

/** GET /api/candidates/:id/invitations: the recruiter's invitations to this candidate. */
export const useSentInvitations = (candidateId: string) =>
  useQuery({
    queryKey: invitationKeys.sentTo(candidateId),
    queryFn: ({ signal }) =>
      apiFetch(`/api/candidates/${encodeURIComponent(candidateId)}/invitations`, {
        schema: z.array(invitationSchema),
        signal,
      }),
    retry: retryUnlessRefused,
  });

/** POST /api/jobs/:id/invitations: invite the candidate to apply. */
export function useInviteToApply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, input }: { jobId: string; input: InviteInput }) =>
      apiFetch(`/api/jobs/${encodeURIComponent(jobId)}/invitations`, {
        method: 'POST',
        json: input,
        schema: invitationSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}
