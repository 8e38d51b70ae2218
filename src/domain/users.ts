import { z } from 'zod';
import { ROLES, type Role } from './constants';

/** Texts of Manage Users. */
export const USER_ADMIN_TEXTS = {
  title: 'Manage Users',
  loading: 'Loading users...',
  noUsers: 'No users match these filters.',
  lastAdmin:
    'There must always be at least one active admin. Make another user an admin before you change or deactivate this one.',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  giveReason: 'Please give a reason',
  userNotFound: 'User not found',
  /** What a deactivated user sees when they try to sign in. */
  deactivatedSignIn:
    'Your account has been deactivated. Please contact support if you believe this is a mistake.',
} as const;

export const USER_STATUSES = ['active', 'deactivated'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_PAGE_SIZE = 25;
export const MAX_USER_PAGE_SIZE = 100;
export const MAX_USER_PAGE = 1000;
export const MAX_BAN_REASON = 500;

const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain the NUL character';

/** The id of a user in a path. */
export const userIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid user id');

export const userListQuerySchema = z.object({
  q: z.string().max(100, 'At most 100 characters').refine(noNul, NUL_MESSAGE).optional(),
  role: z.enum(ROLES, { error: 'Choose candidate, recruiter or admin' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'Choose active or deactivated' }).optional(),
  page: z.coerce
    .number({ error: 'The page must be a number' })
    .int('The page must be a whole number')
    .min(1, 'The page starts at 1')
    .max(MAX_USER_PAGE, `At most page ${MAX_USER_PAGE}`)
    .optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit is at least 1')
    .max(MAX_USER_PAGE_SIZE, `The limit is at most ${MAX_USER_PAGE_SIZE}`)
    .optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const setRoleSchema = z
  .object({ role: z.enum(ROLES, { error: 'Choose candidate, recruiter or admin' }) })
  .strict();
export type SetRoleInput = z.infer<typeof setRoleSchema>;

export const deactivateSchema = z
  .object({
    reason: z
      .string({ error: USER_ADMIN_TEXTS.giveReason })
      .trim()
      .min(1, USER_ADMIN_TEXTS.giveReason)
      .max(MAX_BAN_REASON, `At most ${MAX_BAN_REASON} characters`)
      .refine(noNul, NUL_MESSAGE),
  })
  .strict();
export type DeactivateInput = z.infer<typeof deactivateSchema>;

export const managedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  banReason: z.string().nullable(),
  createdAt: z.string(),
  /** Sessions not yet expired. */
  activeSessions: z.number().int(),
  /** When a session of theirs was last used; null when they have none. */
  lastSeenAt: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userPageSchema = z.object({
  items: z.array(managedUserSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type UserPage = z.infer<typeof userPageSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

// --- rules (pure) -----------------------------------------------------------------

/**
 * Whether a change leaves no active admin: the target is an active admin, the change
 * takes that away (another role, deactivation, removal), and no other active admin exists.
 */
export function removesLastAdmin(
  target: { role: string; banned: boolean },
  change: { role?: Role | string; banned?: boolean; removed?: boolean },
  otherActiveAdmins: number,
): boolean {
  const wasActiveAdmin = target.role === 'admin' && !target.banned;
  if (!wasActiveAdmin) return false;
  const staysActiveAdmin =
    !change.removed &&
    (change.role === undefined || change.role === 'admin') &&
    change.banned !== true;
  return !staysActiveAdmin && otherActiveAdmins === 0;
}

/** "3 sessions" / "No session". */
export const sessionsLabel = (n: number) =>
  n === 0 ? 'No active session' : n === 1 ? '1 active session' : `${n} active sessions`;
