import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { recordAudit } from './audit';

/** better-auth admin endpoints whose successful calls the audit log records. */
const AUDITED = new Set([
  '/admin/set-role',
  '/admin/ban-user',
  '/admin/unban-user',
  '/admin/remove-user',
  '/admin/create-user',
  '/admin/update-user',
  '/admin/set-user-password',
  '/admin/revoke-user-session',
  '/admin/revoke-user-sessions',
  '/admin/impersonate-user',
  '/admin/stop-impersonating',
]);

/**
 * Role changes and bans go through better-auth's admin plugin, outside our
 * transactions: recorded by this hook right after the plugin's own write
 * (without the body's passwords).
 */
export const adminAuditPlugin = (db: Db) =>
  ({
    id: 'admin-audit',
    hooks: {
      after: [
        {
          matcher: (ctx) => AUDITED.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || returned instanceof Error || returned instanceof Response) return;
            const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
            if (!session) return;
            const {
              password: _password,
              newPassword: _newPassword,
              // revoke-user-session names the session by its token: never logged.
              sessionToken: _sessionToken,
              ...body
            } = (ctx.body ?? {}) as Record<string, unknown>;
            const result = returned as { user?: { id?: string } };
            // A session an admin is impersonating with (stop-impersonating): the admin acts.
            const by = (session.session as { impersonatedBy?: string | null }).impersonatedBy;
            const [impersonator] = by
              ? await db.select({ id: user.id, name: user.name }).from(user).where(eq(user.id, by))
              : [];
            await recordAudit(db, {
              actor: impersonator ?? { id: session.user.id, name: session.user.name },
              action: `user.${(ctx.path ?? '').replace('/admin/', '')}`,
              targetType: 'user',
              targetId:
                (body.userId as string | undefined) ??
                result.user?.id ??
                (impersonator ? session.user.id : null),
              after: body,
            });
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;
