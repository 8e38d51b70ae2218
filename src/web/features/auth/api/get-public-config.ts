import { queryOptions, useQuery } from '@tanstack/react-query';

export const getPublicConfig = () =>
  import('./fetch-public-config').then(({ fetchPublicConfig }) => fetchPublicConfig());

/** GET /api/config: whether Google sign-in is on, the support address. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: 5 * 60_000 });

/**
 * GET /api/config read for its one flag, without zod: the sign-in screens ask it as they
 * open, and the validated config (fetch-public-config.ts) would bring zod (25 KB gzipped)
 * into /login's first load. Anything but `googleEnabled: true` counts as off.
 */
async function fetchGoogleEnabled(): Promise<boolean> {
  const response = await fetch('/api/config', {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && 'googleEnabled' in body
    ? body.googleEnabled === true
    : false;
}

/** Under ['config'], so whatever refreshes the config refreshes this too. */
export const googleEnabledQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'google-enabled'],
    queryFn: fetchGoogleEnabled,
    staleTime: 5 * 60_000,
  });

/**
 * Whether to offer "Log in with Google": only once the server says it is configured (a
 * button that can only fail is not shown; while the answer is on its way, none is shown).
 */
export function useGoogleEnabled(): boolean {
  return useQuery(googleEnabledQueryOptions()).data === true;
}
