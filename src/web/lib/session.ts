import type { Role } from '../../domain/constants';
import { isRole } from '../../domain/roles';
import { authClient } from '../api/auth-client';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role | null;
};

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

/**
 * The signed-in user and their role, from better-auth's session.
 * While the session is being fetched (first load, or just after signing in) the
 * state is 'loading' so guards never flash the wrong page.
 */
export function useSessionState(): SessionState & { refetch: () => Promise<void> } {
  const { data, isPending, refetch } = authClient.useSession();
  const refresh = async () => {
    await refetch();
  };
  if (isPending && !data) return { status: 'loading', user: null, refetch: refresh };
  if (!data?.user) return { status: 'signed-out', user: null, refetch: refresh };
  const { id, name, email, image } = data.user;
  const role = (data.user as { role?: unknown }).role;
  return {
    status: 'signed-in',
    user: { id, name, email, image: image ?? null, role: isRole(role) ? role : null },
    refetch: refresh,
  };
}

/** Refetches the session so the name and picture update everywhere they are shown. */
export function refreshSession(): void {
  authClient.$store.notify('$sessionSignal');
}
