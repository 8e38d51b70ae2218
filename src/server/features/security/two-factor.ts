import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';

/** The browser's screen for the code (also where a challenged Google sign-in lands). */
export const TWO_FACTOR_PAGE = '/login/two-factor';

/** Cookie and verification names of better-auth 1.7's twoFactor plugin (two-factor/constant.mjs). */
const TWO_FACTOR_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 600;

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

/** Two-factor sign-in with an authenticator app (TOTP) and backup codes, for every way in. */
export function twoFactorPlugins(appUrl: string) {
  return [
    // Passwordless: a Google-only account can enrol too (a password is still asked of those with one).
    twoFactor({
      issuer: 'TalentForge',
      twoFactorCookieMaxAge: CHALLENGE_SECONDS,
      allowPasswordless: true,
    }),
    oauthChallenge(appUrl),
  ] as const;
}
