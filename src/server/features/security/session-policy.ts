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

/** The idle clock as a statement just read or wrote it. */
export interface IdleClock {
  idleTimeoutSeconds: number;
  idleExpiresAt: string;
  idleSecondsLeft: number;
}

export type PolicyVerdict =
  /** `clock` with `force`: the status route answers from the statement the check sent. */
  | { ok: true; mustEnrolTwoFactor: boolean; clock?: IdleClock }
  | { ok: false; reason: 'idle' | 'ended' };

type ClockRow = {
  timeout_s: number;
  expires_at: string | Date;
  seconds_left: number;
};

const clockOf = (row: ClockRow): IdleClock => ({
  idleTimeoutSeconds: Number(row.timeout_s),
  idleExpiresAt: new Date(row.expires_at).toISOString(),
  idleSecondsLeft: Math.max(0, Math.floor(Number(row.seconds_left))),
});

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
  /** The same for reads (no activity): until when the clock read last cannot have run out. */
  const read = new Map<string, { until: number; mustEnrol: boolean }>();

  const recordInterval = (timeoutSeconds: number) =>
    Math.min(60_000, Math.floor((timeoutSeconds * 1000) / 4));

  /**
   * Drops the entries that ran out, at most once a minute: an entry is otherwise kept
   * until its session asks again, and a session that never comes back (signed out,
   * a closed tab, one request per fresh session) would hold its entry until MAX_CACHED
   * of them piled up.
   */
  let sweptAt = 0;
  const sweep = (now: number) => {
    if (now - sweptAt < 60_000) return;
    sweptAt = now;
    for (const cache of [recent, read]) {
      for (const [id, entry] of cache) if (entry.until <= now) cache.delete(id);
    }
  };

  const forget = (sessionId: string) => {
    recent.delete(sessionId);
    read.delete(sessionId);
  };

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
    // A write this recent means the session is not idle: a read needs no query either.
    if (!force && cached && cached.until > now) {
      return { ok: true, mustEnrolTwoFactor: cached.mustEnrol };
    }
    const seen = read.get(s.session.id);
    if (!force && !record && seen && seen.until > now) {
      return { ok: true, mustEnrolTwoFactor: seen.mustEnrol };
    }
    const createdAt = new Date(s.session.createdAt);
    const enabled = Boolean(s.user.twoFactorEnabled);
    type Row = ClockRow & { must_enrol: boolean; live: boolean };
    let rows: Row[] = [];
    // A read writes nothing once the clock exists.
    if (!record) {
      rows = await database.query<Row>(
        `with cfg as (${CONFIG_SQL})
        select a.must_enrol_two_factor as must_enrol, cfg.timeout_s,
          a.last_active_at > now() - make_interval(secs => cfg.timeout_s) as live,
          a.last_active_at + make_interval(secs => cfg.timeout_s) as expires_at,
          extract(epoch from a.last_active_at + make_interval(secs => cfg.timeout_s) - now())
            as seconds_left
        from session_activity a, cfg
        where a.session_id = $1`,
        [s.session.id, override ?? null],
      );
    }
    if (rows.length === 0) {
      try {
        rows = await database.query<Row>(
          `with cfg as (${CONFIG_SQL})
          insert into session_activity as a (session_id, last_active_at, must_enrol_two_factor)
          select $1, now(), cfg.require_2fa and not $3::boolean
          from cfg
          where coalesce((select created_at from session where id = $1), $4::timestamptz)
              > now() - make_interval(secs => cfg.timeout_s)
            or exists (select 1 from session_activity where session_id = $1)
          on conflict (session_id) do update
            set last_active_at = case when $5::boolean then now() else a.last_active_at end
            where a.last_active_at > now() - make_interval(secs => (select timeout_s from cfg))
          returning a.must_enrol_two_factor as must_enrol, (select timeout_s from cfg) as timeout_s,
            true as live,
            a.last_active_at + make_interval(secs => (select timeout_s from cfg)) as expires_at,
            extract(epoch from a.last_active_at
              + make_interval(secs => (select timeout_s from cfg)) - now()) as seconds_left`,
          [s.session.id, override ?? null, enabled, createdAt.toISOString(), record],
        );
      } catch (error) {
        // The session row is gone (signed out or revoked since it was read): no clock to keep.
        if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
        forget(s.session.id);
        onRevoked?.();
        return { ok: false, reason: 'ended' };
      }
    }
    const row = rows[0];
    if (!row?.live) {
      forget(s.session.id);
      // Idle: the session ends for every process, not only this request.
      await database.query('delete from session where id = $1', [s.session.id]);
      onRevoked?.();
      return { ok: false, reason: 'idle' };
    }
    sweep(now);
    if (!record) {
      if (read.size >= MAX_CACHED) read.clear();
      const left = Math.min(recordInterval(Number(row.timeout_s)), Number(row.seconds_left) * 1000);
      read.set(s.session.id, { until: now + left, mustEnrol: row.must_enrol });
      return {
        ok: true,
        mustEnrolTwoFactor: row.must_enrol,
        ...(force ? { clock: clockOf(row) } : {}),
      };
    }
    if (recent.size >= MAX_CACHED) recent.clear();
    recent.set(s.session.id, {
      until: now + recordInterval(Number(row.timeout_s)),
      mustEnrol: row.must_enrol,
    });
    return {
      ok: true,
      mustEnrolTwoFactor: row.must_enrol,
      ...(force ? { clock: clockOf(row) } : {}),
    };
  }

  /**
   * For the realtime hub's periodic check of its open sockets (which are no
   * activity): ends the idle sessions among these, as a request would, and
   * names those that must first enrol in two-factor sign-in. Records nothing.
   */
  async function review(
    sessionIds: string[],
  ): Promise<{ ended: Set<string>; mustEnrol: Set<string> }> {
    if (sessionIds.length === 0) return { ended: new Set(), mustEnrol: new Set() };
    const rows = await database.query<{ id: string; ended: boolean }>(
      `with cfg as (${CONFIG_SQL}),
      ended as (
        delete from session s
        using cfg
        where s.id = any($1::text[])
          and coalesce((select a.last_active_at from session_activity a where a.session_id = s.id),
                s.created_at) <= now() - make_interval(secs => cfg.timeout_s)
        returning s.id
      )
      select id, true as ended from ended
      union all
      select session_id, false from session_activity
      where session_id = any($1::text[]) and must_enrol_two_factor`,
      [sessionIds, override ?? null],
    );
    const ended = new Set(rows.filter((r) => r.ended).map((r) => r.id));
    const mustEnrol = new Set(rows.filter((r) => !r.ended).map((r) => r.id));
    for (const id of ended) forget(id);
    if (ended.size > 0) onRevoked?.();
    return { ended, mustEnrol };
  }

  return {
    touch,
    review,
    /** How many sessions this process remembers (its two caches together): for tests. */
    get cached() {
      return recent.size + read.size;
    },

    /** Seconds of idleness allowed now, and when this session ends without activity. */
    async status(sessionId: string) {
      const rows = await database.query<ClockRow>(
        `with cfg as (${CONFIG_SQL})
        select cfg.timeout_s, a.last_active_at + make_interval(secs => cfg.timeout_s) as expires_at,
          extract(epoch from a.last_active_at + make_interval(secs => cfg.timeout_s) - now())
            as seconds_left
        from session_activity a, cfg
        where a.session_id = $1`,
        [sessionId, override ?? null],
      );
      const row = rows[0];
      return row ? clockOf(row) : null;
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
