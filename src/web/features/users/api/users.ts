import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../../domain/constants';
import { managedUserSchema, okSchema, userPageSchema } from '../../../../domain/users';
import { apiFetch, retryUnlessRefused } from '../../../api/http';

export const userAdminKeys = {
  all: ['admin-users'] as const,
  list: (query: string) => ['admin-users', 'list', query] as const,
};

/** GET /api/admin/users: a page of users; the previous page stays up while the next loads. */
export const useUsers = (query: string) =>
  useQuery({
    queryKey: userAdminKeys.list(query),
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/users?${query}`, { schema: userPageSchema, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });

const path = (id: string, action: string) => `/api/admin/users/${encodeURIComponent(id)}/${action}`;

function useUserMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}

export const useSetRole = () =>
  useUserMutation(({ id, role }: { id: string; role: Role }) =>
    apiFetch(path(id, 'role'), { method: 'PUT', json: { role }, schema: managedUserSchema }),
  );

export const useDeactivate = () =>
  useUserMutation(({ id, reason }: { id: string; reason: string }) =>
    apiFetch(path(id, 'deactivate'), {
      method: 'POST',
      json: { reason },
      schema: managedUserSchema,
    }),
  );

export const useReactivate = () =>
  useUserMutation((id: string) =>
    apiFetch(path(id, 'reactivate'), { method: 'POST', schema: managedUserSchema }),
  );

export const useRevokeSessions = () =>
  useUserMutation((id: string) =>
    apiFetch(path(id, 'revoke-sessions'), { method: 'POST', schema: managedUserSchema }),
  );

export const useSendPasswordReset = () =>
  useUserMutation((id: string) =>
    apiFetch(path(id, 'password-reset'), { method: 'POST', schema: okSchema }),
  );
