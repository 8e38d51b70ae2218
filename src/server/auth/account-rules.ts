import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, eq, like } from 'drizzle-orm';
import { MAX_NAME_LENGTH } from '../../domain/constants';
import { fullNameSchema } from '../../domain/profile';
import type { Db } from '../db/client';
import { verification } from '../db/schema';
import type { Limit } from '../lib/usage-limit';
import { countSignInAttempt } from './sign-in-limits';

/** A name set through better-auth (sign-up, update-user): the profile's rule, or a 400. */
export function checkedName(name: unknown): string {
  const parsed = fullNameSchema.safeParse(name);
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', {
      message: parsed.error.issues[0]?.message ?? 'Invalid name',
    });
  }
  return parsed.data;
}

/** A name another provider (Google) chose: trimmed and cut to the limit, never refused for length. */
export function providerName(name: unknown): string {
  return checkedName(
    Array.from(String(name ?? '').trim())
      .slice(0, MAX_NAME_LENGTH)
      .join(''),
  );
}

/** After a reset, no older reset link of the user works any more. */
export async function revokeResetTokens(db: Db, userId: string) {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}

/**
 * Before better-auth's endpoints: a sign-in counts against its account's limit
 * (sign-in-limits.ts); changing the password signs out every other session
 * unless the request says `revokeOtherSessions: false`.
 */
export const accountBeforeHook = (db: Db, signInPerAccount: Limit) =>
  createAuthMiddleware(async (ctx) => {
    await countSignInAttempt(db, ctx.path, ctx.body, signInPerAccount);
    if (ctx.path !== '/change-password') return;
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    if (body.revokeOtherSessions !== undefined) return;
    return { context: { body: { ...body, revokeOtherSessions: true } } };
  });

/**
 * Endpoints after which some sessions may have ended, or what a session says
 * of its user (role, name, address, two-factor) may have changed.
 */
const SESSION_CHANGING_PATHS = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/change-password',
  '/reset-password',
  '/delete-user',
  '/admin/ban-user',
  '/admin/set-role',
  '/admin/remove-user',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/unban-user',
  '/admin/update-user',
  '/admin/set-user-password',
  '/update-user',
  '/change-email',
  '/verify-email',
  '/two-factor/enable',
  '/two-factor/disable',
]);

/**
 * After better-auth's endpoints: forget the session reads every server keeps
 * (SessionCache) and make the realtime hubs re-check their sockets' sessions.
 */
export const sessionsChangedHook = (notify: () => void) =>
  createAuthMiddleware(async (ctx) => {
    if (SESSION_CHANGING_PATHS.has(ctx.path)) notify();
  });
