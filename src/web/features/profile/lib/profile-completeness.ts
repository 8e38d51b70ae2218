import type { Profile } from '../../../../domain/profile';

/** One part of a candidate profile that counts towards completeness. */
type CompletenessField = {
  /** The field's key in the candidate-assessments catalogue (fields.<key>). */
  key: string;
  label: string;
  isFilled: (profile: Profile) => boolean;
};

const hasText = (value: string) => value.trim() !== '';

/**
 * What a recruiter looks for in a candidate profile (spec section 3, candidate fields).
 * Every field weighs the same, so the percentage is easy to explain to the candidate.
 * Email is left out: every account has one and it cannot be edited.
 */
export const CANDIDATE_PROFILE_FIELDS: readonly CompletenessField[] = [
  { key: 'fullName', label: 'Full name', isFilled: (p) => hasText(p.name) },
  { key: 'phone', label: 'Phone', isFilled: (p) => hasText(p.details.phone) },
  { key: 'photo', label: 'Photo', isFilled: (p) => Boolean(p.image) },
  { key: 'location', label: 'Location', isFilled: (p) => hasText(p.details.location) },
  { key: 'title', label: 'Title', isFilled: (p) => hasText(p.details.title) },
  // Skills are comma-separated text: ' , ' holds no skill.
  { key: 'skills', label: 'Skills', isFilled: (p) => p.details.skills.split(',').some(hasText) },
  { key: 'experience', label: 'Experience', isFilled: (p) => hasText(p.details.experience) },
  { key: 'bio', label: 'Bio', isFilled: (p) => hasText(p.details.bio) },
  { key: 'education', label: 'Education', isFilled: (p) => hasText(p.details.education) },
  {
    key: 'jobTypes',
    label: 'Job types',
    isFilled: (p) => p.details.jobPreferences.jobType.length > 0,
  },
  {
    key: 'salaryRange',
    label: 'Salary range',
    // Either end says what the candidate expects; a range needs neither to be exact.
    isFilled: (p) =>
      p.details.jobPreferences.salary.min !== null || p.details.jobPreferences.salary.max !== null,
  },
  {
    key: 'preferredLocations',
    label: 'Preferred locations',
    isFilled: (p) => p.details.jobPreferences.location.some(hasText),
  },
];

export type ProfileCompleteness = {
  /** Rounded percentage of the fields filled in, 0 to 100. */
  percent: number;
  /** Labels of the fields still empty, in the order the profile form shows them. */
  missing: string[];
};

/** How much of a candidate's profile is filled in. */
export function profileCompleteness(profile: Profile): ProfileCompleteness {
  const missing = CANDIDATE_PROFILE_FIELDS.filter((f) => !f.isFilled(profile)).map((f) => f.label);
  const filled = CANDIDATE_PROFILE_FIELDS.length - missing.length;
  return { percent: Math.round((filled / CANDIDATE_PROFILE_FIELDS.length) * 100), missing };
}
