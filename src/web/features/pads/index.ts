// What other features may import from pads; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { StartPadButton } from './components/start-pad-button';
