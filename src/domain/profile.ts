import { z } from 'zod';
import {
  ADMIN_LEVELS,
  COMPANY_SIZES,
  CURRENCIES,
  DEFAULT_CURRENCY,
  EXPERIENCE_OPTIONS,
  INDUSTRIES,
  JOB_TYPES,
  MAX_NAME_LENGTH,
  ROLES,
  type Role,
} from './constants';

/** Optional free text: trimmed, '' when absent. */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');
/** An option from a list, or '' for "not chosen". */
const option = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.enum(values), z.literal('')]).default('');
const money = z
  .number({ error: 'Must be a number' })
  .finite('Must be a number')
  .min(0, 'Must not be negative')
  .nullable()
  .default(null);
const websiteUrl = z
  .string()
  .trim()
  .max(300)
  .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Website must be a valid URL')
  .default('');

/**
 * A person's full name: the profile's rule, also applied by the server to
 * better-auth's own sign-up and update-user.
 */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, 'Full Name is required')
  .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`);

const common = {
  name: fullNameSchema,
  phone: z
    .string()
    .trim()
    .max(30, 'At most 30 characters')
    .refine((v) => v === '' || /^[+()\d\s.-]{4,}$/.test(v), 'Enter a valid phone number')
    .default(''),
};

export const jobPreferencesSchema = z
  .object({
    jobType: z.array(z.enum(JOB_TYPES)).max(JOB_TYPES.length).default([]),
    remote: z.boolean().default(false),
    salary: z
      .object({ min: money, max: money, currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY) })
      .strict()
      .refine((s) => s.min === null || s.max === null || s.min <= s.max, {
        path: ['max'],
        message: 'Maximum salary must not be below the minimum',
      })
      .default({ min: null, max: null, currency: DEFAULT_CURRENCY }),
    location: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
  })
  .strict();

export const companySchema = z
  .object({
    name: z.string().trim().min(1, 'Company Name is required').max(200),
    website: websiteUrl,
    industry: option(INDUSTRIES),
    size: option(COMPANY_SIZES),
    description: text(2000),
  })
  .strict();

export const candidateProfileInput = z
  .object({
    ...common,
    location: text(100),
    title: text(100),
    skills: text(500),
    experience: option(EXPERIENCE_OPTIONS),
    bio: text(2000),
    education: text(1000),
    jobPreferences: jobPreferencesSchema,
    /** Whether recruiters may find the profile in Find Candidates (docs/decisions/006). */
    discoverable: z.boolean().default(true),
  })
  .strict();

export const recruiterProfileInput = z
  .object({
    ...common,
    title: text(100),
    location: text(100),
    bio: text(2000),
    company: companySchema,
  })
  .strict();

export const adminProfileInput = z
  .object({
    ...common,
    adminLevel: z.enum(ADMIN_LEVELS).default('standard'),
    department: text(100),
    notificationPreferences: z
      .object({ email: z.boolean().default(true), browser: z.boolean().default(true) })
      .strict()
      .default({ email: true, browser: true }),
  })
  .strict();

export type CandidateProfileInput = z.infer<typeof candidateProfileInput>;
export type RecruiterProfileInput = z.infer<typeof recruiterProfileInput>;
export type AdminProfileInput = z.infer<typeof adminProfileInput>;
export type ProfileInput = CandidateProfileInput | RecruiterProfileInput | AdminProfileInput;

/** The form a role gets (spec section 4: "The role decides the form"). */
export const profileInputFor = {
  candidate: candidateProfileInput,
  recruiter: recruiterProfileInput,
  admin: adminProfileInput,
} satisfies Record<Role, z.ZodType>;

/** Everything any role's profile may hold, as stored; '' / defaults where unset. */
export const profileDetailsSchema = z.object({
  phone: z.string(),
  location: z.string(),
  title: z.string(),
  skills: z.string(),
  experience: z.string(),
  bio: z.string(),
  education: z.string(),
  jobPreferences: jobPreferencesSchema,
  discoverable: z.boolean(),
  company: companySchema.extend({ name: z.string() }),
  adminLevel: z.enum(ADMIN_LEVELS),
  department: z.string(),
  notificationPreferences: z.object({ email: z.boolean(), browser: z.boolean() }),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

export const emptyProfileDetails = (): ProfileDetails => ({
  phone: '',
  location: '',
  title: '',
  skills: '',
  experience: '',
  bio: '',
  education: '',
  jobPreferences: {
    jobType: [],
    remote: false,
    salary: { min: null, max: null, currency: DEFAULT_CURRENCY },
    location: [],
  },
  // Candidates are discoverable unless they turn it off (docs/decisions/006).
  discoverable: true,
  company: { name: '', website: '', industry: '', size: '', description: '' },
  adminLevel: 'standard',
  department: '',
  notificationPreferences: { email: true, browser: true },
});

/** GET /api/profile. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(ROLES),
  createdAt: z.string(),
  details: profileDetailsSchema,
});
export type Profile = z.infer<typeof profileSchema>;
