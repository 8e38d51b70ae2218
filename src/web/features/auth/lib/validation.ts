import { schemaResolver } from '@mantine/form';
import {
  logInSchema,
  newPasswordSchema,
  resetRequestSchema,
  signUpSchema,
} from '../../../../domain/auth';

// The forms' validation, from the shared domain schemas. This module brings zod, so the
// screens import it on demand (see use-warm-up.ts) instead of before their first paint.
export const validateLogIn = schemaResolver(logInSchema, { sync: true });
export const validateSignUp = schemaResolver(signUpSchema, { sync: true });
export const validateResetRequest = schemaResolver(resetRequestSchema, { sync: true });
export const validateNewPassword = schemaResolver(newPasswordSchema, { sync: true });
