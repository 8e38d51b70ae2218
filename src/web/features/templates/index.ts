// What other features may import from templates; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { LibraryTab } from './components/library-tab';
export { TemplateCard } from './components/template-card';
