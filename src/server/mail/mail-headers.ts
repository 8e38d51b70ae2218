import { DEFAULT_LANGUAGE, isLanguage } from '../../domain/languages';
import { mailTexts } from './i18n';
import type { MailTokens } from './mail-tokens';
import type { MailDecorator } from './outbox';

/** The one-click unsubscribe address (RFC 8058): POST here, no session needed. */
export const unsubscribeApiPath = (token: string) => `/api/mail/unsubscribe/${token}`;
/** The page the footer link opens: it says what was done and can undo it. */
export const unsubscribePagePath = (token: string) => `/unsubscribe/${token}`;

/** The domain of the platform's own Message-IDs (how its mails are known again when they come back). */
export const messageIdDomain = (options: { appUrl: string; replyDomain?: string }) =>
  options.replyDomain ?? new URL(options.appUrl).hostname;

/** The Message-ID of an outbox mail: its outbox id at the platform's domain. */
export const outboxMessageId = (id: string, domain: string) => `<${id}@${domain}>`;

/**
 * What every mail is delivered with beyond its stored text (docs/decisions/021):
 * - a Message-ID naming its outbox row, so a mail of ours that comes back is never ingested;
 * - a notification to a user: `Auto-Submitted: auto-generated` (RFC 3834, so auto-responders
 *   stay quiet), `List-Unsubscribe` with `List-Unsubscribe-Post` (RFC 8058 one-click) and a
 *   footer link to the unsubscribe page, both signed for that user;
 * - a conversation's mail, when replies are received (REPLY_DOMAIN): `Reply-To:
 *   reply+<token>@REPLY_DOMAIN`, signed for the conversation and the recipient.
 */
export function mailDecorator(options: {
  tokens: MailTokens;
  appUrl: string;
  replyDomain?: string;
}): MailDecorator {
  const domain = messageIdDomain(options);
  return (mail) => {
    const messageId = outboxMessageId(mail.id, domain);
    if (!mail.recipientId) return { messageId };
    const token = options.tokens.unsubscribeToken(mail.recipientId);
    const page = `${options.appUrl}${unsubscribePagePath(token)}`;
    const replyTo =
      mail.conversationId && options.replyDomain
        ? `reply+${options.tokens.replyToken(mail.conversationId, mail.recipientId)}@${options.replyDomain}`
        : undefined;
    // The footer is in the mail's language (an older mail, without one, in English).
    const t = mailTexts(isLanguage(mail.language) ? mail.language : DEFAULT_LANGUAGE);
    const footer = [
      '',
      '-- ',
      ...(replyTo ? [t('footer.reply')] : []),
      t('footer.stop', { url: page }),
    ].join('\n');
    return {
      messageId,
      ...(replyTo ? { replyTo } : {}),
      headers: {
        'Auto-Submitted': 'auto-generated',
        'List-Unsubscribe': `<${options.appUrl}${unsubscribeApiPath(token)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      text: `${mail.text}\n${footer}`,
      ...(mail.html
        ? {
            html: `${mail.html}<p style="color:#666;font-size:12px">${replyTo ? `${escapeHtml(t('footer.reply'))} ` : ''}<a href="${page}">${escapeHtml(t('footer.stopLink'))}</a></p>`,
          }
        : {}),
    };
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
