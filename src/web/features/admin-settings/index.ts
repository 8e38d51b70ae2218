// What other features may import from admin-settings; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).

export { default as adminClasses } from './components/admin-settings.module.css';
export { AdminSettingsScreen } from './components/admin-settings-screen';
export { AdminSidebar } from './components/admin-sidebar';
