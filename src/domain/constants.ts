/** Business constants of spec section 9. */

export const ROLES = ['candidate', 'recruiter', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose at self sign-up (spec section 6): never admin. */
export const SIGN_UP_ROLES = ['candidate', 'recruiter'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];
export const SIGN_UP_ROLE_LABELS: Record<SignUpRole, string> = {
  candidate: 'Job Seeker',
  recruiter: 'Recruiter',
};

export const MIN_PASSWORD_LENGTH = 6;
/** A person's full name, wherever it is set (sign-up, profile, account). */
export const MAX_NAME_LENGTH = 100;
/** better-auth's own ceiling; kept explicit so the form can say it. */
export const MAX_PASSWORD_LENGTH = 128;

export const EXPERIENCE_OPTIONS = ['0-1', '1-3', '3-5', '5-10', '10+'] as const;
export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD'] as const;
export const DEFAULT_CURRENCY = 'USD';
export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Education',
  'Manufacturing',
  'Retail',
  'Consulting',
  'Media',
  'Hospitality',
  'Other',
] as const;
export const ADMIN_LEVELS = ['standard', 'super'] as const;

export const MOBILE_BREAKPOINT_PX = 768;
export const MAX_INITIALS = 2;

/** Profile images (DESIGN section 5). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * The close code of a live-updates socket whose session ended (signed out,
 * expired, revoked or banned): the browser does not reconnect with it.
 */
export const REALTIME_SESSION_ENDED = 4401;
