// What other features may import from ai-review; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { AiConnectionCard } from './components/ai-connection-card';
export { AiReviewPanel } from './components/ai-review-panel';
export { AiSettingsCard } from './components/ai-settings-card';
export { ScoreSuggestionBesideForm } from './components/score-suggestion';
export {
  TemplateAiFields,
  TemplateAiSettings,
  useNewTemplateAiForm,
} from './components/template-ai-form';
