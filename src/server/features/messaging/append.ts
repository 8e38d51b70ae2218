import { randomBytes } from 'node:crypto';
import { isLanguage, LANGUAGES, type Language } from '../../../domain/languages';
import { MESSAGE_DIGEST_WINDOW_SECONDS } from '../../../domain/messaging';
import { type Db, rawQuery, type Tx } from '../../db/client';
import type { message } from '../../db/schema';
import type { Limit } from '../../lib/usage-limit';
import type { Mail } from '../../mail/outbox';

type MessageRow = typeof message.$inferSelect;

/** A participant row as the database answers it (a send: before it changed their read state). */
export interface StoredParticipant {
  conversationId: string;
  id: string;
  unread: boolean;
  lastReadSeq: number;
  name: string | null;
  email: string | null;
  role: string | null;
  emailPreference: string | null;
}

/** Where the recipient's name and the conversation's subject go in the mail template. */
export interface MailMarks {
  recipientName: string;
  subject: string;
}

export interface SendInput {
  messageId: string;
  conversationId: string;
  sender: { id: string; name: string };
  content: string;
  clientId: string | null;
  preview: string;
  now: Date;
  /**
   * The mail every recipient who wants e-mail gets, with the marks in place of their name and
   * the subject, in a language: each recipient gets it in theirs (docs/decisions/023).
   */
  mail: (marks: MailMarks, language: Language) => Mail;
  /** The sender's send limit, counted in the same statement (none when the caller counted it). */
  limit?: { key: string; limit: Limit };
  /** The message arrived by e-mail (the 'via Email' badge). */
  fromEmail?: boolean;
}

export type SendResult =
  | {
      status: 'stored';
      row: MessageRow;
      participants: StoredParticipant[];
      mails: { id: string; mail: Mail }[];
    }
  | { status: 'duplicate'; participants: StoredParticipant[] }
  | { status: 'over_limit'; retryAfterSeconds: number }
  | { status: 'not_found' }
  | { status: 'forbidden' };

const SEND_SQL = `select o_status as status, o_message as message, o_participants as participants,
    o_mails as mails, o_retry_after as retry_after
  from send_message($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::jsonb, $10, $11, $12::int,
    $13::text, $14::int, $15::int, $16::boolean)`;

/** Marks no user text can hold: made fresh for every send, after the text arrived. */
function freshMarks(): MailMarks {
  const nonce = randomBytes(12).toString('hex');
  return { recipientName: `{{recipient-${nonce}}}`, subject: `{{subject-${nonce}}}` };
}

/**
 * A message sent in one call of the send_message function (migration
 * 0018_send_functions, extended by 0020_mail_reply; its plans are made once per connection, not per send):
 * the conversation and its participants read, the sender's membership and
 * limit checked, and the message appended with everyone's read state, the
 * notification records and the mails the digest rules send now, atomically.
 * Works on its own or inside the caller's transaction.
 */
export async function sendMessageStatement(db: Db | Tx, input: SendInput): Promise<SendResult> {
  const { limit } = input;
  const marks = freshMarks();
  // Every language's text; the statement picks each recipient's (their choice, else the admin's default).
  const languages = Object.fromEntries(
    LANGUAGES.map((language) => {
      const template = input.mail(marks, language);
      return [
        language,
        { subject: template.subject, text: template.text, html: template.html ?? null },
      ];
    }),
  );
  const mail = { ...languages.en, languages };
  const [out] = await rawQuery(db)<{
    status: SendResult['status'];
    message: Record<string, unknown> | null;
    participants:
      | (Omit<StoredParticipant, 'lastReadSeq'> & { lastReadSeq: number | string })[]
      | null;
    mails:
      | {
          id: string;
          to: string;
          subject: string;
          text: string;
          html: string | null;
          language: string | null;
        }[]
      | null;
    retry_after: number | string | null;
  }>(SEND_SQL, [
    input.messageId,
    input.conversationId,
    input.sender.id,
    input.sender.name,
    input.clientId,
    input.content,
    input.preview,
    input.now.toISOString(),
    JSON.stringify(mail),
    marks.recipientName,
    marks.subject,
    MESSAGE_DIGEST_WINDOW_SECONDS,
    limit?.key ?? null,
    limit ? limit.limit.max : null,
    limit ? limit.limit.windowSeconds : null,
    input.fromEmail ?? false,
  ]);
  if (!out) throw new Error('send_message answered no row');
  const participants = (out.participants ?? []).map((p) => ({
    ...p,
    lastReadSeq: Number(p.lastReadSeq),
  }));
  switch (out.status) {
    case 'not_found':
    case 'forbidden':
      return { status: out.status };
    case 'over_limit':
      return {
        status: 'over_limit',
        retryAfterSeconds: Math.max(1, Math.ceil(Number(out.retry_after))),
      };
    case 'duplicate':
      return { status: 'duplicate', participants };
  }
  const m = out.message!;
  return {
    status: 'stored',
    participants,
    row: {
      id: String(m.id),
      seq: Number(m.seq),
      conversationId: String(m.conversation_id),
      senderId: (m.sender_id as string | null) ?? null,
      senderName: String(m.sender_name),
      clientId: (m.client_id as string | null) ?? null,
      content: String(m.content),
      fromEmail: Boolean(m.from_email),
      createdAt: new Date(String(m.created_at)),
    },
    mails: (out.mails ?? []).map(({ id, to, subject, text, html, language }) => ({
      id,
      mail: {
        to,
        subject,
        text,
        ...(html === null ? {} : { html }),
        language: isLanguage(language) ? language : null,
      },
    })),
  };
}
