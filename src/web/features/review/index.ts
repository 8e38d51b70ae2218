// What other features may import from review; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { BlindIdentity } from './blind-identity';
export { initialReviewSettings, ReviewSettingsField } from './review-settings-field';
export { BlindPipelineNote, SimilarityFlag } from './similarity-flag';
export { SimilarityPanel } from './similarity-panel';
