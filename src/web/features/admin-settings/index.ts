// What other features may import from admin-settings; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).

export { AdminSettingsScreen } from './components/admin-settings-screen';
