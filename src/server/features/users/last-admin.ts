import { APIError, createAuthMiddleware } from 'better-auth/api';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { removesLastAdmin, USER_ADMIN_TEXTS } from '../../../domain/users';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { AppError } from '../../lib/errors';

export interface AdminChange {
  userId: string;
  role?: string;
  banned?: boolean;
  removed?: boolean;
}

/**
 * Refuses (409) a change that would leave no active admin. Manage Users calls it before
 * acting, and the better-auth hook below runs it for the plugin's own endpoints, so
 * /api/auth/admin/* cannot get round it. A database trigger catches two admins demoting
 * each other at the same moment (drizzle/*_people_sql.sql).
 */
export async function assertKeepsAnAdmin(db: Db, change: AdminChange): Promise<void> {
  const [target] = await db
    .select({ role: user.role, banned: user.banned })
    .from(user)
    .where(eq(user.id, change.userId));
  if (target?.role !== 'admin' || target.banned) return;
  const [others] = await db
    .select({ n: count() })
    .from(user)
    .where(
      and(eq(user.role, 'admin'), sql`${user.banned} is not true`, ne(user.id, change.userId)),
    );
  if (removesLastAdmin({ role: target.role, banned: false }, change, others?.n ?? 0)) {
    throw new AppError(409, USER_ADMIN_TEXTS.lastAdmin);
  }
}

const asId = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
const asRole = (v: unknown) => (Array.isArray(v) ? v.map(String).join(',') : asId(v));

/** What a better-auth admin request would change about an admin, if anything. */
export function adminChangeOf(path: string, body: unknown): AdminChange | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const userId = asId(b.userId);
  if (!userId) return null;
  switch (path) {
    case '/admin/set-role':
      return { userId, role: asRole(b.role) ?? '' };
    case '/admin/ban-user':
      return { userId, banned: true };
    case '/admin/remove-user':
      return { userId, removed: true };
    case '/admin/update-user': {
      const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Record<string, unknown>;
      const change: AdminChange = { userId };
      if ('role' in data) change.role = asRole(data.role) ?? '';
      if ('banned' in data) change.banned = data.banned === true;
      return change.role === undefined && change.banned === undefined ? null : change;
    }
    default:
      return null;
  }
}

/** better-auth `hooks.before`: the last-admin rule on the admin plugin's endpoints. */
export function lastAdminHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const change = adminChangeOf(ctx.path, ctx.body);
    if (!change) return;
    try {
      await assertKeepsAnAdmin(db, change);
    } catch (error) {
      if (error instanceof AppError) throw new APIError('CONFLICT', { message: error.message });
      throw error;
    }
  });
}
