// The bell: unread messages and assessment items, and the e-mail notifications' sent marks.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  MESSAGING_TEXTS,
  messagePreview,
  type NotificationItem,
  type Notifications,
} from '../../../domain/messaging';
import {
  assessment,
  assessmentNotification,
  conversation,
  conversationParticipant,
  emailNotification,
  user,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { write } from '../../lib/unit-of-work';
import type { SentHook } from '../../mail/outbox';
import { invitationBellItems, markInvitationRead } from '../invitations/invitations.service';
import type { MessagingDeps } from './messaging-deps';
import { unreadConversationCount } from './reading';

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
