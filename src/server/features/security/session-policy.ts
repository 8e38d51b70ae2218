import type { Context } from 'hono';
import {
  DEFAULT_SECURITY_SETTINGS,
  SECURITY_TEXTS,
  SESSION_ERROR_CODES,
} from '../../../domain/security';
import { TEXTS } from '../../../domain/texts';
import type { Database } from '../../db/client';
import type { Env } from '../../env';

/** Routes a user who must enrol in two-factor sign-in may still use (besides /api/auth/*). */
const OPEN_WHILE_ENROLLING = new Set(['/api/config']);
/**
 * Not checked here: the health probe (not activity), and the session routes,
 * which check the clock themselves (reading it must not restart it, or an idle
 * tab asking "how long have I got?" would never time out).
 */
const NOT_ACTIVITY = new Set(['/api/health', '/api/session/status', '/api/session/activity']);

const MAX_CACHED = 10_000;
const FOREIGN_KEY_VIOLATION = '23503';

/** The timeout in seconds ($2 overrides it in tests) and whether two-factor sign-in is required. */
const CONFIG_SQL = `select
    coalesce($2::int,
      (select (value->>'sessionTimeoutMinutes')::int * 60 from setting where key = 'security'),
      ${DEFAULT_SECURITY_SETTINGS.sessionTimeoutMinutes * 60}) as timeout_s,
    coalesce((select (value->>'requireTwoFactor')::boolean from setting where key = 'security'),
      false) as require_2fa`;

interface SessionLike {
  session: { id: string; createdAt: Date | string };
  user: { id: string; twoFactorEnabled?: boolean | null };
}

export type PolicyVerdict =
  | { ok: true; mustEnrolTwoFactor: boolean }
  | { ok: false; reason: 'idle' | 'ended' };

/**
 * Idle timeout and the two-factor requirement, enforced per request.
 *
 * The idle clock lives in session_activity so that every server process
 * agrees. A process writes it at most once a minute per session (it remembers
 * its own last write), so most requests cost no query. The timeout is the
 * admin's setting, read in the same statement; SESSION_IDLE_TIMEOUT_SECONDS
 * overrides it in tests only (see env.ts).
 */
export function createSessionPolicy({
  database,
  env,
  onRevoked,
}: {
  database: Database;
  env: Env;
  /** An idle session was ended: every server forgets it (see SessionCache). */
  onRevoked?: () => void;
}) {
  const override = env.SESSION_IDLE_TIMEOUT_SECONDS;
  /** session id -> until when (ms) this process need not look again, and what it saw. */
  const recent = new Map<string, { until: number; mustEnrol: boolean }>();

  const recordInterval = (timeoutSeconds: number) =>
    Math.min(60_000, Math.floor((timeoutSeconds * 1000) / 4));

  /**
   * One statement, an upsert: refresh the clock unless the session is already
   * idle; insert it on first sight (unless the session itself is older than the
   * timeout). Requests racing to record a new session's first activity (a page
   * load sends several at once) meet on the primary key: on PostgreSQL the
   * loser waits for the winner's row and updates it, rather than finding no row
   * and taking the session for idle. Returns nothing when the session is idle.
   */
  async function touch(
    s: SessionLike,
    { force = false, record = true }: { force?: boolean; record?: boolean } = {},
  ): Promise<PolicyVerdict> {
    const now = Date.now();
    const cached = recent.get(s.session.id);
    if (!force && record && cached && cached.until > now) {
      return { ok: true, mustEnrolTwoFactor: cached.mustEnrol };
    }
    const createdAt = new Date(s.session.createdAt);
    const enabled = Boolean(s.user.twoFactorEnabled);
    let rows: { must_enrol: boolean; timeout_s: number }[];
    try {
      rows = await database.query(
        `with cfg as (${CONFIG_SQL})
        insert into session_activity as a (session_id, last_active_at, must_enrol_two_factor)
        select $1, now(), cfg.require_2fa and not $3::boolean
        from cfg
        where $4::timestamptz > now() - make_interval(secs => cfg.timeout_s)
          or exists (select 1 from session_activity where session_id = $1)
        on conflict (session_id) do update
          set last_active_at = case when $5::boolean then now() else a.last_active_at end
          where a.last_active_at > now() - make_interval(secs => (select timeout_s from cfg))
        returning a.must_enrol_two_factor as must_enrol, (select timeout_s from cfg) as timeout_s`,
        [s.session.id, override ?? null, enabled, createdAt.toISOString(), record],
      );
    } catch (error) {
      // The session row is gone (signed out or revoked since it was read): no clock to keep.
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      recent.delete(s.session.id);
      onRevoked?.();
      return { ok: false, reason: 'ended' };
    }
    const row = rows[0];
    if (!row) {
      recent.delete(s.session.id);
      // Idle: the session ends for every process, not only this request.
      await database.query('delete from session where id = $1', [s.session.id]);
      onRevoked?.();
      return { ok: false, reason: 'idle' };
    }
    if (!record) return { ok: true, mustEnrolTwoFactor: row.must_enrol };
    if (recent.size >= MAX_CACHED) recent.clear();
    recent.set(s.session.id, {
      until: now + recordInterval(Number(row.timeout_s)),
      mustEnrol: row.must_enrol,
    });
    return { ok: true, mustEnrolTwoFactor: row.must_enrol };
  }

  return {
    touch,

    /** Seconds of idleness allowed now, and when this session ends without activity. */
    async status(sessionId: string) {
      const rows = await database.query<{
        timeout_s: number;
        expires_at: string | Date;
        seconds_left: number;
      }>(
        `with cfg as (${CONFIG_SQL})
        select cfg.timeout_s, a.last_active_at + make_interval(secs => cfg.timeout_s) as expires_at,
          extract(epoch from a.last_active_at + make_interval(secs => cfg.timeout_s) - now())
            as seconds_left
        from session_activity a, cfg
        where a.session_id = $1`,
        [sessionId, override ?? null],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        idleTimeoutSeconds: Number(row.timeout_s),
        idleExpiresAt: new Date(row.expires_at).toISOString(),
        idleSecondsLeft: Math.max(0, Math.floor(Number(row.seconds_left))),
      };
    },

    /**
     * For the session middleware: null to go on, or the refusal to send.
     * An idle session answers 401 (and is revoked); a session that must first
     * enrol in two-factor sign-in answers 403 outside the enrolment routes.
     */
    async check(c: Context, s: SessionLike | null): Promise<Response | null> {
      if (!s || NOT_ACTIVITY.has(c.req.path)) return null;
      const verdict = await touch(s);
      if (!verdict.ok && verdict.reason === 'ended') {
        return c.json({ message: TEXTS.mustBeLoggedIn }, 401);
      }
      if (!verdict.ok) {
        return c.json(
          { message: SECURITY_TEXTS.idleSignedOut, code: SESSION_ERROR_CODES.idle },
          401,
        );
      }
      if (verdict.mustEnrolTwoFactor && !OPEN_WHILE_ENROLLING.has(c.req.path)) {
        return c.json(
          { message: SECURITY_TEXTS.enrolRequired, code: SESSION_ERROR_CODES.enrolTwoFactor },
          403,
        );
      }
      return null;
    },
  };
}

export type SessionPolicy = ReturnType<typeof createSessionPolicy>;
