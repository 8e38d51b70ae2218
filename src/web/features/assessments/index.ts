// What other features may import from assessments; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { assessmentAnswersQuery } from './api/answers';
export {
  useAssessment,
  useAssessments,
  useSetTaskCompleted,
  useStartAssessment,
  useSubmitAssessment,
  useToggleAllTasks,
} from './api/assessments';
export { assessmentFilesQuery } from './api/files';
export {
  useCreateTemplate,
  useDeleteTemplate,
  useRecruiters,
  useSaveSettings,
  useSettings,
  useTemplates,
  useUpdateTemplate,
} from './api/templates';
export { AssessmentList, EmptyText } from './components/assessment-list';
export { AssignForm } from './components/assign-modal';
export { statusKey } from './components/candidate-status-badge';
export { RecruiterDashboardScreen } from './components/dashboard-screen';
export { EvaluationForm } from './components/evaluation-form';
export { ResultsList } from './components/results-list';
export { StatsCard } from './components/stats-card';
export { countByStatus } from './lib/assessment-stats';
