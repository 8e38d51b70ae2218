import type { Language } from '../../../domain/languages';
import { mailList, mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';

type MessageSlot = 'name' | 'sender' | 'subject' | 'url';
// A private-use character: in no catalogue text.
const slot = (name: MessageSlot) => `\uE000${name}\uE000`;
const SLOTS = /\uE000(name|sender|subject|url)\uE000/g;

/**
 * Each language's message mail rendered once with a slot for every value (a send renders it
 * in every language, the statement picking each recipient's: i18next each time was ~2 % of
 * the server's CPU under load). Filled in one pass, so a value is never read as a slot.
 */
const messageTemplates = new Map<Language, { subject: string; text: string[] }>();
function messageTemplate(language: Language) {
  let template = messageTemplates.get(language);
  if (!template) {
    const t = mailTexts(language);
    const about = { sender: slot('sender'), subject: slot('subject') };
    template = {
      subject: t('message.subject', about),
      text: [
        t('greeting', { name: slot('name') }),
        t('message.wrote', about),
        t('message.read', { url: slot('url') }),
      ],
    };
    messageTemplates.set(language, template);
  }
  return template;
}

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
  const values: Record<MessageSlot, string> = {
    name: input.recipientName,
    sender: input.senderName,
    subject: input.subject,
    url: input.url,
  };
  const fill = (text: string) => text.replace(SLOTS, (_, name: MessageSlot) => values[name]);
  const { subject, text } = messageTemplate(input.language);
  const [greeting = '', wrote = '', read = ''] = text;
  return {
    to: input.to,
    language: input.language,
    subject: fill(subject),
    text: [
      fill(greeting),
      '',
      fill(wrote),
      '',
      `${input.preview}${input.truncated ? '…' : ''}`,
      '',
      fill(read),
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
