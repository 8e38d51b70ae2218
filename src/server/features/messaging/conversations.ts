// Starting conversations (who may write to whom), the assessment's conversation, read marks.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Role } from '../../../domain/constants';
import {
  MESSAGING_TEXTS,
  mayStartConversation,
  type NewConversation,
  refusalText,
} from '../../../domain/messaging';
import { isRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import {
  assessment,
  conversation,
  conversationParticipant,
  message,
  profile,
  recruiterAssignment,
  user,
} from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { timestampId } from '../../lib/ids';
import { write } from '../../lib/unit-of-work';
import { consumeLimit } from '../../lib/usage-limit';
import {
  emailPreference,
  loadReadable,
  type ParticipantRow,
  publishConversation,
} from './conversation-rows';
import type { MessagingDeps } from './messaging-deps';
import { DEFAULT_MESSAGING_LIMITS } from './messaging-deps';
import { getConversation } from './reading';
import { AlreadySent, appendMessage, findByClientId } from './sending';

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
    await write(deps, async (w) => {
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
      w.queued(appended.mails);
      publishConversation(
        w,
        id,
        participants.map((p) => p.id),
      );
    });
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
