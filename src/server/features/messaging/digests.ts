import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { languageFor } from '../../../domain/languages';
import { MESSAGE_DIGEST_WINDOW_SECONDS } from '../../../domain/messaging';
import {
  conversation,
  emailNotification,
  message,
  notificationDigest,
  profile,
  user,
} from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { type Work, type WriteDeps, write } from '../../lib/unit-of-work';
import { adminDefaultLanguage } from '../../mail/recipient-language';
import { digestMail } from './mails';

const _WINDOW_MS = MESSAGE_DIGEST_WINDOW_SECONDS * 1000;
const _window = sql`make_interval(secs => ${MESSAGE_DIGEST_WINDOW_SECONDS})`;

export interface DigestDeps extends WriteDeps {
  appUrl: string;
}

const BATCH = 20;

/**
 * Makes the digests that are due: one mail per conversation and recipient
 * folding every waiting message, into the outbox, with the records linked to
 * it (they are marked sent when it is accepted). Rows are taken with SKIP
 * LOCKED, so several servers share the work. Returns how many mails it made.
 */
export async function flushDigests(deps: DigestDeps, now = new Date()): Promise<number> {
  let made = 0;
  for (;;) {
    const { mailed, taken } = await write(deps, (w) => flushBatch(w, deps.appUrl, now));
    made += mailed;
    if (taken < BATCH) return made;
  }
}

async function flushBatch(w: Work, appUrl: string, now: Date) {
  const { tx } = w;
  const d = notificationDigest;
  const due = await tx
    .select({ conversationId: d.conversationId, recipientId: d.recipientId })
    .from(d)
    .where(lte(d.dueAt, now))
    .orderBy(asc(d.dueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  let mailed = 0;
  for (const { conversationId, recipientId } of due) {
    const waiting = and(
      eq(emailNotification.conversationId, conversationId),
      eq(emailNotification.recipientId, recipientId),
      eq(emailNotification.digestPending, true),
    );
    const pending = await tx
      .select({
        id: emailNotification.id,
        preview: emailNotification.messagePreview,
        recipientEmail: emailNotification.recipientEmail,
        senderName: message.senderName,
        length: sql<number>`char_length(${message.content})`,
        subject: conversation.subject,
      })
      .from(emailNotification)
      .innerJoin(message, eq(message.id, emailNotification.messageId))
      .innerJoin(conversation, eq(conversation.id, emailNotification.conversationId))
      .where(waiting)
      .orderBy(asc(message.seq));
    const [recipient] = await tx
      .select({
        name: user.name,
        email: user.email,
        language: user.language,
        emailPreference: sql<
          string | null
        >`${profile.details}->'notificationPreferences'->>'email'`,
      })
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, recipientId));
    const first = pending[0];
    // Someone who turned e-mail off (or left) meanwhile keeps the records, without a mail.
    if (first && recipient && recipient.emailPreference !== 'false') {
      const mailId = await w.mail({
        ...digestMail({
          to: recipient.email,
          language: languageFor(recipient.language, await adminDefaultLanguage(tx)),
          recipientName: recipient.name,
          subject: first.subject,
          messages: pending.map((p) => ({
            senderName: p.senderName,
            preview: p.preview,
            truncated: Array.from(p.preview).length < Number(p.length),
          })),
          url: `${appUrl}/messages/conversation/${conversationId}`,
        }),
        // Its Reply-To and unsubscribe link (mail/mail-headers.ts).
        conversationId,
        recipientId,
      });
      mailed += 1;
      await tx.update(emailNotification).set({ mailId, digestPending: false }).where(waiting);
      await tx
        .update(d)
        .set({ lastMailedAt: now, dueAt: null })
        .where(and(eq(d.conversationId, conversationId), eq(d.recipientId, recipientId)));
    } else {
      await tx.update(emailNotification).set({ digestPending: false }).where(waiting);
      await tx
        .update(d)
        .set({ dueAt: null })
        .where(and(eq(d.conversationId, conversationId), eq(d.recipientId, recipientId)));
    }
  }
  return { mailed, taken: due.length };
}

/** Runs flushDigests every few seconds in a server process. */
export class DigestWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly deps: DigestDeps & { logger: Logger },
    private readonly everyMs = 15_000,
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = flushDigests(this.deps)
        .catch((error) => this.deps.logger.error({ err: error }, 'message digests failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.everyMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
