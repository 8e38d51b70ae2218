import { type SQL, sql } from 'drizzle-orm';
import { MESSAGE_DIGEST_WINDOW_SECONDS } from '../../../domain/messaging';
import type { Db } from '../../db/client';
import type { message } from '../../db/schema';
import type { Limit } from '../../lib/usage-limit';
import type { Mail } from '../../mail/outbox';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type MessageRow = typeof message.$inferSelect;

/** One other participant of the send, with the mail they get if the digest rules mail them now. */
export interface AppendRecipient {
  id: string;
  email: string;
  /** They want e-mail and have an address: a mail now, or a record waiting for the digest. */
  wanted: boolean;
  recordId: string;
  mailId: string;
  mail: Mail | null;
}

export interface AppendInput {
  messageId: string;
  conversationId: string;
  sender: { id: string; name: string };
  content: string;
  clientId: string | null;
  preview: string;
  now: Date;
  recipients: AppendRecipient[];
  /** The sender's send limit, counted in the same statement (none when the caller counted it). */
  limit?: { key: string; limit: Limit };
}

export type AppendResult =
  | { stored: true; row: MessageRow; mailIds: Set<string> }
  | { stored: false; overLimit: { retryAfterSeconds: number } | null };

const window = sql`make_interval(secs => ${MESSAGE_DIGEST_WINDOW_SECONDS})`;

/**
 * A message appended in one statement (a send is the hot path; on the embedded
 * database every statement waits for the one before): the sender's limit, the
 * conversation row locked first (so concurrent sends store in the order they
 * update it and its last message is the newest), the message (nothing at all
 * when its client id was used before, or when the limit is spent), everyone
 * else unread and the sender read up to it, and per other participant a
 * notification record with, when the digest rules say now, its mail in the
 * outbox. The digest rows are upserted, which locks them against a digest
 * being made meanwhile: mailed within the window means the digest becomes due
 * at the window's end and the record waits for it.
 */
export async function appendMessageStatement(
  db: Db | Tx,
  input: AppendInput,
): Promise<AppendResult> {
  const { limit } = input;
  const recipients = JSON.stringify(
    input.recipients.map((r) => ({
      id: r.id,
      email: r.email,
      wanted: r.wanted,
      record_id: r.recordId,
      mail_id: r.mailId,
      subject: r.mail?.subject ?? null,
      text: r.mail?.text ?? null,
      html: r.mail?.html ?? null,
    })),
  );
  const now = input.now.toISOString();
  const limitCte: SQL = limit
    ? sql`lim as (
        insert into usage_limit (key, window_start, count) values (${limit.key}, now(), 1)
        on conflict (key) do update set
          count = case when usage_limit.window_start <= now() - make_interval(secs => ${limit.limit.windowSeconds})
            then 1 else least(usage_limit.count + 1, ${limit.limit.max + 1}) end,
          window_start = case when usage_limit.window_start <= now() - make_interval(secs => ${limit.limit.windowSeconds})
            then now() else usage_limit.window_start end
        returning count,
          extract(epoch from (window_start + make_interval(secs => ${limit.limit.windowSeconds}) - now()))::float8 as retry_after
      ),`
    : sql`lim as (select 1 as count, 0::float8 as retry_after),`;
  const max = limit ? limit.limit.max : 1;

  const result = await db.execute(sql`
    with ${limitCte}
    locked as (
      select conversation.id from conversation, lim
      where conversation.id = ${input.conversationId} and lim.count <= ${max}
      for update of conversation
    ),
    ins as (
      insert into message (id, conversation_id, sender_id, sender_name, client_id, content, created_at)
      select ${input.messageId}, locked.id, ${input.sender.id}, ${input.sender.name},
        ${input.clientId}, ${input.content}, ${now}::timestamptz
      from locked
      on conflict (sender_id, client_id) do nothing
      returning *
    ),
    conv as (
      update conversation
      set last_message = ${input.content}, last_message_at = ${now}::timestamptz,
        last_sender_id = ${input.sender.id}
      from ins where conversation.id = ins.conversation_id
      returning conversation.id
    ),
    parts as (
      update conversation_participant p
      set unread = p.user_id <> ${input.sender.id},
        last_message_at = ${now}::timestamptz,
        last_read_seq = case when p.user_id = ${input.sender.id} then ins.seq else p.last_read_seq end
      from ins where p.conversation_id = ins.conversation_id
      returning p.user_id
    ),
    r as (
      select * from jsonb_to_recordset(${recipients}::jsonb) as x(
        id text, email text, wanted boolean, record_id text, mail_id text,
        subject text, text text, html text)
    ),
    digest as (
      insert into notification_digest (conversation_id, recipient_id, last_mailed_at, due_at)
      select ins.conversation_id, r.id, ${now}::timestamptz, null from r, ins where r.wanted
      on conflict (conversation_id, recipient_id) do update set
        last_mailed_at = case
          when notification_digest.due_at is null
            and notification_digest.last_mailed_at <= ${now}::timestamptz - ${window}
          then ${now}::timestamptz else notification_digest.last_mailed_at end,
        due_at = case
          when notification_digest.due_at is not null then notification_digest.due_at
          when notification_digest.last_mailed_at > ${now}::timestamptz - ${window}
          then notification_digest.last_mailed_at + ${window}
          else null end
      returning recipient_id, due_at is null as mail_now
    ),
    mails as (
      insert into outbox (id, "to", subject, text, html)
      select r.mail_id, r.email, r.subject, r.text, r.html
      from r join digest d on d.recipient_id = r.id and d.mail_now
      where r.subject is not null
      returning id
    ),
    records as (
      insert into email_notification (id, message_id, conversation_id, recipient_id,
        recipient_email, message_preview, mail_id, digest_pending, created_at)
      select r.record_id, ins.id, ins.conversation_id, r.id, r.email, ${input.preview},
        case when d.mail_now and r.subject is not null then r.mail_id end,
        r.wanted and not coalesce(d.mail_now and r.subject is not null, false),
        ${now}::timestamptz
      from r cross join ins left join digest d on d.recipient_id = r.id
      returning id
    )
    select
      (select row_to_json(ins) from ins) as message,
      (select coalesce(json_agg(id), '[]'::json) from mails) as mail_ids,
      (select count from lim) as used,
      (select retry_after from lim) as retry_after,
      (select count(*) from conv) + (select count(*) from parts) + (select count(*) from records) as written
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    message: Record<string, unknown> | null;
    mail_ids: string[];
    used: number | string;
    retry_after: number | string;
  }[];
  const out = rows[0]!;
  if (!out.message) {
    const overLimit =
      Number(out.used) > max
        ? { retryAfterSeconds: Math.max(1, Math.ceil(Number(out.retry_after))) }
        : null;
    return { stored: false, overLimit };
  }
  const m = out.message;
  return {
    stored: true,
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
    mailIds: new Set(out.mail_ids),
  };
}
