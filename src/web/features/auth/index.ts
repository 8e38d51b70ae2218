// What other features may import from auth; the rest of the folder is its own
// (eslint.config.mjs, feature boundaries).
export { publicConfigQueryOptions } from './api/get-public-config';
export { EmailNotVerifiedError, logIn, TWO_FACTOR_STEP, useLogIn } from './api/log-in';
export { useSignUp } from './api/sign-up';
export { LogInFields, readLogIn, useLogInErrors } from './components/log-in-fields';
export { SignUpFields } from './components/sign-up-fields';
export { validateLogIn, validateSignUp } from './lib/validation';
