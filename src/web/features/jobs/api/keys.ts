import type { BrowseQuery } from '../../../../domain/jobs';

/**
 * Query keys of jobs and applications. The realtime hook invalidates
 * ['jobs'] on job.changed and both on application.changed; ['applications']
 * also on assessment.changed, since an application shows its assessment's score.
 */
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
