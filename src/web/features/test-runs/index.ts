// What other features may import from test-runs; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { uploadTemplateProject } from './api/project-upload';
export { useRunTests, useTestRuns } from './api/test-runs';
export {
  initialProjectChoice,
  projectChoiceError,
  StarterProjectField,
  starterProjectInput,
} from './components/starter-project-field';
export { TestRunsPanel } from './components/test-runs-panel';
