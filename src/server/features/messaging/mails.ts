import type { Language } from '../../../domain/languages';
import { mailList, mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';

/** The e-mail a participant gets for a new message: who, which conversation, the preview, a link. */
export function messageMail(input: {
  to: string;
  language: Language;
  recipientName: string;
  senderName: string;
  subject: string;
  preview: string;
  truncated: boolean;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { sender: input.senderName, subject: input.subject };
  return {
    to: input.to,
    language: input.language,
    subject: t('message.subject', about),
    text: [
      t('greeting', { name: input.recipientName }),
      '',
      t('message.wrote', about),
      '',
      `${input.preview}${input.truncated ? '…' : ''}`,
      '',
      t('message.read', { url: input.url }),
    ].join('\n'),
  };
}

/** How many messages a digest quotes; the rest are counted. */
const DIGEST_QUOTED = 10;

/**
 * The e-mail that folds the messages a recipient got in a conversation since
 * their last mail: "3 new messages from …", each quoted by its preview.
 */
export function digestMail(input: {
  to: string;
  language: Language;
  recipientName: string;
  subject: string;
  messages: { senderName: string; preview: string; truncated: boolean }[];
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const count = input.messages.length;
  const senders = joinNames([...new Set(input.messages.map((m) => m.senderName))], input.language);
  const what = t('digest.count', { count });
  const quoted = input.messages
    .slice(0, DIGEST_QUOTED)
    .map((m) => `${m.senderName}: ${m.preview}${m.truncated ? '…' : ''}`);
  if (count > DIGEST_QUOTED) quoted.push(t('digest.more', { count: count - DIGEST_QUOTED }));
  const about = { what, senders, subject: input.subject };
  return {
    to: input.to,
    language: input.language,
    subject: t('digest.subject', about),
    text: [
      t('greeting', { name: input.recipientName }),
      '',
      t('digest.intro', about),
      '',
      ...quoted,
      '',
      t('digest.read', { url: input.url }),
    ].join('\n'),
  };
}

/** "Ann, Bo and Cy" in English as before; other languages join the Intl way ("Ann、Bo、Cy"). */
function joinNames(names: string[], language: Language) {
  if (language !== 'en') return mailList(names, language);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
