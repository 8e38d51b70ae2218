import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { RsvpResponse } from '../../../domain/interviews';
import { interview, interviewResponse } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { write } from '../../lib/unit-of-work';
import { type InterviewDeps, type Loaded, loadInterview, publishChanged, timeOf } from './loading';
import { candidateDeclinedMail, interviewUid } from './mails';

// Calendar replies (RSVP, issue 22): a participant's METHOD:REPLY, mailed by their calendar app
// to the invitation's ORGANIZER (`rsvp+<token>@REPLY_DOMAIN`, rsvp-address.ts), reaches the
// inbound SMTP server, which hands it here.

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
  let loaded: Loaded;
  try {
    loaded = await loadInterview(deps.db, interviewId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) {
      return { kind: 'refused', reason: RSVP_TEXTS.noInterview };
    }
    throw error;
  }
  const { row, app } = loaded;
  const people = [
    { id: app.candidateId, email: app.candidateEmail },
    { id: app.recruiterId, email: app.recruiterEmail },
    ...loaded.interviewers,
  ];
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
  const recorded = await write(deps, async (w) => {
    const { tx } = w;
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
    if (still.length === 0) return false;
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
      participant.id === app.candidateId &&
      !(before?.response === 'declined' && before.sequence === reply.sequence);
    // The time cannot have moved: the row is still at the SEQUENCE it was read at.
    if (newlyDeclined) await w.mail(candidateDeclinedMail(deps, loaded, timeOf(row)));
    // The hiring team's screens follow at once (the candidate's own answer is no news to them).
    publishChanged(w, loaded, 'team');
    return true;
  });
  if (!recorded) return { kind: 'ignored', reason: RSVP_TEXTS.outdated };
  return { kind: 'recorded', userId: participant.id, response };
}
