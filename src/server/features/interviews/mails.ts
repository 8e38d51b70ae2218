import { createEvent } from 'ics';
import { formatInterviewTime } from '../../../domain/interviews';
import { type Language, LOCALES } from '../../../domain/languages';
import { interviewPadPath } from '../../../domain/pads';
import { mailTexts } from '../../mail/i18n';
import type { Mail } from '../../mail/outbox';
import type { InterviewDeps, Loaded } from './loading';
import { rsvpAddress } from './rsvp-address';

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

type Texts = ReturnType<typeof mailTexts>;

/** The time in the interview's zone, written the reader's way (Intl, their locale). */
const when = (t: Texts, time: TimeText, language: Language) =>
  t('interview.when', {
    time: formatInterviewTime(time.startsAt.toISOString(), time.timeZone, LOCALES[language]),
    zone: time.timeZone,
    count: time.durationMinutes,
  });

/** The calendar entry's title and description, in the reader's language. */
export function calendarTexts(input: {
  language: Language;
  jobTitle: string;
  companyName: string;
  candidateName: string;
  location: string;
}) {
  const t = mailTexts(input.language);
  const about = {
    job: input.jobTitle,
    company: input.companyName,
    candidate: input.candidateName,
    location: input.location,
  };
  return input.companyName
    ? {
        title: t('interview.ics.titleAt', about),
        description: t('interview.ics.descriptionAt', about),
      }
    : {
        title: t('interview.ics.title', about),
        description: t('interview.ics.description', about),
      };
}

/** To the candidate: times were proposed; pick one in My Applications. */
export function proposedMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  jobTitle: string;
  companyName: string;
  slots: TimeText[];
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { job: input.jobTitle, company: input.companyName };
  return {
    to: input.to,
    language: input.language,
    subject: t('interview.proposed.subject', about),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      input.companyName
        ? t('interview.proposed.introAt', about)
        : t('interview.proposed.intro', about),
      ...input.slots.map((s) => `- ${when(t, s, input.language)}`),
      '',
      t('interview.proposed.pick', { url: input.url }),
    ].join('\n'),
  };
}

/** An invitation, update or cancellation with its .ics, to one participant. */
export function calendarMail(input: {
  to: string;
  language: Language;
  name: string;
  kind: 'scheduled' | 'rescheduled' | 'cancelled';
  jobTitle: string;
  candidateName: string;
  time: TimeText;
  url: string;
  ics: string;
  reason?: string;
  /** The interview's stable pad link (not on a cancellation). */
  padUrl?: string;
}): Mail {
  const t = mailTexts(input.language);
  const about = { job: input.jobTitle, candidate: input.candidateName };
  return {
    to: input.to,
    language: input.language,
    subject: t(`interview.${input.kind}.subject`, about),
    text: [
      t('greeting', { name: input.name }),
      '',
      t(`interview.${input.kind}.line`),
      when(t, input.time, input.language),
      t('interview.where', { location: input.time.location }),
      ...(input.reason ? ['', t('interview.reason', { reason: input.reason })] : []),
      '',
      t('interview.attached'),
      t('interview.details', { url: input.url }),
      ...(input.padUrl ? [t('interview.pad', { url: input.padUrl })] : []),
    ].join('\n'),
    calendar: { method: input.kind === 'cancelled' ? 'CANCEL' : 'REQUEST', content: input.ics },
  };
}

/** A proposal withdrawn before a time was picked (no calendar entry to cancel). */
export function proposalCancelledMail(input: {
  to: string;
  language: Language;
  candidateName: string;
  jobTitle: string;
  reason: string;
  url: string;
}): Mail {
  const t = mailTexts(input.language);
  return {
    to: input.to,
    language: input.language,
    subject: t('interview.withdrawn.subject', { job: input.jobTitle }),
    text: [
      t('greeting', { name: input.candidateName }),
      '',
      t('interview.withdrawn.line', { job: input.jobTitle }),
      ...(input.reason ? [t('interview.reason', { reason: input.reason })] : []),
      '',
      t('interview.withdrawn.application', { url: input.url }),
    ].join('\n'),
  };
}

/** What the reminder and the decline say: who, which job, when and where, and a link. */
type InterviewNotice = {
  to: string;
  language: Language;
  name: string;
  jobTitle: string;
  candidateName: string;
  time: TimeText;
  url: string;
  padUrl?: string;
};

function noticeMail(
  kind: 'reminder' | 'declined',
  linkKey: 'interview.details' | 'interview.declined.application',
  input: InterviewNotice,
): Mail {
  const t = mailTexts(input.language);
  const about = { job: input.jobTitle, candidate: input.candidateName };
  return {
    to: input.to,
    language: input.language,
    subject: t(`interview.${kind}.subject`, about),
    text: [
      t('greeting', { name: input.name }),
      '',
      t(`interview.${kind}.line`, about),
      when(t, input.time, input.language),
      t('interview.where', { location: input.time.location }),
      '',
      t(linkKey, { url: input.url }),
      ...(input.padUrl ? [t('interview.pad', { url: input.padUrl })] : []),
    ].join('\n'),
  };
}

/** The one reminder, a day before. */
export const reminderMail = (input: InterviewNotice): Mail =>
  noticeMail('reminder', 'interview.details', input);

/**
 * To the recruiter who scheduled the interview: the candidate declined it in their calendar
 * (a METHOD:REPLY with PARTSTAT=DECLINED). The time in the zone the interview was set in.
 */
export const declinedMail = (input: InterviewNotice): Mail =>
  noticeMail('declined', 'interview.declined.application', input);

// --- the mails of one interview, to its participants --------------------------------------

/**
 * The interview's pad, at an address that exists before the pad does: it opens the pad once
 * an interviewer started it (the web app's /interviews/{id}/pad), for its people only.
 */
const padUrlOf = (deps: Pick<InterviewDeps, 'appUrl'>, interviewId: string) =>
  `${deps.appUrl}${interviewPadPath(interviewId)}`;

type People = Pick<Loaded, 'app' | 'interviewers' | 'languageOf'>;

/** The candidate, the job's recruiter and the interviewers, once each, with their page. */
export function participants(loaded: People) {
  const { app } = loaded;
  const people = new Map<string, Person & { url: string; language: Language }>();
  people.set(app.candidateId, {
    name: app.candidateName,
    email: app.candidateEmail,
    url: '/candidate/applications',
    language: loaded.languageOf(app.candidateId),
  });
  people.set(app.recruiterId, {
    name: app.recruiterName,
    email: app.recruiterEmail,
    url: `/recruiter/job-listings/${app.jobId}`,
    language: loaded.languageOf(app.recruiterId),
  });
  for (const p of loaded.interviewers) {
    if (!people.has(p.id)) {
      people.set(p.id, {
        name: p.name,
        email: p.email,
        url: '/recruiter',
        language: loaded.languageOf(p.id),
      });
    }
  }
  return [...people.values()];
}

/** The invitation, update or cancellation of one calendar entry, to every participant. */
export function calendarMails(
  deps: Pick<InterviewDeps, 'appUrl' | 'rsvp'>,
  loaded: People & { row: { id: string } },
  kind: 'scheduled' | 'rescheduled' | 'cancelled',
  time: TimeText,
  sequence: number,
  reason?: string,
): Mail[] {
  const { app } = loaded;
  const people = participants(loaded);
  // Replies (RSVP) go to the ORGANIZER: our signed address when mail is received, the
  // recruiter then being an attendee like the others; else the recruiter's own address.
  const organizer = deps.rsvp
    ? { name: app.recruiterName, email: rsvpAddress(deps.rsvp, loaded.row.id) }
    : { name: app.recruiterName, email: app.recruiterEmail };
  const attendees = deps.rsvp ? people : people.filter((p) => p.email !== app.recruiterEmail);
  // One calendar entry (one UID), its title and description in each reader's language.
  const ics = (language: Language) =>
    invitationIcs({
      uid: interviewUid(loaded.row.id, deps.appUrl),
      sequence,
      method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
      startsAt: time.startsAt,
      durationMinutes: time.durationMinutes,
      ...calendarTexts({ language, ...app, location: time.location }),
      location: time.location,
      organizer,
      attendees,
    });
  return people.map((p) =>
    calendarMail({
      to: p.email,
      language: p.language,
      name: p.name,
      kind,
      jobTitle: app.jobTitle,
      candidateName: app.candidateName,
      time,
      url: `${deps.appUrl}${p.url}`,
      ics: ics(p.language),
      reason,
      padUrl: kind === 'cancelled' ? undefined : padUrlOf(deps, loaded.row.id),
    }),
  );
}

/** The reminder of a scheduled interview, to every participant. */
export const reminderMails = (
  deps: Pick<InterviewDeps, 'appUrl'>,
  loaded: People & { row: { id: string } },
  time: TimeText,
) =>
  participants(loaded).map((p) =>
    reminderMail({
      to: p.email,
      language: p.language,
      name: p.name,
      jobTitle: loaded.app.jobTitle,
      candidateName: loaded.app.candidateName,
      time,
      url: `${deps.appUrl}${p.url}`,
      padUrl: padUrlOf(deps, loaded.row.id),
    }),
  );

/** The candidate declined (rsvp.ts): the job's recruiter is told, with a link to the application. */
export function candidateDeclinedMail(
  deps: Pick<InterviewDeps, 'appUrl'>,
  loaded: People,
  time: TimeText,
): Mail {
  const { app } = loaded;
  return declinedMail({
    to: app.recruiterEmail,
    language: loaded.languageOf(app.recruiterId),
    name: app.recruiterName,
    jobTitle: app.jobTitle,
    candidateName: app.candidateName,
    time,
    url: `${deps.appUrl}/recruiter/job-listings/${encodeURIComponent(app.jobId)}?application=${encodeURIComponent(app.id)}`,
  });
}
