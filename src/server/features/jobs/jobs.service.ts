// The jobs feature's public entry point: routes, careers, scripts and tests import from here.
// Each aspect lives in its own file beside this one.
export { isPdf } from '../../../domain/resumes';
export {
  applyToJob,
  getResume,
  listMyApplications,
  resumeKey,
  withdrawApplication,
} from './applications';
export { browseJobs, browseOpenJobs, getJob, readPublicJob } from './browse';
export type { JobsDeps } from './jobs-deps';
export { addNote, getApplication, listJobApplications, moveApplications } from './pipeline';
export {
  changeJobStatus,
  createJob,
  deleteJob,
  duplicateJob,
  listManagedJobs,
  reassignJob,
  updateJob,
} from './postings';
