import { z } from 'zod';
import { CURRENCIES, EXPERIENCE_OPTIONS, JOB_TYPES } from './constants';

/** Texts of Find Candidates and the candidate profile view. */
export const CANDIDATE_SEARCH_TEXTS = {
  title: 'Find Candidates',
  searchLabel: 'Search candidates',
  searchPlaceholder: 'Name, title, skill, location…',
  loading: 'Loading candidates...',
  failed: 'Failed to load candidates',
  noResults: 'No candidates match your search.',
  noResultsHint:
    'Try fewer filters or another spelling. Only candidates who chose to be found appear here.',
  notFound: 'Candidate not found',
  loadingProfile: 'Loading profile...',
  discoverableLabel: 'Let recruiters find me',
  discoverableHint:
    'Recruiters can find you in Find Candidates and read this profile, all but your phone number. Turn it off to be hidden: then only recruiters who assigned you an assessment, and the recruiter of a job you applied to, can open it.',
} as const;

// --- limits -------------------------------------------------------------------

export const MAX_QUERY_LENGTH = 200;
/** Words of a query that count; the rest are ignored (a query is a search, not an essay). */
export const MAX_QUERY_TERMS = 8;
/** Fuzzy (trigram) matching only for words this long: shorter ones match too much. */
export const MIN_FUZZY_TERM_LENGTH = 4;
export const MAX_SKILL_FILTERS = 10;
export const CANDIDATE_PAGE_SIZE = 20;
export const MAX_CANDIDATE_PAGE_SIZE = 50;
/** Pages beyond this are refused: nobody reads page 200, and deep offsets cost. */
export const MAX_CANDIDATE_PAGE = 100;

// --- rules (pure) -----------------------------------------------------------------

/**
 * The words of a search: lower-cased, split on anything that is not a letter, digit or one of
 * `+#.` (so "C++", "C#" and "Node.js" survive), trailing dots dropped, duplicates removed, at
 * most MAX_QUERY_TERMS.
 */
export function queryTerms(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}+#.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, MAX_QUERY_TERMS);
}

/** A skill as searches and filters compare it: trimmed, lower-cased, inner spaces collapsed. */
export const normalizeSkill = (skill: string) => skill.trim().toLowerCase().replace(/\s+/g, ' ');

/** The profile's comma-separated skills as a list (spec: skills are comma-separated text). */
export function skillList(skills: string): string[] {
  const seen = new Map<string, string>();
  for (const raw of skills.split(',')) {
    const skill = raw.trim().replace(/\s+/g, ' ');
    if (skill && !seen.has(normalizeSkill(skill))) seen.set(normalizeSkill(skill), skill);
  }
  return [...seen.values()];
}

/** Whether a term may be matched fuzzily (trigram similarity). */
export const isFuzzyTerm = (term: string) => Array.from(term).length >= MIN_FUZZY_TERM_LENGTH;

/**
 * How alike (pg_trgm word similarity, 0..1) a misspelt word must be to a word of the name,
 * skills or places. Long words may differ more ("Typscript" finds "TypeScript", "Kubernets"
 * "Kubernetes"); a short one differing as much is mostly another word ("rust" is not "runs").
 */
export const FUZZY_THRESHOLD = 0.4;
export const SHORT_TERM_THRESHOLD = 0.5;
export const fuzzyThreshold = (term: string) =>
  Array.from(term).length >= 6 ? FUZZY_THRESHOLD : SHORT_TERM_THRESHOLD;

/** Weights of the rank: exact words count most, by field (A name, skills; B title; C location; D bio). */
export const RANK_WEIGHTS = {
  /** ts_rank_cd weights for D, C, B, A. */
  fullText: [0.1, 0.3, 0.6, 1.0] as const,
  /** Added when every word matches exactly (or by prefix or stem): those rank above fuzzy ones. */
  exactBonus: 1,
  /** A fuzzy match scales its similarity (0..1) by this. */
  fuzzyName: 0.5,
  fuzzySkills: 0.4,
  fuzzyLocation: 0.2,
};

/**
 * A result's score from its parts, as the database computes it: when every word matched
 * exactly, a bonus plus the full-text rank (0..1); otherwise the full-text rank of the words
 * that did plus the fuzzy similarity per field, scaled. Pure so that its order can be tested.
 */
export function combinedScore(parts: {
  exact: boolean;
  fullText: number;
  nameSimilarity: number;
  skillsSimilarity: number;
  locationSimilarity: number;
}): number {
  if (parts.exact) return RANK_WEIGHTS.exactBonus + parts.fullText;
  return (
    parts.fullText +
    RANK_WEIGHTS.fuzzyName * parts.nameSimilarity +
    RANK_WEIGHTS.fuzzySkills * parts.skillsSimilarity +
    RANK_WEIGHTS.fuzzyLocation * parts.locationSimilarity
  );
}

// --- inputs -------------------------------------------------------------------

const noNul = (s: string) => !s.includes('\u0000');
const NUL_MESSAGE = 'Must not contain the NUL character';

/** A query-string list: repeated keys or one comma-separated value. */
const listParam = <T extends z.ZodType<string, string>>(item: T, max: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(item).max(max, `At most ${max} values`));

export const candidateSearchQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters`)
    .refine(noNul, NUL_MESSAGE)
    .optional(),
  skills: listParam(
    z.string().max(50, 'A skill has at most 50 characters').refine(noNul, NUL_MESSAGE),
    MAX_SKILL_FILTERS,
  ).optional(),
  location: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .refine(noNul, NUL_MESSAGE)
    .optional(),
  remote: z.enum(['true', 'false']).optional(),
  experience: listParam(z.enum(EXPERIENCE_OPTIONS), EXPERIENCE_OPTIONS.length).optional(),
  jobType: listParam(z.enum(JOB_TYPES), JOB_TYPES.length).optional(),
  page: z.coerce
    .number({ error: 'The page must be a number' })
    .int('The page must be a whole number')
    .min(1, 'The page starts at 1')
    .max(MAX_CANDIDATE_PAGE, `At most page ${MAX_CANDIDATE_PAGE}`)
    .optional(),
  limit: z.coerce
    .number({ error: 'The limit must be a number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit is at least 1')
    .max(MAX_CANDIDATE_PAGE_SIZE, `The limit is at most ${MAX_CANDIDATE_PAGE_SIZE}`)
    .optional(),
});
export type CandidateSearchQuery = z.infer<typeof candidateSearchQuerySchema>;

/** The search after defaults: what the service runs. */
export interface CandidateSearch {
  terms: string[];
  skills: string[];
  location: string;
  remote: boolean | null;
  experience: string[];
  jobTypes: string[];
  page: number;
  limit: number;
}

export function toCandidateSearch(query: CandidateSearchQuery): CandidateSearch {
  return {
    terms: queryTerms(query.q ?? ''),
    skills: [...new Set((query.skills ?? []).map(normalizeSkill))],
    location: (query.location ?? '').trim().toLowerCase(),
    remote: query.remote === undefined ? null : query.remote === 'true',
    experience: query.experience ?? [],
    jobTypes: query.jobType ?? [],
    page: query.page ?? 1,
    limit: query.limit ?? CANDIDATE_PAGE_SIZE,
  };
}

/** The browser's filters as a query string (the inverse of the schema above). */
export function searchParamsOf(filters: {
  q?: string;
  skills?: string[];
  location?: string;
  remote?: boolean | null;
  experience?: string[];
  jobType?: string[];
  page?: number;
  limit?: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  for (const s of filters.skills ?? []) params.append('skills', s);
  if (filters.location?.trim()) params.set('location', filters.location.trim());
  if (filters.remote) params.set('remote', 'true');
  for (const e of filters.experience ?? []) params.append('experience', e);
  for (const j of filters.jobType ?? []) params.append('jobType', j);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  if (filters.limit) params.set('limit', String(filters.limit));
  return params;
}

// --- answers ------------------------------------------------------------------

export const candidateResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  location: z.string(),
  skills: z.array(z.string()),
  experience: z.string(),
  remote: z.boolean(),
  jobTypes: z.array(z.string()),
  /** The first part of the bio, for the result card. */
  bioExcerpt: z.string(),
  /**
   * Résumé search: where the words were found in the candidate's résumés, as text parts (the
   * matched words flagged), or null when no résumé matched. Parts, not HTML: nothing to escape.
   */
  resumeSnippet: z
    .array(z.object({ text: z.string(), match: z.boolean() }))
    .nullable()
    .default(null),
  score: z.number(),
});
export type CandidateResult = z.infer<typeof candidateResultSchema>;

export const candidatePageSchema = z.object({
  items: z.array(candidateResultSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type CandidatePage = z.infer<typeof candidatePageSchema>;

/** The read-only profile a recruiter or admin sees (no phone number). */
export const candidateProfileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  title: z.string(),
  location: z.string(),
  skills: z.array(z.string()),
  experience: z.string(),
  bio: z.string(),
  education: z.string(),
  jobPreferences: z.object({
    jobType: z.array(z.string()),
    remote: z.boolean(),
    salary: z.object({
      min: z.number().nullable(),
      max: z.number().nullable(),
      currency: z.enum(CURRENCIES),
    }),
    location: z.array(z.string()),
  }),
  discoverable: z.boolean(),
  memberSince: z.string(),
});
export type CandidateProfileView = z.infer<typeof candidateProfileViewSchema>;

export const BIO_EXCERPT_LENGTH = 200;
export const bioExcerpt = (bio: string) => {
  const chars = Array.from(bio.trim());
  return chars.length <= BIO_EXCERPT_LENGTH
    ? chars.join('')
    : `${chars.slice(0, BIO_EXCERPT_LENGTH).join('').trimEnd()}…`;
};
