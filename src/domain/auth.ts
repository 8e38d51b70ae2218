import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SIGN_UP_ROLES,
} from './constants';
import { TEXTS } from './texts';

const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .pipe(z.email('Enter a valid email address'));

const password = z
  .string()
  .min(1, 'Password is required')
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** Sign Up form (spec sections 2 and 5). */
export const signUpSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Full name is required')
      .max(MAX_NAME_LENGTH, `At most ${MAX_NAME_LENGTH} characters`),
    email,
    password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    role: z.enum(SIGN_UP_ROLES, { error: 'Please choose an account type' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: TEXTS.passwordsDoNotMatch,
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const logInSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required'),
});
export type LogInInput = z.infer<typeof logInSchema>;

export const resetRequestSchema = z.object({ email });
export type ResetRequestInput = z.infer<typeof resetRequestSchema>;

/** The page the e-mailed reset link opens. */
export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: TEXTS.passwordsDoNotMatch,
  });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** The profile's Change Password form; other sessions are signed out unless unticked. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(MAX_PASSWORD_LENGTH),
    newPassword: password,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: TEXTS.passwordsDoNotMatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
