import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { RsvpResponse } from '../../../domain/interviews';
import {
  interview,
  interviewInterviewer,
  interviewResponse,
  job,
  jobApplication,
  user,
} from '../../db/schema';
import type { MailTokens } from '../../mail/mail-tokens';
import { announceMails, type InterviewDeps, queueDeclinedMail } from './interviews.service';
import { interviewUid } from './mails';

/**
 * Calendar replies (RSVP, issue 22): the invitations' ORGANIZER is `rsvp+<token>@REPLY_DOMAIN`
 * (the token signs the interview id), so the METHOD:REPLY a calendar app mails when its user
 * accepts, declines or answers "maybe" reaches the inbound SMTP server, which hands it here.
 */
export interface RsvpAddresses {
  tokens: MailTokens;
  /** REPLY_DOMAIN: where inbound SMTP takes mail. */
  domain: string;
}

export const rsvpAddress = (rsvp: RsvpAddresses, interviewId: string) =>
  `rsvp+${rsvp.tokens.rsvpToken(interviewId)}@${rsvp.domain}`;

export const RSVP_TEXTS = {
  notCalendarReply:
    'This address takes calendar replies (METHOD:REPLY) only; write to the recruiter through the platform',
  unknownEvent: 'This calendar reply is not about this interview',
  noInterview: 'This interview no longer exists',
  wrongSender:
    'The calendar reply must come from the address of the participant it answers for; it was not recorded',
  recorded: 'Calendar reply recorded',
  outdated:
    'Accepted; the reply answers an invitation since changed or cancelled, so it was not recorded',
  noAnswer: 'Accepted; the reply gives no answer (accepted, declined or tentative)',
} as const;

export type RsvpOutcome =
  | { kind: 'recorded'; userId: string; response: RsvpResponse }
  /** A participant's genuine reply that changes nothing (outdated, cancelled, no answer): 250. */
  | { kind: 'ignored'; reason: string }
  /** Not a reply we can take (forged, another event, another sender): 550 with the reason. */
  | { kind: 'refused'; reason: string };

const PARTSTATS: Record<string, RsvpResponse> = {
  ACCEPTED: 'accepted',
  DECLINED: 'declined',
  TENTATIVE: 'tentative',
};

interface CalendarReply {
  uid: string;
  sequence: number;
  attendees: { email: string; partstat: string }[];
}

/** The METHOD:REPLY events among the mail's calendar parts, read with ical.js. */
export function readCalendarReplies(texts: string[]): CalendarReply[] {
  const replies: CalendarReply[] = [];
  for (const text of texts) {
    let calendar: ICAL.Component;
    try {
      calendar = new ICAL.Component(ICAL.parse(text));
    } catch {
      continue;
    }
    const method = String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase();
    if (method !== 'REPLY') continue;
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      const uid = vevent.getFirstPropertyValue('uid');
      if (typeof uid !== 'string' || !uid) continue;
      const sequence = Number(vevent.getFirstPropertyValue('sequence') ?? 0);
      const attendees = vevent.getAllProperties('attendee').map((p) => ({
        email: String(p.getFirstValue() ?? '')
          .replace(/^mailto:/i, '')
          .trim()
          .toLowerCase(),
        partstat: String(p.getParameter('partstat') ?? '').toUpperCase(),
      }));
      replies.push({ uid, sequence: Number.isFinite(sequence) ? sequence : 0, attendees });
    }
  }
  return replies;
}

/**
 * Records a participant's answer from a METHOD:REPLY mailed to the interview's RSVP address.
 * Taken only when the event is this interview's (its UID), the answering ATTENDEE is one of
 * its participants (the candidate, the job's recruiter, an interviewer) and the mail comes
 * from that participant's own address; a reply to an older SEQUENCE, or to a cancelled
 * interview, is accepted and changes nothing.
 */
export async function recordCalendarReply(
  deps: InterviewDeps,
  interviewId: string,
  from: string,
  calendarTexts: string[],
): Promise<RsvpOutcome> {
  const replies = readCalendarReplies(calendarTexts);
  if (replies.length === 0) return { kind: 'refused', reason: RSVP_TEXTS.notCalendarReply };
  const uid = interviewUid(interviewId, deps.appUrl).toLowerCase();
  const reply = replies.find((r) => r.uid.toLowerCase() === uid);
  if (!reply) return { kind: 'refused', reason: RSVP_TEXTS.unknownEvent };
  const [row] = await deps.db
    .select({
      status: interview.status,
      sequence: interview.sequence,
      applicationId: interview.applicationId,
      candidateId: jobApplication.candidateId,
      recruiterId: job.recruiterId,
    })
    .from(interview)
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .innerJoin(job, eq(job.id, interview.jobId))
    .where(eq(interview.id, interviewId));
  if (!row) return { kind: 'refused', reason: RSVP_TEXTS.noInterview };
  const interviewers = await deps.db
    .select({ id: interviewInterviewer.userId })
    .from(interviewInterviewer)
    .where(eq(interviewInterviewer.interviewId, interviewId));
  const participantIds = [row.candidateId, row.recruiterId, ...interviewers.map((p) => p.id)];
  const people = await deps.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, participantIds));
  const sender = from.trim().toLowerCase();
  const attendee = reply.attendees.find((a) => a.email === sender);
  const participant = people.find((p) => p.email.toLowerCase() === sender);
  if (!attendee || !participant) return { kind: 'refused', reason: RSVP_TEXTS.wrongSender };
  if (row.status !== 'scheduled' || reply.sequence !== row.sequence) {
    return { kind: 'ignored', reason: RSVP_TEXTS.outdated };
  }
  const response = PARTSTATS[attendee.partstat];
  if (!response) return { kind: 'ignored', reason: RSVP_TEXTS.noAnswer };
  // Under the same condition as the read: a reschedule meanwhile makes this reply outdated.
  // The row lock (no key update) also takes replies to one interview one at a time, so of
  // two equal declines at once only the first is a change and mails the recruiter.
  const recorded = await deps.db.transaction(async (tx) => {
    const still = await tx
      .select({ id: interview.id })
      .from(interview)
      .where(
        and(
          eq(interview.id, interviewId),
          eq(interview.status, 'scheduled'),
          eq(interview.sequence, reply.sequence),
        ),
      )
      .for('no key update');
    if (still.length === 0) return null;
    const [before] = await tx
      .select({ response: interviewResponse.response, sequence: interviewResponse.sequence })
      .from(interviewResponse)
      .where(
        and(
          eq(interviewResponse.interviewId, interviewId),
          eq(interviewResponse.userId, participant.id),
        ),
      );
    await tx
      .insert(interviewResponse)
      .values({ interviewId, userId: participant.id, response, sequence: reply.sequence })
      .onConflictDoUpdate({
        target: [interviewResponse.interviewId, interviewResponse.userId],
        set: { response, sequence: reply.sequence, respondedAt: new Date() },
      });
    // The candidate declining (not already declined at this SEQUENCE): the recruiter is mailed.
    const newlyDeclined =
      response === 'declined' &&
      participant.id === row.candidateId &&
      !(before?.response === 'declined' && before.sequence === reply.sequence);
    return newlyDeclined ? queueDeclinedMail(tx, deps, interviewId) : [];
  });
  if (!recorded) return { kind: 'ignored', reason: RSVP_TEXTS.outdated };
  announceMails(deps, recorded);
  // The hiring team's screens follow at once (the candidate's own answer is no news to them).
  await deps.bus.publish({
    audience: {
      userIds: [row.recruiterId, ...interviewers.map((p) => p.id)],
      roles: ['admin'],
    },
    event: { type: 'interview.changed', interviewId, applicationId: row.applicationId },
  });
  return { kind: 'recorded', userId: participant.id, response };
}
