import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicConfigSchema } from '../../../../domain/api';
import { apiFetch } from '../../../api/http';

export const getPublicConfig = () => apiFetch('/api/config', { schema: publicConfigSchema });

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

/** GET /api/config: whether Google sign-in is on, the support address. */
export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
