import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/constants';
import { isRole } from '../../domain/roles';
import { USER_ADMIN_TEXTS } from '../../domain/users';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { type Env, googleConfigured } from '../env';
import { adminAuditPlugin } from '../features/audit/auth-audit';
import { removeUserThroughErasure } from '../features/data-rights/remove-user-hook';
import { twoFactorPlugins } from '../features/security/two-factor';
import { lastAdminHook } from '../features/users/last-admin';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/outbox';
import { recipientLanguage } from '../mail/recipient-language';
import {
  accountBeforeHook,
  checkedName,
  providerName,
  revokeResetTokens,
  sessionsChangedHook,
} from './account-rules';
import { resetPasswordMail } from './mails';
import { SIGN_IN_PATH, signInLimits } from './sign-in-limits';
import { testPasswordHashing } from './test-password-hashing';
import {
  markVerified,
  SIGN_UP_PATH,
  sameSignUpAnswer,
  signUpRole,
  verificationOptions,
} from './verification';

export interface AuthDeps {
  env: Env;
  secret: string;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Called after sign-out, a ban, a password change…: sessions may have ended. */
  onSessionsChanged?: () => void;
}

/** Header the server sets from the socket; clients cannot choose their rate-limit key. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** Admins create accounts in better-auth's admin plugin: verified, like create-admin's. */
const ADMIN_CREATE_PATH = '/admin/create-user';

export function createAuth({ env, secret, db, mailer, logger, onSessionsChanged }: AuthDeps) {
  const perMinute = { window: 60, max: env.AUTH_RATE_LIMIT };
  const signIn = signInLimits(env);
  const verification = verificationOptions({ appUrl: env.APP_URL, db, mailer, logger });
  return betterAuth({
    appName: 'TalentForge',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.APP_URL],
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Tests only: a cheaper scrypt (test-password-hashing.ts); everywhere else better-auth's.
      ...(env.NODE_ENV === 'test' ? { password: testPasswordHashing } : {}),
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Unverified accounts cannot sign in (docs/decisions/019); sign-up answers alike for
      // an address with an account, whose owner is mailed instead.
      requireEmailVerification: true,
      onExistingUserSignUp: verification.onExistingUserSignUp,
      onPasswordReset: async ({ user }) => {
        await revokeResetTokens(db, user.id);
        // The reset link reached the address: it is verified.
        await markVerified(db, user.id);
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(
          resetPasswordMail(user.name, user.email, url, await recipientLanguage(db, user.id)),
        );
      },
    },
    emailVerification: verification.emailVerification,
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // The session's user carries the chosen language, so the browser follows it at once;
    // it is set through PUT /api/profile/language, never through better-auth's update-user.
    user: { additionalFields: { language: { type: 'string', required: false, input: false } } },
    plugins: [
      admin({
        defaultRole: 'candidate',
        adminRoles: ['admin'],
        // The product's three roles: set-role refuses any other value.
        roles: { admin: adminAc, recruiter: userAc, candidate: userAc },
        bannedUserMessage: USER_ADMIN_TEXTS.deactivatedSignIn,
      }),
      genericOAuth({
        config: googleConfigured(env)
          ? [
              {
                providerId: 'google',
                clientId: env.GOOGLE_CLIENT_ID!,
                clientSecret: env.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: env.GOOGLE_DISCOVERY_URL,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ]
          : [],
      }),
      // Manage Users: never leave the product without an active admin, whoever asks.
      {
        id: 'last-admin',
        hooks: { before: [{ matcher: () => true, handler: lastAdminHook(db) }] },
      },
      removeUserThroughErasure(),
      sameSignUpAnswer(),
      ...twoFactorPlugins(env.APP_URL, db),
      adminAuditPlugin(db),
    ],
    databaseHooks: {
      user: {
        create: {
          // The admin plugin owns `role` and refuses it as input; the account
          // type chosen at sign-up arrives as `accountType` and is mapped here.
          before: async (input, ctx) => {
            if (!input.name?.trim()) {
              throw new APIError('BAD_REQUEST', { message: 'Full name is required' });
            }
            // The profile's rule on names; a provider's (Google) is cut to fit instead.
            const name =
              ctx && ctx.path !== SIGN_UP_PATH ? providerName(input.name) : checkedName(input.name);
            const user = { ...input, name };
            if (ctx?.path === SIGN_UP_PATH) {
              return { data: { ...user, role: signUpRole(ctx.body), emailVerified: false } };
            }
            if (ctx?.path === ADMIN_CREATE_PATH) {
              return { data: { ...user, role: 'candidate', emailVerified: true } };
            }
            // Any other sign-up through a request (Google) makes a candidate, verified when
            // the provider says the address is (Google does for its accounts).
            if (ctx) return { data: { ...user, role: 'candidate' } };
            // No request: a server-side script (create-admin, seed) chose the role.
            return { data: { ...user, role: isRole(input.role) ? input.role : 'candidate' } };
          },
        },
        update: {
          // update-user (and the admin plugin) may not set a name the profile would refuse.
          before: async (data) =>
            data.name === undefined
              ? undefined
              : { data: { ...data, name: checkedName(data.name) } },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        // Per address; the stricter per-account count is the before-hook's (sign-in-limits.ts).
        [SIGN_IN_PATH]: signIn.perAddress,
        '/sign-up/email': perMinute,
        '/request-password-reset': perMinute,
        '/send-verification-email': perMinute,
        '/reset-password': perMinute,
        '/change-password': perMinute,
        // Codes: the plugin's 3 per 10 s, or the configured limit (tests raise it).
        '/two-factor/*': { window: 60, max: Math.max(env.AUTH_RATE_LIMIT, 10) },
        // Every page load and tab focus reads the session: an office behind one address
        // (or the browser tests' many journeys) would pass 300 a minute. Reads guess nothing.
        '/get-session': false,
      },
    },
    hooks: {
      before: accountBeforeHook(db, signIn.perAccount),
      after: sessionsChangedHook(() => onSessionsChanged?.()),
    },
    advanced: {
      // One joined query for the session and its user on every request.
      database: { joins: true },
      useSecureCookies: env.APP_URL.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    telemetry: { enabled: false },
    // Refusals thrown by hooks (the last-admin rule) reach the router outside any request
    // context, where better-auth would print them with console.error: log them here instead.
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status < 500) logger.debug({ status, err: error }, 'better-auth: refused');
        else logger.error({ err: error }, 'better-auth: request failed');
      },
    },
    logger: {
      level: 'warn',
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
