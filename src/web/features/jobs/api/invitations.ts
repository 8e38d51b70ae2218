import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { invitationSchema } from '../../../../domain/invitations';
import { apiFetch } from '../../../api/http';

/** Query keys of the candidate's invitations (invalidated by the invitation.changed event). */
export const myInvitationKeys = { mine: ['invitations', 'mine'] as const };

/** GET /api/invitations/mine: the jobs recruiters invited the candidate to apply to. */
export const useMyInvitations = (enabled = true) =>
  useQuery({
    queryKey: myInvitationKeys.mine,
    queryFn: ({ signal }) =>
      apiFetch('/api/invitations/mine', { schema: z.array(invitationSchema), signal }),
    enabled,
  });

/** POST /api/invitations/:id/read: the candidate has seen it; it leaves the bell. */
export function useMarkInvitationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/invitations/${encodeURIComponent(id)}/read`, {
        method: 'POST',
        schema: z.null(),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: myInvitationKeys.mine });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
