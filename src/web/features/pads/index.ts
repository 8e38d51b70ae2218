// What other features may import from pads; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { StartPadButton } from './components/start-pad-button';
export { AdHocPads } from './entry/ad-hoc-pads';
export { LazyPadSession } from './entry/lazy-pad-session';
export { NewPadButton } from './entry/new-pad-button';
export { PadLinkButton } from './entry/pad-link-button';
