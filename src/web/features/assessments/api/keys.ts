/**
 * Query keys of everything assessment-shaped. The realtime hook invalidates by
 * these prefixes when the server says something changed, so every screen that
 * uses them updates live.
 */
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
