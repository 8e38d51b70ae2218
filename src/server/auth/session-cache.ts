import type { Auth } from './auth';

type SessionResult = Awaited<ReturnType<Auth['api']['getSession']>>;

/** How long a session read stays good without a change being announced. */
export const SESSION_CACHE_MS = 30_000;
const MAX_CACHED = 10_000;

/**
 * better-auth's session read, kept per session cookie for a short time: reading
 * it costs a statement plus better-auth's own work (its cookie signature, its
 * hooks), about 3 ms of the one embedded connection, on every API call.
 *
 * What ends or changes a session or its user (sign-out, a ban, a role or
 * password change, revoked sessions, a new name or address, two-factor on or
 * off, erasure, an idle timeout) calls `changed()`, which empties this cache at
 * once and tells the other server processes over the event bus, whose
 * `sessions.changed` empties theirs (see server.ts). A change that bypasses all
 * of those (a script editing the database by hand) is seen within
 * SESSION_CACHE_MS.
 *
 * A read that was under way when a change was announced is answered but not
 * kept: it may have seen the state from before the change.
 */
export class SessionCache {
  private readonly entries = new Map<
    string,
    { until: number; value: NonNullable<SessionResult> }
  >();
  /** Bumped by every clear: a read started under an older generation is not kept. */
  private generation = 0;

  constructor(
    private readonly auth: Pick<Auth, 'api' | '$context'>,
    private readonly options: { ttlMs?: number; now?: () => number } = {},
  ) {}

  /** The session of a request's cookies, as `auth.api.getSession` answers it. */
  async get(headers: Headers): Promise<SessionResult> {
    const key = await this.keyOf(headers);
    if (!key) return this.auth.api.getSession({ headers });
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const value = await this.auth.api.getSession({ headers });
    if (value && generation === this.generation) {
      const expires = new Date(value.session.expiresAt).getTime();
      const until = Math.min(now + (this.options.ttlMs ?? SESSION_CACHE_MS), expires);
      this.sweep(now);
      if (this.entries.size >= MAX_CACHED) this.entries.clear();
      if (until > now) this.entries.set(key, { until, value });
    }
    return value;
  }

  /** Forget every session read (something about sessions or users changed). */
  clear() {
    this.generation++;
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }

  private sweptAt = 0;

  /**
   * Drops the reads that ran out, once per TTL: a read is kept until it is asked for
   * again, and a cookie that never comes back (a signed-out tab, a bot, one request per
   * fresh session) would otherwise hold its session and user until MAX_CACHED of them
   * piled up. Now the cache holds about the sessions of the last two TTLs.
   */
  private sweep(now: number) {
    if (now - this.sweptAt < (this.options.ttlMs ?? SESSION_CACHE_MS)) return;
    this.sweptAt = now;
    for (const [key, entry] of this.entries) if (entry.until <= now) this.entries.delete(key);
  }

  private now() {
    return (this.options.now ?? Date.now)();
  }

  private cookieName?: string;

  /** The signed session cookie's values, exactly as sent (normally one); none without one. */
  private async keyOf(headers: Headers): Promise<string | undefined> {
    const cookie = headers.get('cookie');
    if (!cookie) return undefined;
    this.cookieName ??= (await this.auth.$context).authCookies.sessionToken.name;
    const values: string[] = [];
    for (const part of cookie.split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === this.cookieName) {
        values.push(part.slice(eq + 1).trim());
      }
    }
    const key = values.join('\n');
    return key || undefined;
  }
}
