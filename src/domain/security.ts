import { z } from 'zod';

/** Spec section 9: session timeout options, default 30 minutes. */
export const SESSION_TIMEOUT_MINUTES = [15, 30, 60, 120, 240] as const;
export type SessionTimeoutMinutes = (typeof SESSION_TIMEOUT_MINUTES)[number];
export const DEFAULT_SESSION_TIMEOUT_MINUTES: SessionTimeoutMinutes = 30;

export const SESSION_TIMEOUT_LABELS: Record<SessionTimeoutMinutes, string> = {
  15: '15 minutes',
  30: '30 minutes',
  60: '1 hour',
  120: '2 hours',
  240: '4 hours',
};

/** The browser warns this long before an idle session ends. */
export const IDLE_WARNING_MS = 60_000;

/** Security tab: what the admin chooses; both take effect on the server. */
export const securitySettingsSchema = z.object({
  sessionTimeoutMinutes: z
    .number()
    .int()
    .refine((m) => (SESSION_TIMEOUT_MINUTES as readonly number[]).includes(m), {
      message: 'Choose 15 minutes, 30 minutes, 1 hour, 2 hours or 4 hours',
    }),
  requireTwoFactor: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  sessionTimeoutMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
  requireTwoFactor: false,
};

/** GET /api/session/status: what the signed-in browser needs to keep its session. */
export const sessionStatusSchema = z.object({
  /** The idle timeout in force, in seconds. */
  idleTimeoutSeconds: z.number().int().positive(),
  /** When the session ends unless there is activity before (ISO). */
  idleExpiresAt: z.string(),
  /** Seconds until then, by the server's clock (the browser's may differ). */
  idleSecondsLeft: z.number().int().min(0),
  twoFactorEnabled: z.boolean(),
  /** True while this session may do nothing but enrol in two-factor sign-in. */
  mustEnrolTwoFactor: z.boolean(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export { SECURITY_TEXTS, SESSION_ERROR_CODES } from './security-texts';

/** A six-digit code from an authenticator app, or a backup code. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/** Security tab's roles list: the real roles and what each may do (the server enforces it). */
export const ROLE_CAPABILITIES = [
  {
    role: 'admin',
    label: 'Administrator',
    may: [
      'Everything a recruiter may do, for every recruiter',
      'Manage assessment templates and these settings',
      'Manage users: change roles, ban',
      'Read the audit log and any conversation (writes only in their own)',
    ],
  },
  {
    role: 'recruiter',
    label: 'Recruiter',
    may: [
      'Assign assessments from the templates they are allowed to use',
      'Review and score the assessments they assigned',
      'Message candidates',
    ],
  },
  {
    role: 'candidate',
    label: 'Candidate',
    may: [
      'Take the assessments assigned to them',
      'Message the recruiters who assigned them one',
      'Edit their own profile and two-factor sign-in',
    ],
  },
] as const;
