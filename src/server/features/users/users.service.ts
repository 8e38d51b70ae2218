import { isAPIError } from 'better-auth/api';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { ROLES } from '../../../domain/constants';
import {
  type DeactivateInput,
  type ManagedUser,
  type SetRoleInput,
  USER_ADMIN_TEXTS,
  USER_PAGE_SIZE,
  type UserListQuery,
  type UserPage,
} from '../../../domain/users';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { type Actor, assertRole } from '../../lib/http';
import { recordAudit } from '../audit/audit';
import { assertKeepsAnAdmin } from './last-admin';

export interface UserAdminDeps {
  db: Db;
  auth: Auth;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Written out with aliases: inside a one-table select drizzle leaves columns unqualified.
const activeSessions = sql<number>`(select count(*)::int from "session" s where s.user_id = "user".id and s.expires_at > now())`;
const lastSeenAt = sql<
  Date | string | null
>`(select max(s.updated_at) from "session" s where s.user_id = "user".id)`;

const columns = {
  id: user.id,
  name: user.name,
  email: user.email,
  image: user.image,
  role: user.role,
  banned: user.banned,
  banReason: user.banReason,
  createdAt: user.createdAt,
  activeSessions,
  lastSeenAt,
};

type Row = {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string;
  banned: boolean | null;
  banReason: string | null;
  createdAt: Date;
  activeSessions: number;
  lastSeenAt: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function toManagedUser(r: Row): ManagedUser {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    image: r.image,
    role: (ROLES as readonly string[]).includes(r.role)
      ? (r.role as ManagedUser['role'])
      : 'candidate',
    status: r.banned ? 'deactivated' : 'active',
    banReason: r.banned ? r.banReason : null,
    createdAt: r.createdAt.toISOString(),
    activeSessions: Number(r.activeSessions),
    lastSeenAt: iso(r.lastSeenAt),
  };
}

/** Manage Users' list: search name or e-mail, filter by role and status, newest first. */
export async function listUsers(
  { db }: UserAdminDeps,
  actor: Actor,
  query: UserListQuery,
): Promise<UserPage> {
  assertRole(actor, 'admin');
  const page = query.page ?? 1;
  const limit = query.limit ?? USER_PAGE_SIZE;
  const q = (query.q ?? '').trim();
  const conditions: (SQL | undefined)[] = [
    q
      ? or(ilike(user.name, `%${escapeLike(q)}%`), ilike(user.email, `%${escapeLike(q)}%`))
      : undefined,
    query.role ? eq(user.role, query.role) : undefined,
    query.status === 'deactivated'
      ? sql`${user.banned} is true`
      : query.status === 'active'
        ? sql`${user.banned} is not true`
        : undefined,
  ];
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), asc(user.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(user).where(where),
  ]);
  return { items: rows.map(toManagedUser), page, limit, total: Number(counted?.n ?? 0) };
}

async function loadUser(db: Db, id: string): Promise<ManagedUser> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, id));
  if (!row) throw notFound(USER_ADMIN_TEXTS.userNotFound);
  return toManagedUser(row);
}

/** better-auth's refusals as the API's one error shape. */
async function viaAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error)) {
      const status = error.statusCode;
      const message =
        (error.body as { message?: string } | undefined)?.message || error.message || 'Refused';
      if (status === 400 || status === 401 || status === 403 || status === 404 || status === 409) {
        throw new AppError(status, message);
      }
    }
    throw error;
  }
}

/**
 * Every change goes through better-auth's admin plugin with the admin's own headers, so its
 * permission checks and hooks (the last-admin rule) apply exactly as to its own endpoints.
 */
export async function setUserRole(
  { db, auth }: UserAdminDeps,
  actor: Actor,
  headers: Headers,
  id: string,
  input: SetRoleInput,
): Promise<ManagedUser> {
  assertRole(actor, 'admin');
  const target = await loadUser(db, id);
  if (target.role === input.role) return target;
  await assertKeepsAnAdmin(db, { userId: id, role: input.role });
  await viaAuth(() => auth.api.setRole({ headers, body: { userId: id, role: input.role } }));
  return loadUser(db, id);
}

/** Deactivate (better-auth's ban): no sign-in, every session ended, the reason kept. */
export async function deactivateUser(
  { db, auth }: UserAdminDeps,
  actor: Actor,
  headers: Headers,
  id: string,
  input: DeactivateInput,
): Promise<ManagedUser> {
  assertRole(actor, 'admin');
  if (id === actor.id) throw new AppError(400, USER_ADMIN_TEXTS.cannotDeactivateSelf);
  await loadUser(db, id);
  await assertKeepsAnAdmin(db, { userId: id, banned: true });
  await viaAuth(() => auth.api.banUser({ headers, body: { userId: id, banReason: input.reason } }));
  return loadUser(db, id);
}

export async function reactivateUser(
  { db, auth }: UserAdminDeps,
  actor: Actor,
  headers: Headers,
  id: string,
): Promise<ManagedUser> {
  assertRole(actor, 'admin');
  await loadUser(db, id);
  await viaAuth(() => auth.api.unbanUser({ headers, body: { userId: id } }));
  return loadUser(db, id);
}

/** Signs the user out everywhere. */
export async function revokeSessions(
  { db, auth }: UserAdminDeps,
  actor: Actor,
  headers: Headers,
  id: string,
): Promise<ManagedUser> {
  assertRole(actor, 'admin');
  await loadUser(db, id);
  await viaAuth(() => auth.api.revokeUserSessions({ headers, body: { userId: id } }));
  return loadUser(db, id);
}

/** Sends the usual "reset your password" e-mail (better-auth's requestPasswordReset). */
export async function sendPasswordReset(
  { db, auth }: UserAdminDeps,
  actor: Actor,
  id: string,
): Promise<{ ok: true }> {
  assertRole(actor, 'admin');
  const target = await loadUser(db, id);
  if (target.status === 'deactivated') {
    throw new AppError(409, 'Reactivate the account before sending a password reset');
  }
  await viaAuth(() =>
    auth.api.requestPasswordReset({
      body: { email: target.email, redirectTo: '/reset-password/new' },
    }),
  );
  // Asked without the admin's session (it is the public reset flow): logged here.
  await recordAudit(db, {
    actor,
    action: 'user.password-reset',
    targetType: 'user',
    targetId: id,
  });
  return { ok: true };
}
