import { adminClient, inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth on the same origin (the server mounts it at /api/auth), for its actions
 * (sign in, sign up, sign out, password reset). Import it lazily with loadAuthClient():
 * the session itself is read by lib/session.ts, so no screen needs this module to render.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [
    adminClient(),
    // Sign-up carries the chosen account type; the server maps it to the role.
    inferAdditionalFields({
      user: { accountType: { type: 'string', required: false, input: true } },
    }),
  ],
});

export type AuthSession = typeof authClient.$Infer.Session;
