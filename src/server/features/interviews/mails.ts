import { createEvent } from 'ics';
import { formatInterviewTime } from '../../../domain/interviews';
import type { Mail } from '../../mail/outbox';

export interface Person {
  name: string;
  email: string;
}

export interface InvitationInput {
  /** The interview's calendar UID: the same for every invitation of one interview. */
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  organizer: Person;
  attendees: Person[];
}

/** The calendar UID of an interview: stable across reschedules, unique to this server's host. */
export const interviewUid = (interviewId: string, appUrl: string) =>
  `interview-${interviewId}@${new URL(appUrl).hostname}`;

const EMAIL = /^[^\s@"<>]+@[^\s@"<>]+$/;

/**
 * The .ics of an interview (RFC 5545 through the `ics` package): METHOD:REQUEST for an
 * invitation or an update, METHOD:CANCEL (STATUS:CANCELLED) when it is called off. Times are
 * written in UTC, which every calendar shows in its own zone.
 */
export function invitationIcs(input: InvitationInput): string {
  const at = input.startsAt;
  const contact = (p: Person) => ({ name: p.name || p.email, email: p.email });
  const { error, value } = createEvent({
    productId: 'talentforge/interviews',
    method: input.method,
    uid: input.uid,
    sequence: input.sequence,
    start: [
      at.getUTCFullYear(),
      at.getUTCMonth() + 1,
      at.getUTCDate(),
      at.getUTCHours(),
      at.getUTCMinutes(),
    ],
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: input.durationMinutes },
    title: input.title,
    description: input.description,
    location: input.location,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: EMAIL.test(input.organizer.email) ? contact(input.organizer) : undefined,
    attendees: input.attendees
      .filter((p) => EMAIL.test(p.email))
      .map((p) => ({
        ...contact(p),
        rsvp: true,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      })),
  });
  if (error || !value) throw error ?? new Error('the calendar invitation could not be made');
  return value;
}

export interface TimeText {
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  location: string;
}

const when = (t: TimeText) =>
  `${formatInterviewTime(t.startsAt.toISOString(), t.timeZone, 'en-GB')} (${t.timeZone}), ${t.durationMinutes} minutes`;

/** To the candidate: times were proposed; pick one in My Applications. */
export function proposedMail(input: {
  to: string;
  candidateName: string;
  jobTitle: string;
  companyName: string;
  slots: TimeText[];
  url: string;
}): Mail {
  const at = input.companyName ? ` at ${input.companyName}` : '';
  return {
    to: input.to,
    subject: `Pick a time for your interview: ${input.jobTitle}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `The hiring team for ${input.jobTitle}${at} would like to interview you. They proposed:`,
      ...input.slots.map((s) => `- ${when(s)}`),
      '',
      `Pick the time that suits you (shown in your own time zone) here: ${input.url}`,
    ].join('\n'),
  };
}

/** An invitation, update or cancellation with its .ics, to one participant. */
export function calendarMail(input: {
  to: string;
  name: string;
  kind: 'scheduled' | 'rescheduled' | 'cancelled';
  jobTitle: string;
  candidateName: string;
  time: TimeText;
  url: string;
  ics: string;
  reason?: string;
}): Mail {
  const subjects = {
    scheduled: `Interview scheduled: ${input.jobTitle} with ${input.candidateName}`,
    rescheduled: `Interview moved: ${input.jobTitle} with ${input.candidateName}`,
    cancelled: `Interview cancelled: ${input.jobTitle} with ${input.candidateName}`,
  } as const;
  const lines = {
    scheduled: 'The interview is scheduled:',
    rescheduled: 'The interview has moved to a new time:',
    cancelled: 'The interview has been cancelled. It was planned for:',
  } as const;
  return {
    to: input.to,
    subject: subjects[input.kind],
    text: [
      `Hello ${input.name},`,
      '',
      lines[input.kind],
      when(input.time),
      `Where: ${input.time.location}`,
      ...(input.reason ? ['', `Reason: ${input.reason}`] : []),
      '',
      'The attached invitation adds it to your calendar.',
      `Details: ${input.url}`,
    ].join('\n'),
    calendar: { method: input.kind === 'cancelled' ? 'CANCEL' : 'REQUEST', content: input.ics },
  };
}

/** A proposal withdrawn before a time was picked (no calendar entry to cancel). */
export function proposalCancelledMail(input: {
  to: string;
  candidateName: string;
  jobTitle: string;
  reason: string;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `Interview times withdrawn: ${input.jobTitle}`,
    text: [
      `Hello ${input.candidateName},`,
      '',
      `The times proposed for your interview for ${input.jobTitle} have been withdrawn.`,
      ...(input.reason ? [`Reason: ${input.reason}`] : []),
      '',
      `Your application: ${input.url}`,
    ].join('\n'),
  };
}

/** The one reminder, a day before. */
export function reminderMail(input: {
  to: string;
  name: string;
  jobTitle: string;
  candidateName: string;
  time: TimeText;
  url: string;
}): Mail {
  return {
    to: input.to,
    subject: `Reminder: interview tomorrow, ${input.jobTitle}`,
    text: [
      `Hello ${input.name},`,
      '',
      `A reminder of the interview for ${input.jobTitle} with ${input.candidateName}:`,
      when(input.time),
      `Where: ${input.time.location}`,
      '',
      `Details: ${input.url}`,
    ].join('\n'),
  };
}
