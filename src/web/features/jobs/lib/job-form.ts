import { toIsoDate } from '../../../../domain/assessments';
import { CURRENCIES, DEFAULT_CURRENCY } from '../../../../domain/constants';
import { COUNTRY_CODES, COUNTRY_TEXTS, countryName } from '../../../../domain/countries';
import { JOB_TEXTS, type Job, type NewJobInput, newJobSchema } from '../../../../domain/jobs';

/** The form's own shape: numbers may be '' while empty, selects null until chosen. */
export interface JobFormValues {
  title: string;
  department: string | null;
  locations: string[];
  country: string | null;
  workplaceType: string | null;
  jobType: string | null;
  experience: string | null;
  salaryMin: number | string;
  salaryMax: number | string;
  currency: string;
  showSalary: boolean;
  description: string;
  openings: number | string;
  closingDate: string;
}

export const emptyJobForm = (): JobFormValues => ({
  title: '',
  department: null,
  locations: [],
  country: null,
  workplaceType: null,
  jobType: null,
  experience: null,
  salaryMin: '',
  salaryMax: '',
  currency: DEFAULT_CURRENCY,
  showSalary: true,
  description: '',
  openings: 1,
  closingDate: '',
});

export const jobToForm = (job: Job): JobFormValues => ({
  title: job.title,
  department: job.department,
  locations: job.locations,
  country: job.country,
  workplaceType: job.workplaceType,
  jobType: job.jobType,
  experience: job.experience,
  salaryMin: job.salaryMin ?? '',
  salaryMax: job.salaryMax ?? '',
  currency: (CURRENCIES as readonly string[]).includes(job.currency) ? job.currency : 'USD',
  showSalary: job.showSalary,
  description: job.description,
  openings: job.openings,
  closingDate: job.closingDate ?? '',
});

const num = (v: number | string) => (v === '' ? null : Number(v));

/** The form's values as the API's input (unchecked: the schema decides). */
export const formToInput = (v: JobFormValues, status: 'draft' | 'published') =>
  ({
    title: v.title,
    department: v.department,
    locations: v.locations,
    country: v.country,
    workplaceType: v.workplaceType,
    jobType: v.jobType,
    experience: v.experience,
    salaryMin: num(v.salaryMin),
    salaryMax: num(v.salaryMax),
    currency: v.currency,
    showSalary: v.showSalary,
    description: v.description,
    openings: v.openings === '' ? Number.NaN : Number(v.openings),
    closingDate: v.closingDate || null,
    status,
  }) as unknown as NewJobInput;

/** The contract's rules plus the browser's own today for the closing date. */
export function validateJobForm(input: NewJobInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = newJobSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  // The API keeps accepting jobs without one (older clients); the form asks, since search
  // engines' JobPosting rules need the country of every location.
  if (!input.country && !errors.country) errors.country = COUNTRY_TEXTS.choose;
  if (input.closingDate && !errors.closingDate && input.closingDate < toIsoDate(new Date())) {
    errors.closingDate = JOB_TEXTS.closingInPast;
  }
  return errors;
}

/** The country select's options: every ISO code, named and sorted in the reader's language. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort(
    (a, b) => collator.compare(a.label, b.label),
  );
}
