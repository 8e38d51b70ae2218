import { VERIFICATION_LINK_HOURS } from '../../domain/verification';
import type { Mail } from '../mail/outbox';

/** The link that finishes a sign-up (docs/decisions/019). */
export function verifyEmailMail(name: string, email: string, url: string): Mail {
  return {
    to: email,
    subject: 'Finish signing up to TalentForge',
    text: [
      `Hello ${name},`,
      '',
      'Open this link to confirm your e-mail address and finish signing up to TalentForge:',
      '',
      url,
      '',
      `The link works for ${VERIFICATION_LINK_HOURS} hours. Expired? Log in with your e-mail and password to get a new one.`,
      'If you did not sign up, ignore this mail: without the link the account cannot be used.',
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with again (no link that signs in). */
export function signUpAttemptMail(
  name: string,
  email: string,
  urls: { logIn: string; reset: string },
): Mail {
  return {
    to: email,
    subject: 'Someone tried to sign up to TalentForge with your e-mail address',
    text: [
      `Hello ${name},`,
      '',
      'Someone just tried to create a TalentForge account with this e-mail address. You already have one, so nothing was created and nothing changed.',
      '',
      `If it was you, log in instead: ${urls.logIn}`,
      `Forgot your password? Choose a new one: ${urls.reset}`,
      '',
      'If it was not you, ignore this mail: your account stays as it is.',
    ].join('\n'),
  };
}
