import { APIError } from 'better-auth/api';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { consumeLimit, type Limit } from '../lib/usage-limit';

export const SIGN_IN_PATH = '/sign-in/email';
const WINDOW_SECONDS = 60;

/**
 * The sign-in limits. better-auth 1.7 keys its rate limit by address and path only (its
 * customRules pick the window and max, never the key), so:
 * - per address: better-auth's rule for /sign-in/email, with the higher threshold (an office
 *   behind one NAT address signs in many people a minute);
 * - per account: this before-hook counts attempts per e-mail address in `usage_limit`
 *   (shared by every server), as strict as the address limit was before.
 */
export function signInLimits(env: { AUTH_RATE_LIMIT: number; AUTH_ADDRESS_RATE_LIMIT?: number }) {
  return {
    perAccount: { max: env.AUTH_RATE_LIMIT, windowSeconds: WINDOW_SECONDS },
    perAddress: {
      window: WINDOW_SECONDS,
      max: env.AUTH_ADDRESS_RATE_LIMIT ?? env.AUTH_RATE_LIMIT * 10,
    },
  };
}

/** Counts a sign-in attempt against its account (the e-mail given); 429 past the limit. */
export async function countSignInAttempt(
  db: Db,
  path: string,
  body: unknown,
  limit: Limit,
): Promise<void> {
  if (path !== SIGN_IN_PATH) return;
  const email = (body as { email?: unknown } | undefined)?.email;
  // A malformed body is refused by better-auth's own validation; nothing to count it against.
  if (typeof email !== 'string' || !email.trim()) return;
  try {
    await consumeLimit(db, `sign-in:${email.trim().toLowerCase()}`, limit, null);
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    const seconds = Number(error.extra?.retryAfterSeconds ?? limit.windowSeconds);
    throw new APIError(
      'TOO_MANY_REQUESTS',
      { message: 'Too many requests. Please try again later.' },
      { 'X-Retry-After': String(seconds) },
    );
  }
}
