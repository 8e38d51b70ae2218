import { adminClient, inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** better-auth on the same origin (the server mounts it at /api/auth). */
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

type AuthFailure = {
  message?: string | undefined;
  statusText?: string;
  code?: string;
  status?: number;
};

/** The text to show for a better-auth error (it always has a status, usually a message). */
export function authErrorMessage(error: AuthFailure): string {
  if (error.message) return error.message;
  if (error.status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (error.code) return humanizeCode(error.code);
  return error.statusText || 'Something went wrong. Please try again.';
}

/** 'INVALID_TOKEN' or 'access_denied' -> 'Invalid token' / 'Access denied'. */
export function humanizeCode(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
