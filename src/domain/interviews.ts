import { z } from 'zod';
import { idSchema, isoDateSchema, safeText } from './jobs';

// --- constants -------------------------------------------------------------------------

export const MAX_SLOTS = 5;
export const MAX_INTERVIEWERS = 10;
export const MIN_DURATION = 15;
export const MAX_DURATION = 480;
export const MAX_LOCATION = 500;
export const MAX_CRITERIA = 10;
export const MAX_CRITERION = 100;
export const MAX_SCORECARD_NOTES = 5000;
/** The reminder goes out this long before the interview starts. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export const INTERVIEW_STATUSES = ['proposed', 'scheduled', 'cancelled'] as const;
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, string> = {
  proposed: 'Waiting for the candidate to pick a time',
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
};
export const SLOT_STATUSES = ['open', 'chosen', 'withdrawn'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** A participant's answer from their calendar app (iCalendar PARTSTAT of a METHOD:REPLY). */
export const RSVP_RESPONSES = ['accepted', 'declined', 'tentative'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];

export const RECOMMENDATIONS = ['strong-no', 'no', 'yes', 'strong-yes'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  'strong-no': 'Strong no',
  no: 'No',
  yes: 'Yes',
  'strong-yes': 'Strong yes',
};
export const RATING_LABELS: Record<1 | 2 | 3 | 4, string> = {
  1: 'Poor',
  2: 'Mixed',
  3: 'Good',
  4: 'Excellent',
};

export const INTERVIEW_TEXTS = {
  notFound: 'Interview not found',
  slotNotFound: 'That time is not one of this interview’s',
  notInterviewStage: 'Move the application to the Interview stage before proposing times',
  alreadyOpen: 'This application already has an interview; reschedule or cancel it first',
  slotInPast: 'This time has already passed',
  slotsOverlap: 'Two of the proposed times overlap',
  unknownTimeZone: 'Unknown time zone',
  notOnClock: 'This time does not exist in that time zone (the clocks change then)',
  badTime: 'Enter a time as HH:MM',
  interviewerNotColleague: 'Interviewers must be recruiters of your company',
  alreadyPicked: 'A time has already been picked for this interview',
  slotWithdrawn: 'That time was withdrawn; pick another one',
  cancelled: 'This interview was cancelled',
  notScheduled: 'Only a scheduled interview can be rescheduled',
  lastSlot: 'This is the last time left; cancel the interview instead',
  notInterviewer: 'Only the interview’s interviewers can fill its scorecard',
  notYetHeld: 'The scorecard opens when the interview has begun',
  ratingsMismatch: 'Rate each of the job’s criteria once, from 1 to 4',
  noCriteria: 'Interviews are scored on the job’s criteria; none are defined yet',
  duplicateCriteria: 'Each criterion must be named once',
  withdrawnApplication: 'This application is no longer under way',
  /** To the candidate: an interviewer was booked since the times were proposed. */
  slotTaken: 'This time is no longer available; pick one of the other times',
  slotTakenNoOther:
    'This time is no longer available and no other time is left; the recruiter will propose new times',
} as const;

/**
 * To the recruiter: an interviewer is booked then. The messages catalogue keys it as
 * "{{name}} already has an interview at {{time}}" (docs/decisions/023).
 */
export const interviewerBusy = (name: string, time: string) =>
  `${name} already has an interview at ${time}`;

/**
 * To the candidate: the time picked overlaps another of their own scheduled interviews (for
 * another job). The messages catalogue keys it as "You already have an interview for {{job}}
 * at {{time}}"; the time as `busyTimeText` writes it, in the zone of the time picked.
 */
export const candidateAlreadyBooked = (job: string, time: string) =>
  `You already have an interview for ${job} at ${time}`;

/**
 * A busy time as the recruiter's clash message writes it: date and times on the clocks of
 * the zone the recruiter entered, with the zone ("2026-06-02 14:30–15:15 (Europe/Berlin)").
 * Language-neutral, so the translated message can carry it as it is.
 */
export function busyTimeText(startsAt: Date, durationMinutes: number, timeZone: string): string {
  const start = utcToZonedTime(startsAt, timeZone);
  const end = utcToZonedTime(new Date(startsAt.getTime() + durationMinutes * 60_000), timeZone);
  const endText = end.date === start.date ? end.time : `${end.date} ${end.time}`;
  return `${start.date} ${start.time}–${endText} (${timeZone})`;
}

/** Whether [a, a + minutes) and [b, b + minutes) overlap. */
export function rangesOverlap(
  a: { startsAt: Date | string; durationMinutes: number },
  b: { startsAt: Date | string; durationMinutes: number },
): boolean {
  const a0 = new Date(a.startsAt).getTime();
  const b0 = new Date(b.startsAt).getTime();
  return a0 < b0 + b.durationMinutes * 60_000 && b0 < a0 + a.durationMinutes * 60_000;
}

// --- time zones and wall-clock times ------------------------------------------------------

const TZ_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** An IANA zone name the runtime knows (Europe/Berlin, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !TZ_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string) {
  let f = wallFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time at `ms` in `timeZone`, as milliseconds of a UTC date with those fields. */
function wallMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallFormat(timeZone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The instant a date and time on the clocks of `timeZone` stand for, or null when the
 * clocks skip that time (a daylight-saving gap). Ambiguous times (clocks going back) take
 * the earlier instant.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, h, min);
  // The zone's offsets a day either side: around a change of the clocks they differ.
  const offsets = new Set(
    [wanted - 86_400_000, wanted, wanted + 86_400_000].map((at) => wallMs(at, timeZone) - at),
  );
  const fits = [...offsets].map((o) => wanted - o).filter((at) => wallMs(at, timeZone) === wanted);
  return fits.length > 0 ? new Date(Math.min(...fits)) : null;
}

/** The date (YYYY-MM-DD) and time (HH:MM) on the clocks of `timeZone` at an instant. */
export function utcToZonedTime(at: Date | string, timeZone: string) {
  const iso = new Date(wallMs(new Date(at).getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Whether any two of the [start, start + minutes) ranges overlap. */
export function anyOverlap(ranges: readonly { startsAt: Date; durationMinutes: number }[]) {
  const sorted = [...ranges].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    if (prev.startsAt.getTime() + prev.durationMinutes * 60_000 > sorted[i]!.startsAt.getTime()) {
      return true;
    }
  }
  return false;
}

// --- inputs ----------------------------------------------------------------------------------

/** A time of day as the forms and the API write it: 'HH:MM', 24 hours. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const slotInputSchema = z.object({
  date: isoDateSchema,
  time: z.string().max(5, INTERVIEW_TEXTS.badTime).regex(TIME_OF_DAY, INTERVIEW_TEXTS.badTime),
  durationMinutes: z
    .number({ error: 'Enter a duration in minutes' })
    .int('Enter a whole number of minutes')
    .min(MIN_DURATION, `At least ${MIN_DURATION} minutes`)
    .max(MAX_DURATION, `At most ${MAX_DURATION} minutes`),
  timeZone: z
    .string({ error: INTERVIEW_TEXTS.unknownTimeZone })
    .refine(isTimeZone, INTERVIEW_TEXTS.unknownTimeZone),
  /** A video link or a place. */
  location: safeText(MAX_LOCATION).pipe(z.string().min(1, 'Give a video link or a place')),
});
export type SlotInput = z.input<typeof slotInputSchema>;

export const proposeInputSchema = z.object({
  slots: z
    .array(slotInputSchema)
    .min(1, 'Propose at least one time')
    .max(MAX_SLOTS, `At most ${MAX_SLOTS} times`),
  interviewerIds: z
    .array(idSchema)
    .min(1, 'Choose at least one interviewer')
    .max(MAX_INTERVIEWERS, `At most ${MAX_INTERVIEWERS} interviewers`),
});
export type ProposeInput = z.input<typeof proposeInputSchema>;

export const pickInputSchema = z.object({ slotId: idSchema });
export const cancelInputSchema = z.object({ reason: safeText(500).default('') });

export const criteriaInputSchema = z.object({
  criteria: z
    .array(safeText(MAX_CRITERION).pipe(z.string().min(1, 'A criterion needs a name')))
    .max(MAX_CRITERIA, `At most ${MAX_CRITERIA} criteria`)
    .refine(
      (list) => new Set(list.map((c) => c.toLowerCase())).size === list.length,
      INTERVIEW_TEXTS.duplicateCriteria,
    ),
});

export const ratingSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'A rating is 1, 2, 3 or 4',
});
export const scorecardInputSchema = z.object({
  ratings: z
    .array(z.object({ criterion: z.string().max(MAX_CRITERION * 2), rating: ratingSchema }))
    .max(MAX_CRITERIA),
  recommendation: z.enum(RECOMMENDATIONS, { error: 'Choose a recommendation' }),
  notes: safeText(MAX_SCORECARD_NOTES).default(''),
});
export type ScorecardInput = z.input<typeof scorecardInputSchema>;

/** Every criterion rated exactly once, and nothing else. */
export function ratingsMatch(
  criteria: readonly string[],
  ratings: readonly { criterion: string }[],
): boolean {
  if (criteria.length !== ratings.length) return false;
  const given = new Set(ratings.map((r) => r.criterion));
  return given.size === ratings.length && criteria.every((c) => given.has(c));
}

// --- answers ---------------------------------------------------------------------------------

export const slotSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  timeZone: z.string(),
  location: z.string(),
  status: z.enum(SLOT_STATUSES),
});
export type Slot = z.infer<typeof slotSchema>;

export const scheduledTimeSchema = slotSchema.omit({ id: true, status: true });
export type ScheduledTime = z.infer<typeof scheduledTimeSchema>;

export const scorecardSchema = z.object({
  id: z.string(),
  interviewerId: z.string(),
  interviewerName: z.string(),
  ratings: z.array(z.object({ criterion: z.string(), rating: z.number().int() })),
  recommendation: z.enum(RECOMMENDATIONS),
  notes: z.string(),
  updatedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/** An interview as the hiring team sees it (the job's recruiter, its interviewers, admins). */
/** An interview's pad as interview lists carry it: enough to link to it. */
export const interviewPadSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'ended']),
});
export type InterviewPad = z.infer<typeof interviewPadSchema>;

export const interviewSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  recruiterId: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  slots: z.array(slotSchema),
  scheduled: scheduledTimeSchema.nullable(),
  interviewers: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The job's criteria, which each scorecard rates. */
  criteria: z.array(z.string()),
  /** The job's recruiter and admins see every scorecard; an interviewer only their own. */
  scorecards: z.array(scorecardSchema),
  /**
   * Participants' answers from their calendar apps to the invitation as it stands (answers
   * to a time since moved are left out): the hiring team's view only.
   */
  responses: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      response: z.enum(RSVP_RESPONSES),
      respondedAt: z.string(),
    }),
  ),
  sequence: z.number().int(),
  /** The interview's live coding pad (its latest), once one was started: its people open it. */
  pad: interviewPadSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Interview = z.infer<typeof interviewSchema>;

/**
 * What a candidate may see of an interview: an allow-list with no scorecards, no
 * criteria and no withdrawn times. Made field by field in `toCandidateInterview`.
 */
export const candidateInterviewSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  status: z.enum(INTERVIEW_STATUSES),
  /** The times still open to pick (while proposed), or the chosen one. */
  slots: z.array(slotSchema),
  scheduled: scheduledTimeSchema.nullable(),
  interviewerNames: z.array(z.string()),
  /** The pad, once the interviewer started it ("Join pad"). */
  pad: interviewPadSchema.nullable(),
  updatedAt: z.string(),
});
export type CandidateInterview = z.infer<typeof candidateInterviewSchema>;

export function toCandidateInterview(i: Interview, companyName: string): CandidateInterview {
  return {
    id: i.id,
    applicationId: i.applicationId,
    jobId: i.jobId,
    jobTitle: i.jobTitle,
    companyName,
    status: i.status,
    slots: i.slots
      .filter((s) => (i.status === 'proposed' ? s.status === 'open' : s.status === 'chosen'))
      .map((s) => ({
        id: s.id,
        startsAt: s.startsAt,
        durationMinutes: s.durationMinutes,
        timeZone: s.timeZone,
        location: s.location,
        status: s.status,
      })),
    scheduled: i.scheduled && {
      startsAt: i.scheduled.startsAt,
      durationMinutes: i.scheduled.durationMinutes,
      timeZone: i.scheduled.timeZone,
      location: i.scheduled.location,
    },
    interviewerNames: i.interviewers.map((p) => p.name),
    pad: i.pad && { id: i.pad.id, status: i.pad.status },
    updatedAt: i.updatedAt,
  };
}

/** The propose form's question: when are these interviewers booked between two instants? */
export const MAX_BUSY_SPAN_MS = 62 * 86_400_000;
export const busyQuerySchema = z
  .object({
    /** Comma-separated user ids. */
    userIds: z
      .string()
      .max(MAX_INTERVIEWERS * 64)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(idSchema).max(MAX_INTERVIEWERS, `At most ${MAX_INTERVIEWERS} interviewers`)),
    from: z.iso.datetime({ offset: true, error: 'Give the start as an ISO date and time' }),
    to: z.iso.datetime({ offset: true, error: 'Give the end as an ISO date and time' }),
  })
  .refine((q) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    return span >= 0 && span <= MAX_BUSY_SPAN_MS;
  }, 'Ask for at most 62 days, the end after the start');
export const busyTimeSchema = z.object({
  userId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
});
export type BusyTime = z.infer<typeof busyTimeSchema>;

export const criteriaSchema = z.object({ jobId: z.string(), criteria: z.array(z.string()) });
export const colleagueSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** Realtime: an interview was proposed, picked, moved, cancelled or scored (ids only). */
export const interviewRealtimeEventSchemas = [
  z.object({
    type: z.literal('interview.changed'),
    interviewId: z.string(),
    applicationId: z.string(),
  }),
] as const;

// --- display ---------------------------------------------------------------------------------

/** 'Tue, 2 Jun 2026, 14:30 CEST' in the viewer's own time zone (or the one given). */
export function formatInterviewTime(at: string, timeZone?: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(at));
}
