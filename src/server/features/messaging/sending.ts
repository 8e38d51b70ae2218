// Sending messages: from the browser, by e-mail, each with its mails and live event.
import { and, asc, eq, ne } from 'drizzle-orm';
import { coded } from '../../../domain/error-codes';
import {
  MESSAGING_TEXTS,
  type MessagableUser,
  type Message,
  messagePreview,
  type SendMessage,
} from '../../../domain/messaging';
import { isRole } from '../../../domain/roles';
import type { Db, Tx } from '../../db/client';
import { message, recruiterAssignment, user } from '../../db/schema';
import { AppError, codedError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { writeStatement } from '../../lib/unit-of-work';
import type { Limit } from '../../lib/usage-limit';
import { sendMessageStatement } from './append';
import {
  participantsOf,
  publishConversation,
  toMessage,
  toParticipantRow,
} from './conversation-rows';
import { messageMail } from './mails';
import type { MessagingDeps } from './messaging-deps';
import { DEFAULT_MESSAGING_LIMITS } from './messaging-deps';

// --- writing ---------------------------------------------------------------------------

/** The people the actor may start a conversation with (spec section 7). */
export async function listRecipients(
  { db }: MessagingDeps,
  actor: Actor,
): Promise<MessagableUser[]> {
  const columns = { id: user.id, displayName: user.name, email: user.email, role: user.role };
  const rows =
    actor.role === 'candidate'
      ? await db
          .select(columns)
          .from(recruiterAssignment)
          .innerJoin(user, eq(user.id, recruiterAssignment.recruiterId))
          .where(and(eq(recruiterAssignment.candidateId, actor.id), eq(user.role, 'recruiter')))
          .orderBy(asc(user.name))
      : await db
          .select(columns)
          .from(user)
          .where(
            actor.role === 'recruiter'
              ? and(eq(user.role, 'candidate'), ne(user.id, actor.id))
              : ne(user.id, actor.id),
          )
          .orderBy(asc(user.name))
          .limit(2000);
  return rows.map((r) => ({ ...r, role: isRole(r.role) ? r.role : 'candidate' }));
}

/** Thrown inside the transaction when the client id was already used: nothing is written. */
export class AlreadySent extends Error {}

/**
 * Sends a message (see sendMessageStatement: one call, atomic on its own or
 * inside the caller's transaction), the mail rendered here for the statement
 * to address to every recipient who wants e-mail. Throws 404/403 when there
 * is no such conversation or the sender is not in it, AlreadySent when the
 * client id was used before, and the limit's 429 when the sender's send limit
 * is spent.
 */
export async function appendMessage(
  db: Db | Tx,
  deps: MessagingDeps,
  input: {
    conversationId: string;
    sender: Actor;
    content: string;
    clientId: string | null;
    limit?: { key: string; limit: Limit };
    fromEmail?: boolean;
  },
) {
  const { conversationId, sender, content } = input;
  const preview = messagePreview(content);
  const url = `${deps.appUrl}/messages/conversation/${conversationId}`;
  const result = await sendMessageStatement(db, {
    messageId: newId(),
    conversationId,
    sender,
    content,
    clientId: input.clientId,
    preview,
    now: new Date(),
    mail: (marks, language) =>
      messageMail({
        to: '',
        language,
        recipientName: marks.recipientName,
        senderName: sender.name,
        subject: marks.subject,
        preview,
        truncated: preview.length < content.length,
        url,
      }),
    limit: input.limit,
    fromEmail: input.fromEmail,
  });
  switch (result.status) {
    case 'not_found':
      throw notFound(MESSAGING_TEXTS.conversationNotFound);
    case 'forbidden':
      throw forbidden(MESSAGING_TEXTS.notParticipant);
    case 'over_limit':
      throw codedError(429, coded('wait-messages', { seconds: result.retryAfterSeconds }), {
        retryAfterSeconds: result.retryAfterSeconds,
      });
    case 'duplicate':
      throw new AlreadySent();
  }
  const { row, mails } = result;
  const participants = result.participants.map(toParticipantRow);
  const readBy = participants.map((p) => ({
    ...p,
    lastReadSeq: p.id === sender.id ? row.seq : p.lastReadSeq,
  }));
  return { message: toMessage(row, readBy), participants, mails };
}

/**
 * A send from the browser or by e-mail: one statement, no transaction around it (see
 * writeStatement); then the mail worker is woken for the mail it queued and the
 * participants' open tabs are told.
 */
function sendOne(deps: MessagingDeps, input: Parameters<typeof appendMessage>[2]) {
  return writeStatement(deps, async (w) => {
    const sent = await appendMessage(w.db, deps, input);
    w.queued(sent.mails);
    publishConversation(
      w,
      input.conversationId,
      sent.participants.map((p) => p.id),
    );
    return sent;
  });
}

/** A retried send: the message this sender already stored under this client id. */
export async function findByClientId(db: Db, senderId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(message)
    .where(and(eq(message.senderId, senderId), eq(message.clientId, clientId)));
  return row;
}

export async function sendMessage(
  deps: MessagingDeps,
  actor: Actor,
  id: string,
  input: SendMessage,
) {
  const { db } = deps;
  const { content, clientId } = input;
  const { messages } = deps.limits ?? DEFAULT_MESSAGING_LIMITS;

  try {
    const sent = await sendOne(deps, {
      conversationId: id,
      sender: actor,
      content,
      clientId,
      limit: { key: `message:${actor.id}`, limit: messages },
    });
    return { created: true, message: sent.message };
  } catch (error) {
    const refused = error instanceof AppError && error.status === 429;
    if (!(error instanceof AlreadySent) && !refused) throw error;
    // A retry of a send that was stored (before the limit was reached, too): answer with
    // the stored message, change nothing.
    const existing = await findByClientId(db, actor.id, clientId);
    if (!existing) {
      if (refused) throw error;
      throw notFound(MESSAGING_TEXTS.conversationNotFound); // deleted meanwhile
    }
    if (existing.conversationId !== id) {
      if (refused) throw error;
      throw new AppError(409, 'This message id was already used in another conversation');
    }
    return { created: false, message: toMessage(existing, await participantsOf(db, [id])) };
  }
}

/**
 * A reply that arrived by e-mail (features/mail-replies): the same one-call append as a
 * browser send, marked fromEmail, under the sender's send limit, then the same live event
 * and mails to the other participants. The client id is made from the mail's Message-ID,
 * so an MTA that delivers the same mail twice stores it once ('duplicate'). Throws the
 * send's 404/403/429 AppErrors.
 */
export async function sendMessageFromEmail(
  deps: MessagingDeps,
  sender: Actor,
  conversationId: string,
  content: string,
  clientId: string,
): Promise<{ status: 'stored'; message: Message } | { status: 'duplicate' }> {
  const { messages } = deps.limits ?? DEFAULT_MESSAGING_LIMITS;
  try {
    const sent = await sendOne(deps, {
      conversationId,
      sender,
      content,
      clientId,
      limit: { key: `message:${sender.id}`, limit: messages },
      fromEmail: true,
    });
    return { status: 'stored', message: sent.message };
  } catch (error) {
    if (error instanceof AlreadySent) return { status: 'duplicate' };
    // The limit is counted before the duplicate check: a retried mail that was stored is
    // not refused with "try later" for ever.
    if (error instanceof AppError && error.status === 429) {
      const existing = await findByClientId(deps.db, sender.id, clientId);
      if (existing) return { status: 'duplicate' };
    }
    throw error;
  }
}

/** Checks each recipient against the rules; answers with their participant info. */
