// What other features may import from data-rights; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { YourDataSection } from './components/your-data-section';
