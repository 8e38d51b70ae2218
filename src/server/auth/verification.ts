import type { BetterAuthOptions, BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { SIGN_UP_ROLES } from '../../domain/constants';
import {
  SIGN_UP_ACCEPTED,
  VERIFICATION_LINK_HOURS,
  VERIFIED_CALLBACK_PATH,
} from '../../domain/verification';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { consumeLimit, type Limit } from '../lib/usage-limit';
import type { Mailer } from '../mail/outbox';
import { recipientLanguage } from '../mail/recipient-language';
import { checkedName } from './account-rules';
import { signUpAttemptMail, verifyEmailMail } from './verification-mails';

export const SIGN_UP_PATH = '/sign-up/email';
export const CHOOSE_ACCOUNT_TYPE = 'Choose an account type: Job Seeker or Recruiter';

/** Verification mails per account (the first at sign-up, then "send the link again"). */
const VERIFY_MAILS: Limit = { max: 5, windowSeconds: 60 * 60 };
/** "Someone tried to sign up with your address" mails per account. */
const ATTEMPT_MAILS: Limit = { max: 3, windowSeconds: 60 * 60 };

interface VerificationDeps {
  appUrl: string;
  db: Db;
  mailer: Mailer;
  logger: Logger;
}

/** Counts one use; false (nothing thrown) once the window is spent: the mail is skipped. */
async function withinLimit(db: Db, key: string, limit: Limit): Promise<boolean> {
  try {
    await consumeLimit(db, key, limit, null);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return false;
    throw error;
  }
}

/** The link in the mail: better-auth's verify-email, landing on the Log In screen. */
export function verificationUrl(appUrl: string, token: string): string {
  const callback = encodeURIComponent(VERIFIED_CALLBACK_PATH);
  return `${appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}

/**
 * better-auth's e-mail verification (docs/decisions/019): an account made by sign-up cannot
 * sign in until its owner opens the mailed link, which verifies it and signs them in. Sign-up
 * with an address that has an account changes nothing and mails its owner instead.
 */
export function verificationOptions({ appUrl, db, mailer, logger }: VerificationDeps) {
  return {
    emailVerification: {
      sendOnSignUp: true,
      // The Log In screen offers "Send the link again" rather than mailing on every attempt.
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user: u, token }) => {
        if (!(await withinLimit(db, `verify-mail:${u.id}`, VERIFY_MAILS))) {
          logger.info({ userId: u.id }, 'verification mail skipped: sent too often');
          return;
        }
        await mailer.send(
          verifyEmailMail(
            u.name,
            u.email,
            verificationUrl(appUrl, token),
            await recipientLanguage(db, u.id),
          ),
        );
      },
    },
    onExistingUserSignUp: async ({
      user: u,
    }: {
      user: { id: string; name: string; email: string };
    }) => {
      if (!(await withinLimit(db, `sign-up-attempt:${u.id}`, ATTEMPT_MAILS))) return;
      await mailer.send(
        signUpAttemptMail(
          u.name,
          u.email,
          {
            logIn: `${appUrl}/login`,
            reset: `${appUrl}/reset-password`,
          },
          await recipientLanguage(db, u.id),
        ),
      );
    },
  } satisfies Pick<BetterAuthOptions, 'emailVerification'> & Record<string, unknown>;
}

/** Whoever proves they read the address (a password reset link) has verified it. */
export async function markVerified(db: Db, userId: string) {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

/** The sign-up body's account type, or the refusal every sign-up gets for it. */
export function signUpRole(body: unknown): string {
  const requested = (body as Record<string, unknown> | undefined)?.accountType;
  if (!SIGN_UP_ROLES.includes(requested as never)) {
    throw new APIError('BAD_REQUEST', { message: CHOOSE_ACCOUNT_TYPE });
  }
  return requested as string;
}

/**
 * Sign-up answers alike for a new address and one with an account: the input is checked
 * before better-auth looks the address up (so a bad name or account type is refused the same
 * for both), and every accepted sign-up answers SIGN_UP_ACCEPTED, with no user and no session.
 */
export const sameSignUpAnswer = () =>
  ({
    id: 'same-sign-up-answer',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === SIGN_UP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            if (typeof body.name !== 'string' || !body.name.trim()) {
              throw new APIError('BAD_REQUEST', { message: 'Full name is required' });
            }
            checkedName(body.name);
            signUpRole(body);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === SIGN_UP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return;
            return ctx.json(SIGN_UP_ACCEPTED);
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
