// Reading conversations and messages, a page at a time.
import { and, asc, count, desc, eq, gt, lt, or } from 'drizzle-orm';
import { MAX_TIMESTAMP_MS } from '../../../domain/inputs';
import { CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE } from '../../../domain/messaging';
import { conversation, conversationParticipant, message } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import {
  loadReadable,
  type ParticipantRow,
  participantsOf,
  toMessage,
  toSummary,
} from './conversation-rows';
import type { MessagingDeps } from './messaging-deps';

const MAX_PAGE = 100;

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
