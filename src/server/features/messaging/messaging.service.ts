import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/constants';
import { coded } from '../../../domain/error-codes';
import { MAX_TIMESTAMP_MS } from '../../../domain/inputs';
import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_START_LIMIT,
  type ConversationSummary,
  MESSAGE_PAGE_SIZE,
  MESSAGE_SEND_LIMIT,
  MESSAGING_TEXTS,
  type MessagableUser,
  type Message,
  mayStartConversation,
  messagePreview,
  type NewConversation,
  type NotificationItem,
  type Notifications,
  type Participant,
  refusalText,
  type SendMessage,
} from '../../../domain/messaging';
import { isRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import {
  assessment,
  assessmentNotification,
  conversation,
  conversationParticipant,
  emailNotification,
  message,
  profile,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { AppError, codedError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId, timestampId } from '../../lib/ids';
import { type Work, write } from '../../lib/unit-of-work';
import { consumeLimit, type Limit } from '../../lib/usage-limit';
import type { Mail, Mailer, SentHook } from '../../mail/outbox';
import type { EventBus } from '../../realtime/event-bus';
import { invitationBellItems, markInvitationRead } from '../invitations/invitations.service';
import { type StoredParticipant, sendMessageStatement } from './append';
import { messageMail } from './mails';

export interface MessagingLimits {
  messages: Limit;
  conversations: Limit;
}

export const DEFAULT_MESSAGING_LIMITS: MessagingLimits = {
  messages: MESSAGE_SEND_LIMIT,
  conversations: CONVERSATION_START_LIMIT,
};

export interface MessagingDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /** Per-user abuse limits; the spec's defaults when omitted. */
  limits?: MessagingLimits;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ConversationRow = typeof conversation.$inferSelect;
type MessageRow = typeof message.$inferSelect;

const MAX_PAGE = 100;

// --- participants ----------------------------------------------------------------

interface ParticipantRow extends Participant {
  conversationId: string;
  unread: boolean;
  lastReadSeq: number;
  /** Unless their profile turned e-mail notifications off. */
  wantsEmail: boolean;
}

/** Whether a user's profile allows e-mail notifications ('false' only when turned off). */
const emailPreference = sql<string | null>`${profile.details}->'notificationPreferences'->>'email'`;

/** What a participant row is read with: theirs, their account's and their profile's. */
const participantColumns = {
  conversationId: conversationParticipant.conversationId,
  id: conversationParticipant.userId,
  unread: conversationParticipant.unread,
  lastReadSeq: conversationParticipant.lastReadSeq,
  name: user.name,
  email: user.email,
  role: user.role,
  emailPreference,
};

/** Participant info derived at read time; a deleted account is 'Unknown User'. */
function toParticipantRow(r: StoredParticipant): ParticipantRow {
  return {
    conversationId: r.conversationId,
    id: r.id,
    unread: r.unread,
    lastReadSeq: r.lastReadSeq,
    displayName: r.name ?? MESSAGING_TEXTS.unknownUser,
    role: r.name === null ? 'unknown' : isRole(r.role) ? r.role : 'candidate',
    email: r.email ?? '',
    wantsEmail: r.emailPreference !== 'false',
  };
}

/** The participants of some conversations, in joining order. */
async function participantsOf(db: Db | Tx, conversationIds: string[]): Promise<ParticipantRow[]> {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select(participantColumns)
    .from(conversationParticipant)
    .leftJoin(user, eq(user.id, conversationParticipant.userId))
    .leftJoin(profile, eq(profile.userId, conversationParticipant.userId))
    .where(inArray(conversationParticipant.conversationId, conversationIds))
    .orderBy(asc(conversationParticipant.joinedAt), asc(conversationParticipant.userId));
  return rows.map(toParticipantRow);
}

const publicParticipant = ({ id, displayName, role, email }: ParticipantRow): Participant => ({
  id,
  displayName,
  role,
  email,
});

function toSummary(
  row: ConversationRow,
  participants: ParticipantRow[],
  viewerId: string,
): ConversationSummary {
  const own = participants.find((p) => p.id === viewerId);
  return {
    id: row.id,
    subject: row.subject,
    participants: participants.map(publicParticipant),
    createdAt: row.createdAt.toISOString(),
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt.toISOString(),
    lastSenderId: row.lastSenderId,
    unread: own?.unread ?? false,
    isParticipant: Boolean(own),
  };
}

function toMessage(row: MessageRow, participants: ParticipantRow[]): Message {
  return {
    id: row.id,
    clientId: row.clientId,
    conversationId: row.conversationId,
    seq: row.seq,
    content: row.content,
    senderId: row.senderId,
    senderName: row.senderName,
    fromEmail: row.fromEmail,
    createdAt: row.createdAt.toISOString(),
    readBy: participants.filter((p) => p.lastReadSeq >= row.seq).map((p) => p.id),
  };
}

/**
 * The conversation and its participants, if the actor may read it: its
 * participants, and admins. Anyone else learns nothing, not even that it exists.
 */
async function loadReadable(db: Db, actor: Actor, id: string) {
  const [row] = await db.select().from(conversation).where(eq(conversation.id, id));
  if (!row) throw notFound(MESSAGING_TEXTS.conversationNotFound);
  const participants = await participantsOf(db, [id]);
  const isParticipant = participants.some((p) => p.id === actor.id);
  if (!isParticipant && actor.role !== 'admin')
    throw notFound(MESSAGING_TEXTS.conversationNotFound);
  return { row, participants, isParticipant };
}

/** Tell every participant's open tabs that the conversation changed (a send: no transaction). */
async function announce(deps: MessagingDeps, conversationId: string, userIds: string[]) {
  await deps.bus.publish({
    audience: { userIds },
    event: { type: 'conversation.changed', conversationId },
  });
}

/** The same, once the write commits. */
function publishConversation(w: Work, conversationId: string, userIds: string[]) {
  w.publish({ userIds }, { type: 'conversation.changed', conversationId });
}

/**
 * Wakes the mail worker for the mail send_message queued itself (in SQL, so not through
 * w.mail): call it once the statement has committed.
 */
function wakeMailer(deps: MessagingDeps, mails: { id: string; mail: Mail }[]) {
  for (const { id, mail } of mails) deps.mailer.announce(id, mail);
}

// --- reading --------------------------------------------------------------------------

/** Inbox cursor: the last item's time (ms) and id. */
const encodeCursor = (at: Date, id: string) => `${at.getTime()}_${id}`;
function decodeCursor(cursor: string): { at: Date; id: string } {
  const match = /^(\d{1,15})_([A-Za-z0-9_-]{1,100})$/.exec(cursor);
  if (!match || Number(match[1]) > MAX_TIMESTAMP_MS) {
    throw new AppError(400, 'The cursor is not valid');
  }
  return { at: new Date(Number(match[1])), id: match[2]! };
}

/** The user's own conversations, newest activity first, a page at a time. */
export async function listConversations(
  { db }: MessagingDeps,
  actor: Actor,
  options: { cursor?: string; limit?: number } = {},
) {
  const limit = Math.min(Math.max(options.limit ?? CONVERSATION_PAGE_SIZE, 1), MAX_PAGE);
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const p = conversationParticipant;
  const rows = await db
    .select({ conversation })
    .from(p)
    .innerJoin(conversation, eq(conversation.id, p.conversationId))
    .where(
      and(
        eq(p.userId, actor.id),
        after
          ? or(
              lt(p.lastMessageAt, after.at),
              and(eq(p.lastMessageAt, after.at), lt(p.conversationId, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(p.lastMessageAt), desc(p.conversationId))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((r) => r.conversation);
  const participants = await participantsOf(
    db,
    page.map((c) => c.id),
  );
  const byConversation = new Map<string, ParticipantRow[]>();
  for (const p of participants) {
    const list = byConversation.get(p.conversationId);
    if (list) list.push(p);
    else byConversation.set(p.conversationId, [p]);
  }
  const last = page.at(-1);
  return {
    items: page.map((c) => toSummary(c, byConversation.get(c.id) ?? [], actor.id)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.lastMessageAt, last.id) : null,
  };
}

/** Spec: the number of conversations that are unread for the user. */
export async function unreadConversationCount({ db }: MessagingDeps, actor: Actor) {
  const [row] = await db
    .select({ n: count() })
    .from(conversationParticipant)
    .where(
      and(eq(conversationParticipant.userId, actor.id), eq(conversationParticipant.unread, true)),
    );
  return { count: row?.n ?? 0 };
}

export async function getConversation({ db }: MessagingDeps, actor: Actor, id: string) {
  const { row, participants } = await loadReadable(db, actor, id);
  return toSummary(row, participants, actor.id);
}

/**
 * A page of messages, oldest first: the newest page, the one before `before`
 * or the one after `after` (seq). One index range scan whatever the length.
 */
export async function listMessages(
  { db }: MessagingDeps,
  actor: Actor,
  id: string,
  options: { before?: number; after?: number; limit?: number } = {},
) {
  const { participants } = await loadReadable(db, actor, id);
  const limit = Math.min(Math.max(options.limit ?? MESSAGE_PAGE_SIZE, 1), MAX_PAGE);
  const forward = options.after !== undefined;
  const rows = await db
    .select()
    .from(message)
    .where(
      and(
        eq(message.conversationId, id),
        options.before !== undefined ? lt(message.seq, options.before) : undefined,
        forward ? gt(message.seq, options.after!) : undefined,
      ),
    )
    .orderBy(forward ? asc(message.seq) : desc(message.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  if (!forward) page.reverse();
  return { items: page.map((r) => toMessage(r, participants)), hasMore: rows.length > limit };
}

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
class AlreadySent extends Error {}

/**
 * Sends a message (see sendMessageStatement: one call, atomic on its own or
 * inside the caller's transaction), the mail rendered here for the statement
 * to address to every recipient who wants e-mail. Throws 404/403 when there
 * is no such conversation or the sender is not in it, AlreadySent when the
 * client id was used before, and the limit's 429 when the sender's send limit
 * is spent.
 */
async function appendMessage(
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

/** After the commit: wake the mail worker and tell every participant's open tabs. */
async function afterSend(
  deps: MessagingDeps,
  conversationId: string,
  participants: Participant[],
  mails: { id: string; mail: Mail }[],
) {
  wakeMailer(deps, mails);
  await announce(
    deps,
    conversationId,
    participants.map((p) => p.id),
  );
}

/** A retried send: the message this sender already stored under this client id. */
async function findByClientId(db: Db, senderId: string, clientId: string) {
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
    // No transaction: the send is one statement.
    const sent = await appendMessage(db, deps, {
      conversationId: id,
      sender: actor,
      content,
      clientId,
      limit: { key: `message:${actor.id}`, limit: messages },
    });
    await afterSend(deps, id, sent.participants, sent.mails);
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
    const sent = await appendMessage(deps.db, deps, {
      conversationId,
      sender,
      content,
      clientId,
      limit: { key: `message:${sender.id}`, limit: messages },
      fromEmail: true,
    });
    await afterSend(deps, conversationId, sent.participants, sent.mails);
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
async function allowedRecipients(db: Db, actor: Actor, recipientIds: string[]) {
  const rows = await db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      emailPreference,
      assigned: sql<boolean>`exists (select 1 from ${recruiterAssignment} where ${recruiterAssignment.candidateId} = ${actor.id} and ${recruiterAssignment.recruiterId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(inArray(user.id, recipientIds));
  const byId = new Map(rows.map((u) => [u.id, u]));
  return recipientIds.map((recipientId): ParticipantRow => {
    const found = byId.get(recipientId);
    const role: Role | 'unknown' = found && isRole(found.role) ? found.role : 'unknown';
    // A candidate learns nothing about ids that are not their recruiters'.
    if (!found && actor.role !== 'candidate') {
      throw new AppError(400, MESSAGING_TEXTS.userNotFound, [
        { path: ['recipientIds'], message: MESSAGING_TEXTS.userNotFound },
      ]);
    }
    if (!found || !mayStartConversation(actor.role, { role, assignedToSender: found.assigned })) {
      throw forbidden(refusalText(actor.role));
    }
    return {
      conversationId: '',
      id: found.id,
      displayName: found.name,
      role,
      email: found.email,
      unread: true,
      lastReadSeq: 0,
      wantsEmail: found.emailPreference !== 'false',
    };
  });
}

export async function createConversation(
  deps: MessagingDeps,
  actor: Actor,
  input: NewConversation,
) {
  const { subject, message: content, clientId, assessmentId } = input;
  if (assessmentId) await assertAssessmentVisible(deps.db, actor, assessmentId);
  const recipientIds = [...new Set(input.recipientIds)].filter((r) => r !== actor.id);
  if (recipientIds.length === 0) {
    throw new AppError(400, MESSAGING_TEXTS.selectRecipient, [
      { path: ['recipientIds'], message: MESSAGING_TEXTS.selectRecipient },
    ]);
  }
  const { db } = deps;
  const retried = async () => {
    const existing = clientId ? await findByClientId(db, actor.id, clientId) : undefined;
    return existing
      ? {
          created: false,
          conversation: await getConversation(deps, actor, existing.conversationId),
        }
      : null;
  };
  const earlier = await retried();
  if (earlier) return earlier;

  const participants: ParticipantRow[] = [
    {
      conversationId: '',
      id: actor.id,
      displayName: actor.name,
      role: actor.role,
      email: actor.email,
      unread: false,
      lastReadSeq: 0,
      wantsEmail: false,
    },
    ...(await allowedRecipients(db, actor, recipientIds)),
  ];
  const { conversations } = deps.limits ?? DEFAULT_MESSAGING_LIMITS;
  await consumeLimit(db, `conversation:${actor.id}`, conversations, 'wait-conversations');
  const id = timestampId('conversation');
  try {
    const sent = await write(deps, async (w) => {
      const { tx } = w;
      const now = new Date();
      await tx.insert(conversation).values({
        id,
        subject,
        createdBy: actor.id,
        createdAt: now,
        lastMessageAt: now,
        assessmentId: assessmentId ?? null,
      });
      await tx.insert(conversationParticipant).values(
        participants.map((p, index) => ({
          conversationId: id,
          userId: p.id,
          lastMessageAt: now,
          // Keeps the creator first when participants are listed in joining order.
          joinedAt: new Date(now.getTime() + index),
        })),
      );
      const appended = await appendMessage(tx, deps, {
        conversationId: id,
        sender: actor,
        content,
        clientId: clientId ?? null,
      });
      publishConversation(
        w,
        id,
        participants.map((p) => p.id),
      );
      return appended;
    });
    wakeMailer(deps, sent.mails);
  } catch (error) {
    // The same conversation created twice at once: the first try made it.
    const again = error instanceof AlreadySent ? await retried() : null;
    if (again) return again;
    throw error;
  }
  return { created: true, conversation: await getConversation(deps, actor, id) };
}

/** A conversation may be linked only to an assessment its creator may see. */
async function assertAssessmentVisible(db: Db, actor: Actor, assessmentId: string) {
  const [row] = await db
    .select({ candidateId: assessment.candidateId, recruiterId: assessment.recruiterId })
    .from(assessment)
    .where(eq(assessment.id, assessmentId));
  const visible =
    row &&
    (actor.role === 'admin' ||
      (actor.role === 'candidate' && row.candidateId === actor.id) ||
      (actor.role === 'recruiter' && row.recruiterId === actor.id));
  if (!visible) {
    throw new AppError(400, 'Assessment not found', [
      { path: ['assessmentId'], message: 'Assessment not found' },
    ]);
  }
}

/**
 * The conversation started about an assessment that the actor takes part in (the newest),
 * so Message Recruiter / Message Candidate reopen it instead of starting another.
 */
export async function conversationForAssessment(
  { db }: MessagingDeps,
  actor: Actor,
  assessmentId: string,
) {
  const p = conversationParticipant;
  const [row] = await db
    .select({ id: conversation.id })
    .from(conversation)
    .innerJoin(p, and(eq(p.conversationId, conversation.id), eq(p.userId, actor.id)))
    .where(eq(conversation.assessmentId, assessmentId))
    .orderBy(desc(conversation.lastMessageAt))
    .limit(1);
  return { conversationId: row?.id ?? null };
}

/** Opening a conversation marks it read for the viewer (admins reading others' change nothing). */
export async function markRead(deps: MessagingDeps, actor: Actor, id: string) {
  const { isParticipant } = await loadReadable(deps.db, actor, id);
  if (!isParticipant) return;
  const p = conversationParticipant;
  await write(deps, async (w) => {
    const changed = await w.tx
      .update(p)
      .set({
        unread: false,
        lastReadSeq: sql`coalesce((select max(${message.seq}) from ${message} where ${message.conversationId} = ${id}), 0)`,
      })
      .where(
        and(
          eq(p.conversationId, id),
          eq(p.userId, actor.id),
          or(
            eq(p.unread, true),
            sql`${p.lastReadSeq} < coalesce((select max(${message.seq}) from ${message} where ${message.conversationId} = ${id}), 0)`,
          ),
        ),
      )
      .returning({ userId: p.userId });
    // The reader's other tabs update their badges.
    if (changed.length > 0) publishConversation(w, id, [actor.id]);
  });
}

// --- the bell and e-mail -----------------------------------------------------------

const BELL_ITEMS = 10;

/** Unread conversations, and for candidates the assessment invitations not yet opened. */
export async function notifications(deps: MessagingDeps, actor: Actor): Promise<Notifications> {
  const { db } = deps;
  const p = conversationParticipant;
  const [{ count: unreadConversations }, unreadRows] = await Promise.all([
    unreadConversationCount(deps, actor),
    db
      .select({
        id: conversation.id,
        subject: conversation.subject,
        lastMessage: conversation.lastMessage,
        lastMessageAt: conversation.lastMessageAt,
        from: user.name,
      })
      .from(p)
      .innerJoin(conversation, eq(conversation.id, p.conversationId))
      .leftJoin(user, eq(user.id, conversation.lastSenderId))
      .where(and(eq(p.userId, actor.id), eq(p.unread, true)))
      .orderBy(desc(p.lastMessageAt))
      .limit(BELL_ITEMS),
  ]);
  const items: NotificationItem[] = unreadRows.map((r) => ({
    kind: 'message',
    conversationId: r.id,
    subject: r.subject,
    from: r.from ?? MESSAGING_TEXTS.unknownUser,
    preview: messagePreview(r.lastMessage),
    at: r.lastMessageAt.toISOString(),
  }));

  let invitations = 0;
  if (actor.role === 'candidate') {
    const unopened = and(eq(assessment.candidateId, actor.id), isNull(assessment.startedAt));
    const [[total], rows] = await Promise.all([
      db.select({ n: count() }).from(assessment).where(unopened),
      db
        .select({
          id: assessment.id,
          title: assessment.title,
          recruiterName: assessment.recruiterName,
          companyName: assessment.companyName,
          createdAt: assessment.createdAt,
        })
        .from(assessment)
        .where(unopened)
        .orderBy(desc(assessment.createdAt))
        .limit(BELL_ITEMS),
    ]);
    invitations = total?.n ?? 0;
    for (const r of rows) {
      items.push({
        kind: 'invitation',
        assessmentId: r.id,
        title: r.title,
        from: r.companyName ? `${r.recruiterName} (${r.companyName})` : r.recruiterName,
        at: r.createdAt.toISOString(),
      });
    }
  }
  const news = and(
    eq(assessmentNotification.userId, actor.id),
    isNull(assessmentNotification.readAt),
  );
  const [[newsTotal], newsRows] = await Promise.all([
    db.select({ n: count() }).from(assessmentNotification).where(news),
    db
      .select()
      .from(assessmentNotification)
      .where(news)
      .orderBy(desc(assessmentNotification.createdAt))
      .limit(BELL_ITEMS),
  ]);
  for (const r of newsRows) {
    items.push({
      kind: 'assessment',
      id: r.id,
      event: r.event,
      assessmentId: r.assessmentId,
      title: r.title,
      from: r.fromName,
      at: r.createdAt.toISOString(),
    });
  }
  const unreadAssessmentNews = newsTotal?.n ?? 0;
  const jobInvitations = await invitationBellItems(db, actor);
  items.push(...jobInvitations.items);
  items.sort((a, b) => b.at.localeCompare(a.at));
  return {
    count: unreadConversations + invitations + unreadAssessmentNews + jobInvitations.count,
    unreadConversations,
    unopenedInvitations: invitations,
    unreadAssessmentNews,
    unreadJobInvitations: jobInvitations.count,
    items: items.slice(0, BELL_ITEMS),
  };
}

/** Opening a bell item about an assessment or a job invitation marks it read (the user's own only). */
export async function markNotificationRead(deps: MessagingDeps, actor: Actor, id: string) {
  await write(deps, async (w) => {
    if (await markInvitationRead(w, actor, id)) return;
    const [row] = await w.tx
      .update(assessmentNotification)
      .set({ readAt: sql`coalesce(${assessmentNotification.readAt}, now())` })
      .where(and(eq(assessmentNotification.id, id), eq(assessmentNotification.userId, actor.id)))
      .returning({ assessmentId: assessmentNotification.assessmentId });
    if (!row) throw notFound('Notification not found');
    w.publish(
      { userIds: [actor.id] },
      { type: 'assessment.changed', assessmentId: row.assessmentId },
    );
  });
}

/** The notification record follows its mail: sent once the SMTP server accepted it. */
export const markNotificationSent: SentHook = async (tx, mailId, sentAt) => {
  await tx
    .update(emailNotification)
    .set({ sent: true, sentAt })
    .where(eq(emailNotification.mailId, mailId));
};
