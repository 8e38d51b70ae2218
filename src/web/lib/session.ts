import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '../../domain/constants';
import { isLanguage, type Language } from '../../domain/languages';
import { isRole } from '../../domain/roles';
import { queryClient } from '../app/query-client';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role | null;
  /** The language the user chose; null: follow the browser and the admin's default. */
  language: Language | null;
};

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

const sessionQueryKey = ['auth', 'session'] as const;

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** better-auth's session answer ({ session, user } or null) reduced to what the screens use. */
function toSessionUser(payload: unknown): SessionUser | null {
  if (!payload || typeof payload !== 'object') return null;
  const user = (payload as { user?: unknown }).user;
  if (!user || typeof user !== 'object') return null;
  const { id, name, email, image, role, language } = user as Record<string, unknown>;
  const userId = asString(id);
  if (!userId) return null;
  return {
    id: userId,
    name: asString(name) ?? '',
    email: asString(email) ?? '',
    image: asString(image),
    role: isRole(role) ? role : null,
    language: isLanguage(language) ? language : null,
  };
}

async function getSession(method: 'GET' | 'POST', signal?: AbortSignal): Promise<unknown> {
  const response = await fetch('/api/auth/get-session', {
    method,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  });
  // 401: no (or no longer a) session.
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Session check failed (${response.status})`);
  return response.json();
}

/**
 * GET /api/auth/get-session with a plain fetch: better-auth's client (nanostores,
 * better-fetch and its plugins) is only loaded when an auth action needs it.
 */
async function fetchSession({ signal }: { signal?: AbortSignal }): Promise<SessionUser | null> {
  let payload = await getSession('GET', signal);
  // better-auth asks the client to refresh a deferred session with a POST.
  if (payload && typeof payload === 'object' && 'needsRefresh' in payload && payload.needsRefresh) {
    payload = await getSession('POST', signal).catch(() => payload);
  }
  return toSessionUser(payload);
}

const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    retry: 1,
    // Like better-auth's own client: a tab coming back checks the session again.
    refetchOnWindowFocus: true,
  });

/**
 * Asks for the session before the first render (main.tsx): the guards' own query, started
 * only once React has rendered and committed, then finds it already on its way.
 */
export function startSessionCheck(): void {
  void queryClient.prefetchQuery(sessionQueryOptions());
}

/**
 * The signed-in user and their role, from better-auth's session.
 * While the session is being fetched (first load) the state is 'loading' so guards
 * never flash the wrong page.
 */
export function useSessionState(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions());
  if (isPending) return { status: 'loading', user: null };
  if (!data) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: data };
}

/** Fetches the session again and waits for it (after signing in or up). */
export async function reloadSession(): Promise<void> {
  await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
}

/** Refetches the session so the name and picture update everywhere they are shown. */
export function refreshSession(): void {
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}

/** After signing out: forget every cached answer and be signed out at once. */
export function clearSession(): void {
  queryClient.clear();
  queryClient.setQueryData(sessionQueryKey, null);
}
