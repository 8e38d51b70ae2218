import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { integrationsSchema, testMailResultSchema } from '../../../../domain/integrations';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

const key = ['admin', 'integrations'] as const;

/** GET /api/admin/integrations (admins). */
export const useIntegrations = () =>
  useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch('/api/admin/integrations', { schema: integrationsSchema, signal }),
    retry: retryUnlessRefused,
  });

/** POST /api/admin/integrations/test-mail: queues a mail to the admin; the counts refresh. */
export const useSendTestMail = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/admin/integrations/test-mail', {
        method: 'POST',
        schema: testMailResultSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
};
