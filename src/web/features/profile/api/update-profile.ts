import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileInput, profileSchema } from '../../../../domain/profile';
import { apiFetch } from '../../../api/http';
import { refreshSession } from '../../../lib/session';
import { setAfterReads } from '../../../lib/set-after-reads';
import { profileQueryKey } from './get-profile';

/** PUT /api/profile with exactly the keys of the caller's role schema. */
export const updateProfile = (input: ProfileInput) =>
  apiFetch('/api/profile', { method: 'PUT', json: input, schema: profileSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      await setAfterReads(queryClient, profileQueryKey, profile);
      // The navigation bar shows the name from the session.
      refreshSession();
    },
  });
}
