// What other features may import from auth; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { publicConfigQueryOptions } from './api/get-public-config';
export { EmailNotVerifiedError, logIn, TWO_FACTOR_STEP } from './api/log-in';
export { signUp } from './api/sign-up';
export { validateLogIn, validateSignUp } from './lib/validation';
