import { eq } from 'drizzle-orm';
import {
  DEFAULT_SECURITY_SETTINGS,
  SECURITY_TEXTS,
  SESSION_ERROR_CODES,
  type SecuritySettings,
  type SessionStatus,
  securitySettingsSchema,
} from '../../../domain/security';
import type { Auth } from '../../auth/auth';
import type { SessionCache } from '../../auth/session-cache';
import type { Db } from '../../db/client';
import { setting } from '../../db/schema';
import { AppError, unauthorized } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { audited } from '../audit/audit';
import type { SessionPolicy } from './session-policy';

export interface SecurityDeps {
  db: Db;
  auth: Auth;
  policy: SessionPolicy;
  /** The kept session reads (auth/session-cache.ts); without it better-auth is asked each time. */
  sessions?: Pick<SessionCache, 'get'>;
}

const KEY = 'security';

async function readSettings(db: Db): Promise<SecuritySettings> {
  const [row] = await db.select().from(setting).where(eq(setting.key, KEY));
  const parsed = securitySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SECURITY_SETTINGS;
}

export async function getSecuritySettings({ db }: Pick<SecurityDeps, 'db'>, actor: Actor) {
  assertRole(actor, 'admin');
  return readSettings(db);
}

/** Takes effect at once on every server: the session check reads it in its own statement. */
export async function saveSecuritySettings(
  { db }: Pick<SecurityDeps, 'db'>,
  actor: Actor,
  input: SecuritySettings,
): Promise<SecuritySettings> {
  assertRole(actor, 'admin');
  return audited(
    db,
    async (tx) => {
      const [row] = await tx.select().from(setting).where(eq(setting.key, KEY)).for('update');
      await tx
        .insert(setting)
        .values({ key: KEY, value: input })
        .onConflictDoUpdate({ target: setting.key, set: { value: input } });
      return { before: row?.value ?? DEFAULT_SECURITY_SETTINGS, after: input };
    },
    ({ before, after }) => ({
      actor,
      action: 'settings.security.update',
      targetType: 'setting',
      targetId: KEY,
      before,
      after,
    }),
  ).then(({ after }) => after);
}

/**
 * The calling session's idle deadline and two-factor state; an idle session is
 * revoked and refused here too. With `activity` the idle clock restarts now
 * (the browser reports the user's input); without, it is only read.
 */
export async function sessionStatus(
  { auth, policy, sessions }: SecurityDeps,
  headers: Headers,
  activity: boolean,
): Promise<SessionStatus> {
  const s = await (sessions ? sessions.get(headers) : auth.api.getSession({ headers }));
  if (!s) throw unauthorized();
  const verdict = await policy.touch(s, { force: true, record: activity });
  if (!verdict.ok) {
    throw new AppError(401, SECURITY_TEXTS.idleSignedOut, undefined, {
      code: SESSION_ERROR_CODES.idle,
    });
  }
  // The forced touch read or wrote the clock in its own statement.
  const clock = verdict.clock ?? (await policy.status(s.session.id));
  if (!clock) throw unauthorized();
  return {
    ...clock,
    twoFactorEnabled: Boolean(s.user.twoFactorEnabled),
    mustEnrolTwoFactor: verdict.mustEnrolTwoFactor,
  };
}
