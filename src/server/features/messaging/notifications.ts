// The bell: unread messages and assessment items, and the e-mail notifications' sent marks.
import { and, eq, sql } from 'drizzle-orm';
import {
  MESSAGING_TEXTS,
  messagePreview,
  type NotificationItem,
  type Notifications,
} from '../../../domain/messaging';
import { rawQuery } from '../../db/client';
import { assessmentNotification, emailNotification } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { write } from '../../lib/unit-of-work';
import type { SentHook } from '../../mail/outbox';
import {
  INVITATION_BELL_SQL,
  type InvitationBellRow,
  invitationBellItem,
  markInvitationRead,
} from '../invitations/invitations.service';
import type { MessagingDeps } from './messaging-deps';

// --- the bell and e-mail -----------------------------------------------------------

const BELL_ITEMS = 10;

/** Timestamps as the query builder would send them: ISO, UTC, milliseconds. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The whole bell in one statement (it is asked for on every page load): four counts and
 * four lists of the newest few, each list as JSON. $1 the user, $2 whether a candidate
 * (only they have invitations), $3 how many items per list.
 */
const BELL_SQL = `select
  (select count(*)::int from conversation_participant where user_id = $1 and unread) as "unreadConversations",
  (select coalesce(json_agg(m), '[]') from (
    select c.id, c.subject, c.last_message as "lastMessage", ${iso('c.last_message_at')} as at,
      u.name as "from"
    from conversation_participant p
    join conversation c on c.id = p.conversation_id
    left join "user" u on u.id = c.last_sender_id
    where p.user_id = $1 and p.unread
    order by p.last_message_at desc
    limit $3) m) as messages,
  case when $2 then (select count(*)::int from assessment
    where candidate_id = $1 and started_at is null) else 0 end as invitations,
  case when $2 then (select coalesce(json_agg(a), '[]') from (
    select id, title, recruiter_name as "recruiterName", company_name as "companyName",
      ${iso('created_at')} as at
    from assessment
    where candidate_id = $1 and started_at is null
    order by created_at desc
    limit $3) a) else '[]' end as "invitationRows",
  (select count(*)::int from assessment_notification
    where user_id = $1 and read_at is null) as news,
  (select coalesce(json_agg(n), '[]') from (
    select id, event, assessment_id as "assessmentId", title, from_name as "fromName",
      ${iso('created_at')} as at
    from assessment_notification
    where user_id = $1 and read_at is null
    order by created_at desc
    limit $3) n) as "newsRows",
  case when $2 then (${INVITATION_BELL_SQL.count('$1')}) else 0 end as "jobInvitations",
  case when $2 then (select coalesce(json_agg(j), '[]') from (${INVITATION_BELL_SQL.items('$1', '$3')}) j)
    else '[]' end as "jobInvitationRows"`;

interface BellRow {
  unreadConversations: number;
  messages: { id: string; subject: string; lastMessage: string; at: string; from: string | null }[];
  invitations: number;
  invitationRows: {
    id: string;
    title: string;
    recruiterName: string;
    companyName: string;
    at: string;
  }[];
  news: number;
  newsRows: {
    id: string;
    event: 'submitted' | 'scored' | 'due-date';
    assessmentId: string;
    title: string;
    fromName: string;
    at: string;
  }[];
  jobInvitations: number;
  jobInvitationRows: InvitationBellRow[];
}

/** Unread conversations, and for candidates the assessment invitations not yet opened. */
export async function notifications(deps: MessagingDeps, actor: Actor): Promise<Notifications> {
  const [row] = await rawQuery(deps.db)<BellRow>(BELL_SQL, [
    actor.id,
    actor.role === 'candidate',
    BELL_ITEMS,
  ]);
  if (!row) throw new Error('the bell answered no row');
  const items: NotificationItem[] = [
    ...row.messages.map((r) => ({
      kind: 'message' as const,
      conversationId: r.id,
      subject: r.subject,
      from: r.from ?? MESSAGING_TEXTS.unknownUser,
      preview: messagePreview(r.lastMessage),
      at: r.at,
    })),
    ...row.invitationRows.map((r) => ({
      kind: 'invitation' as const,
      assessmentId: r.id,
      title: r.title,
      from: r.companyName ? `${r.recruiterName} (${r.companyName})` : r.recruiterName,
      at: r.at,
    })),
    ...row.newsRows.map((r) => ({
      kind: 'assessment' as const,
      id: r.id,
      event: r.event,
      assessmentId: r.assessmentId,
      title: r.title,
      from: r.fromName,
      at: r.at,
    })),
    ...row.jobInvitationRows.map(invitationBellItem),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  return {
    count: row.unreadConversations + row.invitations + row.news + row.jobInvitations,
    unreadConversations: row.unreadConversations,
    unopenedInvitations: row.invitations,
    unreadAssessmentNews: row.news,
    unreadJobInvitations: row.jobInvitations,
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
