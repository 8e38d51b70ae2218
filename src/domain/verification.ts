/**
 * E-mail verification at sign-up (docs/decisions/019): what the sign-up answer and the screens
 * say. Sign-up answers the same whether the address is new or already has an account.
 */

/** The body of every accepted sign-up (new address or not): no user, no session. */
export const SIGN_UP_ACCEPTED = {
  status: 'verification-sent',
  message: 'Check your e-mail to finish signing up',
} as const;

/** better-auth's code for a sign-in with the right password on an unverified account. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

/** Where the verification link lands (then the dashboard once signed in). */
export const VERIFIED_CALLBACK_PATH = '/login?verify=done';

/** How long a verification link works. */
export const VERIFICATION_LINK_HOURS = 24;

export const VERIFICATION_TEXTS = {
  checkEmail: SIGN_UP_ACCEPTED.message,
  checkEmailDetail: (email: string) =>
    `We sent a mail to ${email}. Open the link in it within ${VERIFICATION_LINK_HOURS} hours to finish signing up. Nothing there? Check your spam folder, or log in to get a new link.`,
  notVerified:
    'Your e-mail address is not verified yet. Open the link in the mail we sent you when you signed up.',
  resend: 'Send the link again',
  resent: (email: string) => `We sent a new link to ${email}. Check your e-mail.`,
  linkInvalid:
    'This verification link has expired or is not valid. Log in with your e-mail and password to get a new one.',
} as const;
