import {
  ADMIN_LEVELS,
  COMPANY_SIZES,
  CURRENCIES,
  DEFAULT_CURRENCY,
  EXPERIENCE_OPTIONS,
  INDUSTRIES,
  JOB_TYPES,
} from '../../../../domain/constants';
import type {
  AdminProfileInput,
  CandidateProfileInput,
  Profile,
  RecruiterProfileInput,
} from '../../../../domain/profile';

/** A NumberInput holds '' while empty; the API wants null. */
type Money = number | '';

export type CandidateFormValues = Omit<CandidateProfileInput, 'jobPreferences'> & {
  jobPreferences: Omit<CandidateProfileInput['jobPreferences'], 'salary'> & {
    salary: {
      min: Money;
      max: Money;
      currency: CandidateProfileInput['jobPreferences']['salary']['currency'];
    };
  };
};
export type RecruiterFormValues = RecruiterProfileInput;
export type AdminFormValues = AdminProfileInput;

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T | ''): T | '' {
  return (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

const toMoney = (value: number | null): Money => (value === null ? '' : value);
const fromMoney = (value: Money): number | null =>
  value === '' || Number.isNaN(Number(value)) ? null : Number(value);

export function candidateValues(profile: Profile): CandidateFormValues {
  const d = profile.details;
  return {
    name: profile.name,
    phone: d.phone,
    location: d.location,
    title: d.title,
    skills: d.skills,
    experience: oneOf(EXPERIENCE_OPTIONS, d.experience, ''),
    bio: d.bio,
    education: d.education,
    jobPreferences: {
      jobType: d.jobPreferences.jobType.filter((t) => (JOB_TYPES as readonly string[]).includes(t)),
      remote: d.jobPreferences.remote,
      salary: {
        min: toMoney(d.jobPreferences.salary.min),
        max: toMoney(d.jobPreferences.salary.max),
        currency:
          oneOf(CURRENCIES, d.jobPreferences.salary.currency, DEFAULT_CURRENCY) || DEFAULT_CURRENCY,
      },
      location: d.jobPreferences.location,
    },
    discoverable: d.discoverable,
  };
}

export function candidateInput(values: CandidateFormValues): CandidateProfileInput {
  const { salary } = values.jobPreferences;
  return {
    ...values,
    jobPreferences: {
      ...values.jobPreferences,
      salary: { min: fromMoney(salary.min), max: fromMoney(salary.max), currency: salary.currency },
    },
  };
}

export function recruiterValues(profile: Profile): RecruiterFormValues {
  const d = profile.details;
  return {
    name: profile.name,
    phone: d.phone,
    title: d.title,
    location: d.location,
    bio: d.bio,
    company: {
      name: d.company.name,
      website: d.company.website,
      industry: oneOf(INDUSTRIES, d.company.industry, ''),
      size: oneOf(COMPANY_SIZES, d.company.size, ''),
      description: d.company.description,
    },
  };
}

export function adminValues(profile: Profile): AdminFormValues {
  const d = profile.details;
  return {
    name: profile.name,
    phone: d.phone,
    adminLevel: oneOf(ADMIN_LEVELS, d.adminLevel, 'standard') || 'standard',
    department: d.department,
    notificationPreferences: {
      email: d.notificationPreferences.email,
      browser: d.notificationPreferences.browser,
    },
  };
}
