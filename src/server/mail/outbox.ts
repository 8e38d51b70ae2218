import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Language } from '../../domain/languages';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../lib/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The language it is written in (the recipient's): its footer is added in it (mail-headers.ts). */
  language?: Language | null;
  /** A conversation's mail: its Reply-To names the conversation and the recipient. */
  conversationId?: string | null;
  /** A notification to this user: it carries their signed unsubscribe link. */
  recipientId?: string | null;
  /**
   * A calendar invitation (interviews): sent as a `text/calendar; method=…` alternative
   * and an `invite.ics` attachment, which calendar apps read as an invitation.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | null;
}

/** What a queued mail is delivered as, beyond its stored fields (headers, a footer). */
export type MailDecorator = (mail: {
  id: string;
  text: string;
  html: string | null;
  conversationId: string | null;
  recipientId: string | null;
  language?: string | null;
}) => Pick<SendMailOptions, 'text' | 'html' | 'replyTo' | 'messageId' | 'headers' | 'list'>;

/** Anything that can run an insert: the database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

/** Runs in the transaction that marks a mail sent (e.g. to mark the record it belongs to). */
export type SentHook = (tx: Pick<Db, 'update'>, mailId: string, sentAt: Date) => Promise<void>;

/**
 * Records a mail in the outbox. Call it with the transaction that makes the
 * change the mail is about, so both land or neither does.
 */
export async function enqueueMail(writer: Writer, mail: Mail): Promise<string> {
  const id = newId();
  await writer.insert(outbox).values({ id, ...mail });
  return id;
}

/** Records several mails in one statement, under the ids given (e.g. to link records to them). */
export async function enqueueMails(writer: Writer, mails: { id: string; mail: Mail }[]) {
  if (mails.length === 0) return;
  await writer.insert(outbox).values(mails.map(({ id, mail }) => ({ id, ...mail })));
}

const MAX_ATTEMPTS = 20;
const BATCH_SIZE = 20;
/**
 * How long a pass holds the mail it took. A server killed mid-send leaves its
 * mail for this long; the SMTP timeouts below keep a live send well inside it.
 */
export const LEASE_MS = 30_000;
/** 5 s, 10 s, 20 s … capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** (attempts - 1), 3_600_000);

export interface MailerOptions {
  db: Db;
  logger: Logger;
  smtpUrl?: string;
  from: string;
  pollMs?: number;
  /**
   * This process is the only one delivering (the embedded database admits one
   * process): mail leased by a run that was killed is released at start
   * instead of waiting out its lease.
   */
  soleWorker?: boolean;
  /**
   * Without SMTP, log each mail's text (its links: reset, messages) for development;
   * never in production, where logs are read by more people than the mail's recipient.
   */
  logMailText?: boolean;
  /** Headers and footer added at delivery (Message-ID, Reply-To, unsubscribe: mail-headers.ts). */
  decorate?: MailDecorator;
}

/**
 * Delivers the outbox over SMTP. Rows are leased (next_attempt_at pushed
 * ahead) before sending, so several servers never send one mail twice at once
 * and a crash mid-send only delays it. Without SMTP the mail is logged and
 * stays in the outbox.
 */
export class Mailer {
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  /** Mail was queued while a pass was running: run another pass straight after it. */
  private again = false;
  /** How many mails the last pass took: a full batch means more may be due. */
  private lastLeased = 0;
  private readonly sentHooks: SentHook[] = [];
  private leasesReleased = false;

  constructor(private readonly options: MailerOptions) {
    // A pool keeps a few SMTP connections open instead of one handshake per mail.
    if (options.smtpUrl) {
      this.transport = nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      });
    }
  }

  get enabled() {
    return Boolean(this.transport);
  }

  /** Queue a mail and wake the worker once the caller's transaction is done. */
  async send(mail: Mail, writer: Writer = this.options.db): Promise<string> {
    const id = await enqueueMail(writer, mail);
    this.announce(id, mail);
    return id;
  }

  /** Log a queued mail (the only delivery there is without SMTP) and wake the worker. */
  announce(id: string, mail: Mail) {
    if (!this.transport) {
      const text = this.options.logMailText === false ? undefined : mail.text;
      this.options.logger.info(
        { mailId: id, to: mail.to, subject: mail.subject, text },
        'mail queued; no SMTP_URL is set, so it stays in the outbox',
      );
    }
    this.kick();
  }

  /** Also run `hook` whenever a mail is accepted by the SMTP server. */
  onSent(hook: SentHook) {
    this.sentHooks.push(hook);
  }

  start() {
    if (!this.transport || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  kick() {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.again = false;
      this.running = this.deliverDue()
        .then(() => undefined)
        .catch((error) => this.options.logger.error({ err: error }, 'mail worker failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          // A full batch means more may be due; new mail should not wait for the next poll.
          const more = this.again || this.lastLeased >= BATCH_SIZE;
          this.schedule(more ? 0 : (this.options.pollMs ?? 5_000));
        });
    }, delay);
    this.timer.unref();
  }

  /** Makes mail leased by an earlier (killed) run of this process due now. */
  private async releaseLeases() {
    const now = new Date();
    const released = await this.options.db
      .update(outbox)
      .set({ nextAttemptAt: now })
      .where(
        and(
          eq(outbox.status, 'pending'),
          gt(outbox.nextAttemptAt, now),
          lte(outbox.nextAttemptAt, new Date(now.getTime() + LEASE_MS)),
        ),
      )
      .returning({ id: outbox.id });
    if (released.length > 0) {
      this.options.logger.info({ count: released.length }, 'released mail leased before a restart');
    }
  }

  /** One pass over the due mail; returns how many were delivered. */
  async deliverDue(): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    const { db, logger, from } = this.options;
    if (this.options.soleWorker && !this.leasesReleased) {
      this.leasesReleased = true;
      await this.releaseLeases();
    }
    const leased = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, new Date())))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS) })
        .where(sql`${outbox.id} in ${due.map((d) => d.id)}`)
        .returning();
    });
    this.lastLeased = leased.length;
    let delivered = 0;
    // The pool sends a few at once; each mail's outcome is recorded on its own.
    const deliverOne = async (mail: (typeof leased)[number]) => {
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          ...(mail.calendar
            ? {
                icalEvent: {
                  method: mail.calendar.method,
                  filename: 'invite.ics',
                  content: mail.calendar.content,
                },
              }
            : {}),
          ...this.options.decorate?.(mail),
        });
        const sentAt = new Date();
        await db.transaction(async (tx) => {
          await tx
            .update(outbox)
            .set({ status: 'sent', sentAt, attempts: mail.attempts + 1, lastError: null })
            .where(eq(outbox.id, mail.id));
          for (const hook of this.sentHooks) await hook(tx, mail.id, sentAt);
        });
        delivered++;
        logger.info({ mailId: mail.id, to: mail.to }, 'mail sent');
      } catch (error) {
        const attempts = mail.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await db
          .update(outbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
          })
          .where(eq(outbox.id, mail.id));
        logger.warn(
          { mailId: mail.id, attempts, err: message },
          'mail delivery failed; will retry',
        );
      }
    };
    await Promise.all(leased.map(deliverOne));
    return delivered;
  }
}
