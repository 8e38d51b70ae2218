import type { Language } from '../../domain/languages';
import { VERIFICATION_LINK_HOURS } from '../../domain/verification';
import { mailTexts } from '../mail/i18n';
import type { Mail } from '../mail/outbox';

/** The link that finishes a sign-up (docs/decisions/019). */
export function verifyEmailMail(
  name: string,
  email: string,
  url: string,
  language: Language,
): Mail {
  const t = mailTexts(language);
  return {
    to: email,
    language,
    subject: t('verify.subject'),
    text: [
      t('greeting', { name }),
      '',
      t('verify.open'),
      '',
      url,
      '',
      t('verify.expires', { hours: VERIFICATION_LINK_HOURS }),
      t('verify.ignore'),
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with again (no link that signs in). */
export function signUpAttemptMail(
  name: string,
  email: string,
  urls: { logIn: string; reset: string },
  language: Language,
): Mail {
  const t = mailTexts(language);
  return {
    to: email,
    language,
    subject: t('signUpAttempt.subject'),
    text: [
      t('greeting', { name }),
      '',
      t('signUpAttempt.tried'),
      '',
      t('signUpAttempt.logIn', { url: urls.logIn }),
      t('signUpAttempt.reset', { url: urls.reset }),
      '',
      t('signUpAttempt.ignore'),
    ].join('\n'),
  };
}
