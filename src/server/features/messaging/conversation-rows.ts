// Conversations and messages as they are sent: participants, summaries, and their events.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type ConversationSummary,
  MESSAGING_TEXTS,
  type Message,
  type Participant,
} from '../../../domain/messaging';
import { isRole } from '../../../domain/roles';
import type { Db, Tx } from '../../db/client';
import {
  conversation,
  conversationParticipant,
  type message,
  profile,
  user,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import type { Work } from '../../lib/unit-of-work';
import type { StoredParticipant } from './append';

type ConversationRow = typeof conversation.$inferSelect;
type MessageRow = typeof message.$inferSelect;

// --- participants ----------------------------------------------------------------

export interface ParticipantRow extends Participant {
  conversationId: string;
  unread: boolean;
  lastReadSeq: number;
  /** Unless their profile turned e-mail notifications off. */
  wantsEmail: boolean;
}

/** Whether a user's profile allows e-mail notifications ('false' only when turned off). */
export const emailPreference = sql<
  string | null
>`${profile.details}->'notificationPreferences'->>'email'`;

/** What a participant row is read with: theirs, their account's and their profile's. */
export const participantColumns = {
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
export function toParticipantRow(r: StoredParticipant): ParticipantRow {
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
export async function participantsOf(
  db: Db | Tx,
  conversationIds: string[],
): Promise<ParticipantRow[]> {
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

export const publicParticipant = ({
  id,
  displayName,
  role,
  email,
}: ParticipantRow): Participant => ({
  id,
  displayName,
  role,
  email,
});

export function toSummary(
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

export function toMessage(row: MessageRow, participants: ParticipantRow[]): Message {
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
export async function loadReadable(db: Db, actor: Actor, id: string) {
  const [row] = await db.select().from(conversation).where(eq(conversation.id, id));
  if (!row) throw notFound(MESSAGING_TEXTS.conversationNotFound);
  const participants = await participantsOf(db, [id]);
  const isParticipant = participants.some((p) => p.id === actor.id);
  if (!isParticipant && actor.role !== 'admin')
    throw notFound(MESSAGING_TEXTS.conversationNotFound);
  return { row, participants, isParticipant };
}

/** Tells every participant's open tabs that the conversation changed, once the write is in. */
export function publishConversation(
  w: Pick<Work, 'publish'>,
  conversationId: string,
  userIds: string[],
) {
  w.publish({ userIds }, { type: 'conversation.changed', conversationId });
}
