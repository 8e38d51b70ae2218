import type { authClient } from './auth-client';

let loading: Promise<typeof authClient> | null = null;

/** The better-auth client, fetched on first use (it is not needed to render any screen). */
export function loadAuthClient(): Promise<typeof authClient> {
  loading ??= import('./auth-client').then(
    (m) => m.authClient,
    (error: unknown) => {
      loading = null; // a later attempt may succeed
      throw error;
    },
  );
  return loading;
}
