// What other features may import from candidates-search; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { InviteToApplyModal } from './components/invite-to-apply-modal';
