import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { isRole } from '../../../domain/roles';
import { rawQuery } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Logger } from '../../lib/logger';
import { mailTexts } from '../../mail/i18n';
import { messageIdDomain } from '../../mail/mail-headers';
import type { MailTokens } from '../../mail/mail-tokens';
import { recipientLanguage } from '../../mail/recipient-language';
import { RSVP_TEXTS, recordCalendarReply } from '../interviews/rsvp';
import { type MessagingDeps, sendMessageFromEmail } from '../messaging/messaging.service';
import { messageContent, replyText, tooLong } from './reply-text';

/** A reply is a few kilobytes; anything over this is refused with 552 (issue 19). */
export const MAX_INBOUND_BYTES = 1024 * 1024;
/** A reply goes to one reply address; a few more are tolerated, then 452 (too many recipients). */
export const MAX_INBOUND_RECIPIENTS = 10;

export const INBOUND_TEXTS = {
  notReplyAddress:
    'There is no such mailbox here: only reply+<token> and rsvp+<token> addresses receive mail',
  badToken: 'This reply address is not valid (it was changed or made up); reply to the mail itself',
  noConversation: 'This conversation no longer exists',
  noAccount: 'The account this reply address belongs to no longer exists',
  notParticipant: 'The person this reply address belongs to is no longer in this conversation',
  deactivated: 'The account this reply address belongs to is deactivated',
  wrongSender:
    'The reply must come from the e-mail address of the person it was sent to; it was not posted',
  empty:
    'The reply has no new text above the quoted mail (attachments are not kept), so nothing was posted',
  tooLong: 'The reply is longer than a message may be (10,000 characters); nothing was posted',
  tooBig: 'The mail is larger than 1 MB; nothing was posted',
  unreadable: 'The mail could not be read (malformed MIME); nothing was posted',
  tryLater: 'Could not post the reply just now; try again later',
  automatic: 'Accepted; automatic replies and delivery reports are not posted',
  posted: 'Posted to the conversation',
} as const;

export interface InboundOptions {
  deps: MessagingDeps;
  tokens: MailTokens;
  logger: Logger;
  host: string;
  port: number;
  /** The domain of reply+<token>@… addresses. */
  replyDomain: string;
  tls?: { certFile: string; keyFile: string };
}

const RSVP_RECORDED = RSVP_TEXTS.recorded;

/** An SMTP answer: smtp-server sends `responseCode` and the message. */
function smtpError(code: number, message: string) {
  return Object.assign(new Error(message), { responseCode: code });
}

/** A recipient who passed RCPT TO: the conversation and the participant the token names. */
interface Recipient {
  conversationId: string;
  user: Actor;
}

interface Session extends SMTPServerSession {
  replies?: Recipient[];
  /** Interviews whose calendar address (rsvp+<token>) the mail is for: calendar replies. */
  rsvps?: string[];
}

const AUTOMATIC_PRECEDENCE = /^(bulk|junk|list|auto_reply)$/i;
const AUTOMATIC_SUBJECT =
  /^(auto(matic)?[ -]?(reply|response)|out of (the )?office|autoreply|abwesenheit|r[ée]ponse automatique)\b/i;

/**
 * Inbound mail (docs/decisions/021): replies to conversation mails, on an SMTP port of this
 * server process (smtp-server speaks SMTP, mailparser reads MIME). Nothing is kept in memory
 * between mails: any server on one PostgreSQL database may take any mail, and a mail
 * delivered twice (an MTA's retry) is stored once.
 */
export class InboundSmtp {
  private readonly server: SMTPServer;
  private readonly domain: string;
  private readonly ownDomain: string;

  constructor(private readonly options: InboundOptions) {
    const { tls, replyDomain } = options;
    this.domain = replyDomain.toLowerCase();
    this.ownDomain = messageIdDomain({
      appUrl: options.deps.appUrl,
      replyDomain: options.replyDomain,
    }).toLowerCase();
    this.server = new SMTPServer({
      name: replyDomain,
      banner: 'TalentForge replies',
      logger: false,
      authOptional: true,
      disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      ...(tls ? { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) } : {}),
      size: MAX_INBOUND_BYTES,
      rejectOversized: true,
      maxRecipients: MAX_INBOUND_RECIPIENTS,
      maxClients: 100,
      socketTimeout: 60_000,
      closeTimeout: 5_000,
      disableReverseLookup: true,
      // A connection may carry several mails (an MTA's pooled connection): each MAIL FROM
      // starts a new one, with no recipients of the one before.
      onMailFrom: (_address, session, callback) => {
        (session as Session).replies = [];
        (session as Session).rsvps = [];
        callback();
      },
      onRcptTo: (address, session, callback) => {
        const rsvp = this.rsvpRecipient(address.address);
        if (rsvp !== undefined) {
          if (rsvp === null) return callback(smtpError(550, INBOUND_TEXTS.badToken));
          const s = session as Session;
          s.rsvps = [...(s.rsvps ?? []), rsvp];
          return callback();
        }
        this.recipient(address.address)
          .then((recipient) => {
            const s = session as Session;
            s.replies = [...(s.replies ?? []), recipient];
            callback();
          })
          .catch((error) => callback(this.answer(error)));
      },
      onData: (stream, session, callback) => {
        this.data(stream, session as Session)
          .then((message) => callback(null, message))
          .catch((error) => callback(this.answer(error)));
      },
    });
    this.server.on('error', (error) => options.logger.warn({ err: error }, 'inbound SMTP error'));
  }

  /** Unexpected failures are logged and answered "try later" (the MTA keeps the mail). */
  private answer(error: unknown) {
    if (error instanceof Error && 'responseCode' in error) return error;
    this.options.logger.error({ err: error }, 'inbound mail failed');
    return smtpError(451, INBOUND_TEXTS.tryLater);
  }

  async start() {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    this.options.logger.info(
      { port: this.port, host: this.options.host, replyDomain: this.options.replyDomain },
      'receiving replies by e-mail',
    );
  }

  get port() {
    return (this.server.server.address() as AddressInfo).port;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * RCPT TO of an interview's calendar address (`rsvp+<token>@REPLY_DOMAIN`, the invitations'
   * ORGANIZER): the interview's id, null when the token is not ours, undefined for other
   * addresses. What the mail says is checked at DATA (docs/decisions/025).
   */
  private rsvpRecipient(address: string): string | null | undefined {
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1).toLowerCase() !== this.domain) return undefined;
    const match = /^rsvp\+([a-z2-7]+)$/i.exec(address.slice(0, at));
    if (!match) return undefined;
    return this.options.tokens.readRsvpToken(match[1]!.toLowerCase());
  }

  /** RCPT TO: a signed reply address of a participant with an active account, or 550 and why. */
  private async recipient(address: string): Promise<Recipient> {
    const at = address.lastIndexOf('@');
    const local = address.slice(0, at);
    const domain = address.slice(at + 1).toLowerCase();
    const match = /^reply\+([a-z2-7]+)$/i.exec(local);
    if (at < 0 || domain !== this.domain || !match) {
      throw smtpError(550, INBOUND_TEXTS.notReplyAddress);
    }
    const named = this.options.tokens.readReplyToken(match[1]!);
    if (!named) throw smtpError(550, INBOUND_TEXTS.badToken);
    const [row] = await rawQuery(this.options.deps.db)<{
      conversation: boolean;
      id: string | null;
      name: string | null;
      email: string | null;
      role: string | null;
      deactivated: boolean | null;
      participant: boolean;
    }>(
      `select exists (select 1 from conversation where id = $1) as conversation,
         u.id, u.name, u.email, u.role,
         coalesce(u.banned, false) and (u.ban_expires is null or u.ban_expires > now()) as deactivated,
         exists (select 1 from conversation_participant p
                  where p.conversation_id = $1 and p.user_id = $2) as participant
       from (select 1) one left join "user" u on u.id = $2`,
      [named.conversationId, named.recipientId],
    );
    if (!row?.conversation) throw smtpError(550, INBOUND_TEXTS.noConversation);
    if (!row.id || !row.email || row.name === null) throw smtpError(550, INBOUND_TEXTS.noAccount);
    if (!row.participant) throw smtpError(550, INBOUND_TEXTS.notParticipant);
    if (row.deactivated) throw smtpError(550, INBOUND_TEXTS.deactivated);
    return {
      conversationId: named.conversationId,
      user: {
        id: row.id,
        name: row.name,
        email: row.email,
        role: isRole(row.role) ? row.role : 'candidate',
      },
    };
  }

  /** DATA: the mail read whole (at most 1 MB), checked, and its new text posted. */
  private async data(stream: SMTPServerDataStream, session: Session): Promise<string> {
    const raw = await readAll(stream);
    if (raw === null) throw smtpError(552, INBOUND_TEXTS.tooBig);
    let mail: ParsedMail;
    try {
      mail = await simpleParser(raw, {
        skipImageLinks: true,
        skipTextLinks: true,
        skipTextToHtml: true,
      });
    } catch {
      throw smtpError(554, INBOUND_TEXTS.unreadable);
    }
    const log = this.options.logger;
    const messageId = mail.messageId ?? null;
    const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
    // A calendar reply is what a calendar app mails by itself when its user answers an
    // invitation: it is read before the automatic-mail rules, and never answered by mail.
    if ((session.rsvps ?? []).length > 0) {
      const calendars = mail.attachments
        .filter(
          (a) =>
            /^(text\/calendar|application\/ics)$/i.test(a.contentType) ||
            /\.ics$/i.test(a.filename ?? ''),
        )
        .map((a) => a.content.toString('utf8'));
      const notes: string[] = [];
      for (const interviewId of session.rsvps ?? []) {
        const outcome = await recordCalendarReply(this.options.deps, interviewId, from, calendars);
        log.info({ messageId, interviewId, outcome }, 'calendar reply');
        if (outcome.kind === 'refused') throw smtpError(550, outcome.reason);
        notes.push(outcome.kind === 'recorded' ? RSVP_RECORDED : outcome.reason);
      }
      // A mail to reply addresses as well goes on to be posted there.
      if ((session.replies ?? []).length === 0) return [...new Set(notes)].join('; ');
    }
    if (await this.isAutomatic(mail, session)) {
      log.info({ messageId }, 'inbound mail ignored: automatic or our own');
      return INBOUND_TEXTS.automatic;
    }
    const reply = replyText(mail);
    const content = messageContent(reply);
    // The same mail delivered again (an MTA's retry) has the same client id: stored once.
    const identity = messageId ?? createHash('sha256').update(raw).digest('hex');
    for (const recipient of session.replies ?? []) {
      if (from !== recipient.user.email.toLowerCase()) {
        throw smtpError(550, INBOUND_TEXTS.wrongSender);
      }
    }
    if (!reply.text) throw smtpError(550, INBOUND_TEXTS.empty);
    if (tooLong(content)) throw smtpError(552, INBOUND_TEXTS.tooLong);
    for (const recipient of session.replies ?? []) {
      await this.post(recipient, content, reply.attachments, identity);
    }
    return INBOUND_TEXTS.posted;
  }

  /** Through the one send path; over the send limit: 451, so the MTA tries again later. */
  private async post(
    recipient: Recipient,
    content: string,
    attachments: string[],
    identity: string,
  ) {
    const { deps } = this.options;
    const clientId = `email:${createHash('sha256')
      .update(`${recipient.conversationId}\n${identity}`)
      .digest('hex')
      .slice(0, 40)}`;
    let result: Awaited<ReturnType<typeof sendMessageFromEmail>>;
    try {
      result = await sendMessageFromEmail(
        deps,
        recipient.user,
        recipient.conversationId,
        content,
        clientId,
      );
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status === 429) throw smtpError(451, `${error.message}; try again later`);
        if (error.status === 403) throw smtpError(550, INBOUND_TEXTS.notParticipant);
        if (error.status === 404) throw smtpError(550, INBOUND_TEXTS.noConversation);
      }
      throw error;
    }
    if (result.status === 'stored' && attachments.length > 0) {
      // Told once: a retried delivery of the same mail is a duplicate and mails nothing.
      const language = await recipientLanguage(deps.db, recipient.user.id);
      const t = mailTexts(language);
      await deps.mailer.send({
        to: recipient.user.email,
        language,
        subject: t('replyAttachments.subject'),
        text: [
          t('greeting', { name: recipient.user.name }),
          '',
          t('replyAttachments.posted'),
          '',
          ...attachments.map((name) => `- ${name}`),
          '',
          t('replyAttachments.read', {
            url: `${deps.appUrl}/messages/conversation/${recipient.conversationId}`,
          }),
        ].join('\n'),
      });
    }
  }

  /**
   * Auto-replies, delivery reports and our own mails are never posted (no loops): RFC 3834
   * Auto-Submitted, Precedence bulk/junk/list/auto_reply, the out-of-office marks mail
   * programs set, an empty return path (bounces), a report, or a Message-ID of our outbox.
   */
  private async isAutomatic(mail: ParsedMail, session: Session): Promise<boolean> {
    const header = (name: string) => {
      const value = mail.headers.get(name);
      return typeof value === 'string' ? value.trim() : value ? String(value) : '';
    };
    const returnPath = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
    const autoSubmitted = header('auto-submitted').toLowerCase();
    if (!returnPath) return true;
    if (autoSubmitted && !autoSubmitted.startsWith('no')) return true;
    if (AUTOMATIC_PRECEDENCE.test(header('precedence'))) return true;
    if (header('x-autoreply') || header('x-autorespond') || header('x-autogenerated')) return true;
    if (AUTOMATIC_SUBJECT.test(mail.subject ?? '')) return true;
    const type = mail.headers.get('content-type') as { value?: string } | undefined;
    if (type?.value?.toLowerCase() === 'multipart/report') return true;
    const own = /^<?([^@<>]+)@([^@<>]+)>?$/.exec(mail.messageId ?? '');
    if (own && own[2]!.toLowerCase() === this.ownDomain) {
      const [found] = await rawQuery(this.options.deps.db)<{ id: string }>(
        'select id from outbox where id = $1',
        [own[1]],
      );
      if (found) return true;
    }
    return false;
  }
}

/** The whole DATA stream, or null past MAX_INBOUND_BYTES (the rest is read and dropped). */
function readAll(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_INBOUND_BYTES) chunks.push(chunk);
    });
    // The client went away mid-DATA: nothing was stored, and there is nobody to answer.
    stream.once('error', () => reject(smtpError(451, INBOUND_TEXTS.tryLater)));
    stream.once('end', () => {
      resolve(stream.sizeExceeded || size > MAX_INBOUND_BYTES ? null : Buffer.concat(chunks));
    });
  });
}
