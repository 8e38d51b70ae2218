import EmailReplyParser from 'email-reply-parser';
import type { ParsedMail } from 'mailparser';
import { MAX_MESSAGE_LENGTH } from '../../../domain/messaging';

/** What a mail adds to the conversation: its new text, and the names of what was not kept. */
export interface ReplyText {
  /** The new text only (quoted history, "On … wrote:" and signatures removed); '' when none. */
  text: string;
  /** Attachments' names (they are not kept). */
  attachments: string[];
}

/** Control characters PostgreSQL or the screen cannot hold (NUL above all); tabs and newlines stay. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * The new text of a reply: the plain-text part (mailparser makes one from the HTML of an
 * HTML-only mail), cut by email-reply-parser where the quoted mail, an "On … wrote:" line
 * or a signature begins. Attachments are named, never kept; images that are part of an HTML
 * body (a signature's logo) are not counted as attachments.
 */
export function replyText(mail: Pick<ParsedMail, 'text' | 'html' | 'attachments'>): ReplyText {
  const body = (mail.text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[\u00a0\u202f]/g, ' ');
  const text = new EmailReplyParser()
    .parseReply(body)
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const attachments = mail.attachments
    .filter((a) => !(a.related && a.contentDisposition === 'inline'))
    .map((a) => (a.filename ?? '').replace(CONTROL, '').trim() || 'unnamed');
  return { text, attachments };
}

/** The message as stored: the text, then a line per attachment that was not kept. */
export function messageContent({ text, attachments }: ReplyText): string {
  const notes = attachments.map((name) => `(attachment not kept: ${name})`);
  return [text, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** Whether the stored message would be longer than a message may be. */
export const tooLong = (content: string) => content.length > MAX_MESSAGE_LENGTH;
