// What other features may import from automated-feedback; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { AiConfigurationTab } from './components/ai-configuration-tab';
export { AutomatedFeedbackView } from './components/automated-feedback-view';
