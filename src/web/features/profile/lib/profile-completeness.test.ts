import { describe, expect, it } from 'vitest';
import { emptyProfileDetails, type Profile } from '../../../../domain/profile';
import { CANDIDATE_PROFILE_FIELDS, profileCompleteness } from './profile-completeness';

function candidate(overrides: Partial<Profile> = {}, details: Partial<Profile['details']> = {}) {
  return {
    id: 'u1',
    name: 'Casey Candidate',
    email: 'casey@example.test',
    image: null,
    role: 'candidate',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
    details: { ...emptyProfileDetails(), ...details },
  } satisfies Profile;
}

const complete = () =>
  candidate(
    { image: '/api/files/profile-images/u1' },
    {
      phone: '+49 30 1234567',
      location: 'Berlin',
      title: 'Frontend Developer',
      skills: 'React, CSS',
      experience: '3-5',
      bio: 'I build interfaces.',
      education: 'BSc Computer Science',
      jobPreferences: {
        jobType: ['full-time'],
        remote: true,
        salary: { min: 60000, max: 80000, currency: 'EUR' },
        location: ['Berlin'],
      },
    },
  );

describe('profileCompleteness', () => {
  it('counts the twelve candidate fields', () => {
    expect(CANDIDATE_PROFILE_FIELDS).toHaveLength(12);
  });

  it('gives a fresh account (name only) 8% and lists everything else as missing', () => {
    const result = profileCompleteness(candidate());
    expect(result.percent).toBe(8);
    expect(result.missing).toEqual([
      'Phone',
      'Photo',
      'Location',
      'Title',
      'Skills',
      'Experience',
      'Bio',
      'Education',
      'Job types',
      'Salary range',
      'Preferred locations',
    ]);
  });

  it('rounds to a whole percentage as fields are filled in', () => {
    expect(profileCompleteness(candidate({}, { title: 'Dev', skills: 'Go' })).percent).toBe(25);
    expect(profileCompleteness(candidate({}, { title: 'Dev' })).percent).toBe(17);
  });

  it('gives a complete profile 100% with nothing missing', () => {
    expect(profileCompleteness(complete())).toEqual({ percent: 100, missing: [] });
  });

  it('does not count blank text, empty skill lists or an empty name', () => {
    const result = profileCompleteness(
      candidate({ name: '  ' }, { title: '   ', skills: ' , ,', bio: '\n' }),
    );
    expect(result.percent).toBe(0);
    expect(result.missing).toContain('Full name');
    expect(result.missing).toContain('Skills');
  });

  it('counts a salary range with either end set, and a zero minimum', () => {
    const withMin = candidate(
      {},
      {
        jobPreferences: {
          ...emptyProfileDetails().jobPreferences,
          salary: { min: 0, max: null, currency: 'USD' },
        },
      },
    );
    expect(profileCompleteness(withMin).missing).not.toContain('Salary range');
  });

  it('ignores fields other roles have (company, admin level)', () => {
    const recruiterish = candidate(
      {},
      { company: { name: 'Acme', website: '', industry: '', size: '', description: '' } },
    );
    expect(profileCompleteness(recruiterish).percent).toBe(8);
  });
});
