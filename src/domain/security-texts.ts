// No zod here: the login screen shows these texts and must stay light.

/** Error codes the browser acts on (in the JSON body as `code`). */
export const SESSION_ERROR_CODES = {
  idle: 'session-idle',
  enrolTwoFactor: 'two-factor-enrolment-required',
} as const;

export const SECURITY_TEXTS = {
  idleSignedOut: 'You were signed out because you were inactive for too long.',
  idleWarning: (seconds: number) =>
    `You have been inactive for a while. You will be signed out in ${seconds} seconds.`,
  codeAlreadyUsed: 'This code was already used. Enter the next code your authenticator app shows.',
  enrolRequired:
    'Your administrator requires two-factor sign-in. Set up an authenticator app to continue.',
};
