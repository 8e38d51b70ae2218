import { resumePdf } from './pdf';
import { demoUsers, searchDemoCandidates } from './people';

const EXPERIENCE: Record<string, string> = {
  '0-1': 'Less than a year',
  '1-3': '1–3 years',
  '3-5': '3–5 years',
  '5-10': '5–10 years',
  '10+': 'More than 10 years',
};

/** A demo candidate's résumé as a PDF, written from their profile. */
export function demoResume(email: string): Uint8Array {
  const person = [...demoUsers, ...searchDemoCandidates].find((p) => p.email === email);
  if (!person) throw new Error(`no demo person ${email}`);
  const d = person.details;
  const skills = d.skills ?? '';
  return resumePdf({
    name: person.name,
    headline: [d.title, d.location].filter(Boolean).join(' · '),
    sections: [
      { title: 'Profile', lines: [d.bio ?? ''] },
      {
        title: 'Experience',
        lines: [
          `${d.title ?? 'Engineer'}, ${EXPERIENCE[d.experience ?? ''] ?? 'several years'} in the field.`,
          `Day to day with ${skills.split(',').slice(0, 3).join(',').trim() || 'the tools of the trade'}: design, code review, on-call and mentoring.`,
        ],
      },
      { title: 'Skills', lines: [skills] },
      { title: 'Education', lines: [d.education || 'BSc Computer Science'] },
      { title: 'Contact', lines: [person.email] },
    ],
  });
}
