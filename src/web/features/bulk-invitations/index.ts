// What other features may import from bulk-invitations; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { BulkAssignForm } from './bulk-assign-form';
