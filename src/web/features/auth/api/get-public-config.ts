import { queryOptions, useQuery } from '@tanstack/react-query';

export const getPublicConfig = () =>
  import('./fetch-public-config').then(({ fetchPublicConfig }) => fetchPublicConfig());

/** GET /api/config: whether Google sign-in is on, the support address. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

/**
 * Whether to offer "Log in with Google": only once the server says it is configured (a
 * button that can only fail is not shown; while the answer is on its way, none is shown).
 */
export function useGoogleEnabled(): boolean {
  return useQuery(publicConfigQueryOptions()).data?.googleEnabled === true;
}
