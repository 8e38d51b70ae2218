import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

export const REMOVE_USER_REFUSED =
  "Accounts are erased from Manage Users or Data Management (Erase account), which keeps assessments anonymised for recruiters and deletes the user's files.";

/**
 * better-auth's /admin/remove-user deletes the row but not the user's stored files, and
 * records no erasure: every deletion goes through the erasure service instead (015). Runs
 * after the last-admin hook, so removing the last admin still answers with that rule.
 */
export const removeUserThroughErasure = () =>
  ({
    id: 'remove-user-through-erasure',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/admin/remove-user',
          handler: createAuthMiddleware(async () => {
            throw new APIError('FORBIDDEN', { message: REMOVE_USER_REFUSED });
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
