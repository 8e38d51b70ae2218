// What other features may import from jobs; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { useApply } from './api/applications';
export { useJob, useManagedJobs } from './api/jobs';
export { AssessmentSummary } from './components/assessment-summary';
export { formatDate, JobMeta, StageBadge } from './components/job-badges';
export type { Filters } from './components/job-filters';
export { EMPTY, JobFilters, toQuery } from './components/job-filters';
export { JobDescription, JobHeader } from './components/job-header';
export { JobList } from './components/job-list';
