import type { Language } from '../../domain/languages';
import { mailTexts } from '../mail/i18n';
import type { Mail } from '../mail/outbox';

export function resetPasswordMail(
  name: string,
  email: string,
  url: string,
  language: Language,
): Mail {
  const t = mailTexts(language);
  return {
    to: email,
    language,
    subject: t('reset.subject'),
    text: [
      t('greeting', { name }),
      '',
      t('reset.asked'),
      t('reset.open'),
      '',
      url,
      '',
      t('reset.ignore'),
    ].join('\n'),
  };
}
