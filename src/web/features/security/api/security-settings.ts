import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SecuritySettings, securitySettingsSchema } from '../../../../domain/security';
import { apiFetch } from '../../../api/http';
import { setAfterReads } from '../../../lib/set-after-reads';

const key = ['settings', 'security'] as const;

/** GET /api/settings/security (admin). */
export const useSecuritySettings = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/settings/security', { schema: securitySettingsSchema, signal }),
  });

/** PUT /api/settings/security (admin). */
export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecuritySettings) =>
      apiFetch('/api/settings/security', {
        method: 'PUT',
        json: input,
        schema: securitySettingsSchema,
      }),
    onSuccess: (saved) => setAfterReads(queryClient, key, saved),
  });
}
