import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { SECURITY_TEXTS } from '../../../domain/security';
import type { Db } from '../../db/client';
import { twoFactor as twoFactorTable } from '../../db/schema';

/** The browser's screen for the code (also where a challenged Google sign-in lands). */
export const TWO_FACTOR_PAGE = '/login/two-factor';

/** Cookie and verification names of better-auth 1.7's twoFactor plugin (two-factor/constant.mjs). */
const TWO_FACTOR_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 600;
/** The plugin's defaults: 6 digits, 30 s steps, a code of the step before or after accepted too. */
const TOTP = { digits: 6, period: 30, window: 1 } as const;

/**
 * better-auth's twoFactor plugin challenges e-mail sign-in only. A sign-in
 * through an OAuth callback (Google) that made a session for a user with
 * two-factor sign-in turned on is replaced by the same challenge the plugin
 * makes (the session deleted, a signed `two_factor` cookie naming a pending
 * verification), and the browser is sent to the code screen instead of in.
 */
const oauthChallenge = (appUrl: string) =>
  ({
    id: 'two-factor-oauth-challenge',
    hooks: {
      after: [
        {
          matcher: (ctx) =>
            Boolean(
              ctx.path?.startsWith('/callback/') || ctx.path?.startsWith('/oauth2/callback/'),
            ),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            if (!data?.user || !(data.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
              return;
            }
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(data.session.token);
            ctx.context.setNewSession(null);
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({
              value: data.user.id,
              identifier,
              expiresAt,
            });
            await ctx.context.internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, {
              maxAge: CHALLENGE_SECONDS,
            });
            await ctx.setSignedCookie(
              cookie.name,
              identifier,
              ctx.context.secret,
              cookie.attributes,
            );
            throw ctx.redirect(`${appUrl}${TWO_FACTOR_PAGE}`);
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;

/**
 * better-auth accepts an authenticator code as often as it is sent within its
 * window (about a minute): whoever saw it over a shoulder or in a proxy's log
 * could sign in with it too. Before the plugin verifies a code, the time step
 * it belongs to is claimed for its user in one statement (the last used step
 * is kept in two_factor.last_totp_step): a code of that step or an earlier one
 * is refused, so each code works once, and of two requests sending one code at
 * once only one gets through. A wrong code claims nothing and is left to the
 * plugin to refuse (and count).
 */
const totpOnce = (db: Db) =>
  ({
    id: 'two-factor-totp-once',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await codeUser(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ secret: twoFactorTable.secret })
              .from(twoFactorTable)
              .where(eq(twoFactorTable.userId, userId));
            if (!row) return;
            const secret = await symmetricDecrypt({
              key: ctx.context.secretConfig,
              data: row.secret,
            });
            const step = await stepOf(secret, code);
            if (step === null) return;
            const claimed = await db
              .update(twoFactorTable)
              .set({ lastTotpStep: step })
              .where(
                and(
                  eq(twoFactorTable.userId, userId),
                  or(isNull(twoFactorTable.lastTotpStep), lt(twoFactorTable.lastTotpStep, step)),
                ),
              )
              .returning({ id: twoFactorTable.id });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', {
                message: SECURITY_TEXTS.codeAlreadyUsed,
                code: 'TOTP_CODE_ALREADY_USED',
              });
            }
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose code it is: the signed-in user enrolling, or the one the sign-in challenge names. */
async function codeUser(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/** The time step whose code this is, within the window the plugin accepts; null for none. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  const otp = createOTP(secret, { digits: TOTP.digits, period: TOTP.period });
  const now = Math.floor(Date.now() / 1000 / TOTP.period);
  let found: number | null = null;
  for (let step = now - TOTP.window; step <= now + TOTP.window; step++) {
    if ((await otp.hotp(step)) === code) found = step;
  }
  return found;
}

/** Two-factor sign-in with an authenticator app (TOTP) and backup codes, for every way in. */
export function twoFactorPlugins(appUrl: string, db: Db) {
  return [
    // Passwordless: a Google-only account can enrol too (a password is still asked of those with one).
    twoFactor({
      issuer: 'TalentForge',
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
      allowPasswordless: true,
      totpOptions: { digits: TOTP.digits, period: TOTP.period },
    }),
    totpOnce(db),
    oauthChallenge(appUrl),
  ] as const;
}
