import type { Role } from '../../src/domain/constants';
import type { Services } from '../../src/server/server';

/** A demo person signed in: requests through the real app carry their session cookie. */
export interface Session {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** A request through the app's routes as this person; throws on any answer but 2xx. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

/**
 * Signs a demo account in through better-auth's own sign-in (not the HTTP route, whose
 * per-address rate limit the seed would hit) and answers a client for the app's API: the
 * showcase goes through the same routes, rules and permission checks as the browser.
 */
export async function signIn(
  services: Services,
  who: { id: string; name: string; email: string; role: Role },
  password: string,
): Promise<Session> {
  const response = await services.auth.api.signInEmail({
    body: { email: who.email, password },
    asResponse: true,
  });
  if (!response.ok) throw new Error(`${who.email} could not sign in (${response.status})`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const origin = services.env.APP_URL;
  return {
    ...who,
    async call<T>(method: string, path: string, body?: unknown) {
      const headers: Record<string, string> = { cookie, origin };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await services.app.request(`${origin}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} as ${who.email}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}
