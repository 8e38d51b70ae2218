import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EraseOwnInput,
  eraseMethodSchema,
  erasureListSchema,
  erasureResultSchema,
} from '../../../../domain/data-rights';
import { apiFetch, retryUnlessRefused } from '../../../api/http';
import { downloadFile } from '../lib/download';

const userPath = (id: string, action: string) =>
  `/api/admin/users/${encodeURIComponent(id)}/${action}`;

export const erasuresKey = ['admin', 'erasures'] as const;

/** GET /api/account/export: the signed-in user's zip, saved by the browser. */
export const useDownloadOwnData = () =>
  useMutation({ mutationFn: () => downloadFile('/api/account/export') });

/** GET /api/account/erase-method: password, or e-mail for a Google-only account. */
export const useEraseMethod = (enabled: boolean) =>
  useQuery({
    queryKey: ['account', 'erase-method'],
    queryFn: ({ signal }) =>
      apiFetch('/api/account/erase-method', { schema: eraseMethodSchema, signal }),
    enabled,
    retry: retryUnlessRefused,
  });

/** POST /api/account/erase. */
export const useEraseOwnAccount = () =>
  useMutation({
    mutationFn: (input: EraseOwnInput) =>
      apiFetch('/api/account/erase', { method: 'POST', json: input, schema: erasureResultSchema }),
  });

/** POST /api/admin/users/{id}/export (admins, on request). */
export const useExportUser = () =>
  useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      downloadFile(userPath(id, 'export'), { method: 'POST', json: { reason } }),
  });

/** POST /api/admin/users/{id}/erase (admins, on request). */
export const useEraseUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch(userPath(id, 'erase'), {
        method: 'POST',
        json: { reason },
        schema: erasureResultSchema,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: erasuresKey });
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
    },
  });
};

/** GET /api/admin/erasures: past erasures from the audit log. */
export const useErasures = () =>
  useQuery({
    queryKey: erasuresKey,
    queryFn: ({ signal }) => apiFetch('/api/admin/erasures', { schema: erasureListSchema, signal }),
    retry: retryUnlessRefused,
  });
