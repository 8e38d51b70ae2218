import { queryOptions } from '@tanstack/react-query';

export const getPublicConfig = () =>
  import('./fetch-public-config').then(({ fetchPublicConfig }) => fetchPublicConfig());

/** GET /api/config: whether Google sign-in is on, the support address. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });
