// What other features may import from profile; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { useProfile } from './api/get-profile';
export { ProfileCompletenessCard } from './components/profile-completeness-card';
