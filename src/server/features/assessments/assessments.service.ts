/**
 * The assessments feature's public entry point: routes, other features, scripts and tests
 * import from here, so the files behind it can change shape. One file per aspect:
 * read-model (rows, permissions, the shape sent), listing, assignment (and the due date),
 * candidate-work (start, tasks), submission (and the timer sweep), review (evaluation,
 * reveal, the reminder sweep), project-files (+ its repository of queries), answers and
 * notifications (bell items).
 */

export { listAnswers, saveAnswer } from './answers';
export {
  assign,
  assignAssessment,
  changeDueDate,
  insertAssignment,
  recruiterCompany,
} from './assignment';
export {
  loadForCandidateWork,
  setTaskCompleted,
  startAssessment,
  toggleAllTasks,
} from './candidate-work';
export { getAssessment, listAssessments } from './listing';
export { markAssessmentNotificationsRead } from './notifications';
export {
  changeFiles,
  knownPaths,
  listFiles,
  listProjectChanges,
  StaleFileError,
  saveFile,
} from './project-files';
export { type AssessmentDeps, isOverdue, loadRow, reviewerName } from './read-model';
export { revealIdentity, saveEvaluation, sendDueReminders } from './review';
export { submitAssessment, submitOverdueAssessments } from './submission';
