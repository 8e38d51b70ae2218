import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema } from '../../../../domain/profile';
import { apiFetch } from '../../../api/http';

export const profileQueryKey = ['profile'] as const;

export const getProfile = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('/api/profile', { schema: profileSchema, signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile({ signal }) });

/** GET /api/profile: the signed-in user's profile. */
export const useProfile = () => useQuery(profileQueryOptions());
