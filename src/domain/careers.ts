import { z } from 'zod';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from './constants';
import { countryInPlace } from './countries';
import { excerptOf, type JobType, WORKPLACE_TYPES } from './jobs';

/**
 * The public careers site (issue 22, item 1): /careers lists published, open jobs to anyone,
 * /careers/{slug}-{id} shows one. The slug is made from the title each time (never stored), so a
 * renamed job keeps working: the id decides, and any other slug is redirected to the current one.
 */

export const CAREERS_TEXTS = {
  title: 'Careers',
  description: 'Open positions you can apply to, newest first.',
  noLongerOpen: 'This job is no longer open',
  notFound: 'Job not found',
  seeOthers: 'See all open jobs',
  allJobs: 'All open jobs',
  applyTitle: 'Apply for this job',
  signUpToApply: 'Create a job seeker account or log in to apply. What you write here is kept.',
  notCandidate: 'Only job seeker accounts can apply to jobs.',
  draftKept: 'Your cover letter is kept on this device until you send it.',
  checkEmailThenReturn:
    'Open the link in the mail we sent you: it signs you in and brings you back to this application, with your cover letter kept.',
} as const;

const MAX_SLUG = 60;

/** "Senior C++ Engineer (Berlin)" → "senior-c-engineer-berlin"; "job" when nothing is left. */
export function jobSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'job';
}

/** The job's public page, e.g. /careers/senior-engineer-0b6c…; the id is the end. */
export const careerJobPath = (job: { id: string; title: string }) =>
  `/careers/${jobSlug(job.title)}-${job.id}`;

const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The job id at the end of a /careers/{slug}-{id} segment, or null for anything else. */
export function careerJobId(segment: string): string | null {
  const match = UUID.exec(segment);
  if (!match?.[1]) return null;
  const before = segment.slice(0, match.index);
  if (before !== '' && !before.endsWith('-')) return null;
  return match[1].toLowerCase();
}

// --- answers ----------------------------------------------------------------------------------

/** A job as anyone may see it: no recruiter, the salary only when the recruiter shows it. */
export const publicJobSchema = z.object({
  id: z.string(),
  path: z.string(),
  title: z.string(),
  companyName: z.string(),
  department: z.string(),
  locations: z.array(z.string()),
  /** ISO 3166-1 alpha-2, or null on a job posted before the form asked. */
  country: z.string().nullable().default(null),
  workplaceType: z.enum(WORKPLACE_TYPES),
  jobType: z.enum(JOB_TYPES),
  experience: z.enum(EXPERIENCE_OPTIONS),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  currency: z.enum(CURRENCIES),
  description: z.string(),
  openings: z.number().int(),
  closingDate: z.string().nullable(),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PublicJob = z.infer<typeof publicJobSchema>;

export const publicJobCardSchema = publicJobSchema
  .omit({ description: true })
  .extend({ excerpt: z.string() });
export type PublicJobCard = z.infer<typeof publicJobCardSchema>;

export const publicJobPageSchema = z.object({
  items: z.array(publicJobCardSchema),
  nextCursor: z.string().nullable(),
});
export type PublicJobPage = z.infer<typeof publicJobPageSchema>;

// --- structured data and HTML -------------------------------------------------------------

const EMPLOYMENT_TYPES: Record<JobType, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** The job's description as plain text (for meta tags and structured data). */
export const plainDescription = (job: Pick<PublicJob, 'description'>, max = 5000) =>
  excerptOf(job.description, max);

/**
 * schema.org JobPosting (what search engines read for job results): baseSalary only when the
 * salary is shown (a hidden one is null here already), TELECOMMUTE for remote jobs.
 */
export function jobPostingJsonLd(job: PublicJob, appUrl: string): Record<string, unknown> {
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: plainDescription(job),
    identifier: { '@type': 'PropertyValue', name: job.companyName || 'TalentForge', value: job.id },
    datePosted: job.publishedAt,
    employmentType: EMPLOYMENT_TYPES[job.jobType],
    hiringOrganization: { '@type': 'Organization', name: job.companyName || 'TalentForge' },
    url: `${appUrl}${job.path}`,
    directApply: true,
  };
  if (job.closingDate) posting.validThrough = `${job.closingDate}T23:59:59Z`;
  if (job.workplaceType === 'remote') {
    posting.jobLocationType = 'TELECOMMUTE';
    // Where applicants may live: the job's country, or (a job posted before the form asked for
    // one) its locations read as countries ("Remote UK" → UK).
    const countries = job.country
      ? [job.country]
      : job.locations
          .map(
            (place) =>
              countryInPlace(place) ??
              place
                .replace(/^\s*remote\b[\s,:;(–-]*/i, '')
                .replace(/\)\s*$/, '')
                .trim(),
          )
          .filter(Boolean);
    if (countries.length > 0) {
      posting.applicantLocationRequirements = countries.map((name) => ({
        '@type': 'Country',
        name,
      }));
    }
  } else {
    // A job without a country (posted before the form asked) still gets one where its places
    // name it ("Berlin, Germany"); otherwise Google refuses the posting until it is edited
    // (Manage Jobs and My Listings mark it). Other readers of JobPosting do not need it, so
    // the rest is sent either way.
    const named = job.locations.map(countryInPlace);
    const fallback = job.country ?? named.find(Boolean) ?? null;
    posting.jobLocation = job.locations.map((place, i) => {
      const country = job.country ?? named[i] ?? fallback;
      return {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          addressLocality: place,
          ...(country ? { addressCountry: country } : {}),
        },
      };
    });
  }
  if (job.salaryMin !== null || job.salaryMax !== null) {
    posting.baseSalary = {
      '@type': 'MonetaryAmount',
      currency: job.currency,
      value: {
        '@type': 'QuantitativeValue',
        ...(job.salaryMin !== null ? { minValue: job.salaryMin } : {}),
        ...(job.salaryMax !== null ? { maxValue: job.salaryMax } : {}),
        unitText: 'YEAR',
      },
    };
  }
  return posting;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text (or an attribute value) made safe to put into HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for a <script type="application/ld+json"> block: `<`, `>` and `&` as \u escapes (still
 * the same JSON), so a title holding `</script>` or `<!--` cannot end the block.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
