// What other features may import from languages; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { LanguageSetting } from './components/language-setting';
