import type { BrowseQuery } from '../../domain/jobs';

/**
 * Query keys shared across features: one feature's change invalidates another's screens
 * (an application shows its assessment's score; templates list in settings, jobs and
 * candidate search), so the keys are a shared vocabulary rather than a feature's insides.
 * The realtime hook invalidates by these prefixes when the server says something changed.
 */

/** Everything assessment-shaped. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  list: (status?: string) => ['assessments', 'list', status ?? 'all'] as const,
  detail: (id: string) => ['assessments', 'detail', id] as const,
  files: (id: string) => ['assessments', 'files', id] as const,
  answers: (id: string) => ['assessments', 'answers', id] as const,
};
export const templateKeys = { all: ['templates'] as const };
export const settingsKeys = { all: ['settings'] as const };
export const peopleKeys = {
  candidates: (q: string) => ['people', 'candidates', q] as const,
  recruiters: ['people', 'recruiters'] as const,
};

/** Jobs and applications: ['applications'] is invalidated on assessment.changed too. */
export const jobKeys = {
  all: ['jobs'] as const,
  managed: ['jobs', 'managed'] as const,
  browse: (query: BrowseQuery) => ['jobs', 'browse', query] as const,
  detail: (id: string) => ['jobs', 'detail', id] as const,
};
export const applicationKeys = {
  all: ['applications'] as const,
  mine: ['applications', 'mine'] as const,
  ofJob: (jobId: string) => ['applications', 'job', jobId] as const,
  detail: (id: string) => ['applications', 'detail', id] as const,
};
