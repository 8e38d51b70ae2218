// What other features may import from security; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { useSaveSecuritySettings, useSecuritySettings } from './api/security-settings';
export { TwoFactorSection } from './components/two-factor-section';
