// What other features may import from users; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { useUsers } from './api/users';
