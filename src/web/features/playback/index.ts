// What other features may import from playback; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { PlaybackButton } from './components/playback-button';
