import { and, asc, eq, gt, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  anyOverlap,
  busyTimeText,
  type CandidateInterview,
  candidateAlreadyBooked,
  INTERVIEW_TEXTS,
  type Interview,
  type InterviewStatus,
  interviewerBusy,
  type proposeInputSchema,
  REMINDER_BEFORE_MS,
  rangesOverlap,
  ratingsMatch,
  type Scorecard,
  type SlotInput,
  type scorecardInputSchema,
  toCandidateInterview,
  zonedTimeToUtc,
} from '../../../domain/interviews';
import { JOB_TEXTS } from '../../../domain/jobs';
import type { Language } from '../../../domain/languages';
import type { Db } from '../../db/client';
import {
  interview,
  interviewInterviewer,
  interviewResponse,
  interviewScorecard,
  interviewSlot,
  job,
  jobApplication,
  jobScorecardCriteria,
  profile,
  user,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Work } from '../../lib/unit-of-work';
import type { Mailer } from '../../mail/outbox';
import { enqueueMail, type Mail } from '../../mail/outbox';
import { recipientLanguage, recipientLanguages } from '../../mail/recipient-language';
import type { EventBus } from '../../realtime/event-bus';
import {
  calendarMail,
  calendarTexts,
  declinedMail,
  interviewUid,
  invitationIcs,
  type Person,
  proposalCancelledMail,
  proposedMail,
  reminderMail,
  type TimeText,
} from './mails';
import { type RsvpAddresses, rsvpAddress } from './rsvp';

export interface InterviewDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  appUrl: string;
  /**
   * When inbound mail is received (REPLY_DOMAIN): the invitations' ORGANIZER is the
   * interview's signed `rsvp+…` address, so calendar apps' replies reach the server.
   */
  rsvp?: RsvpAddresses;
}
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type InterviewRow = typeof interview.$inferSelect;

const candidate = alias(user, 'candidate');
const owner = alias(user, 'owner');
const ownerProfile = alias(profile, 'owner_profile');
const companyName = sql<string>`coalesce(${ownerProfile.details}->'company'->>'name', '')`;

// --- loading ------------------------------------------------------------------------------

/** An application with what interviews need of its job, candidate and the job's recruiter. */
async function applicationContext(db: Db | Tx, applicationId: string) {
  const [row] = await db
    .select({
      id: jobApplication.id,
      stage: jobApplication.stage,
      jobId: job.id,
      jobTitle: job.title,
      recruiterId: job.recruiterId,
      recruiterName: owner.name,
      recruiterEmail: owner.email,
      candidateId: candidate.id,
      candidateName: candidate.name,
      candidateEmail: candidate.email,
      companyName,
    })
    .from(jobApplication)
    .innerJoin(job, eq(job.id, jobApplication.jobId))
    .innerJoin(candidate, eq(candidate.id, jobApplication.candidateId))
    .innerJoin(owner, eq(owner.id, job.recruiterId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, job.recruiterId))
    .where(eq(jobApplication.id, applicationId));
  return row;
}
type AppContext = NonNullable<Awaited<ReturnType<typeof applicationContext>>>;

interface Loaded {
  row: InterviewRow;
  app: AppContext;
  interviewers: { id: string; name: string; email: string }[];
  /** The language each participant is written to in (docs/decisions/023). */
  languageOf: (userId: string) => Language;
}

async function loadInterview(db: Db | Tx, id: string): Promise<Loaded> {
  const [row] = await db.select().from(interview).where(eq(interview.id, id));
  if (!row) throw notFound(INTERVIEW_TEXTS.notFound);
  const app = await applicationContext(db, row.applicationId);
  if (!app) throw notFound(INTERVIEW_TEXTS.notFound);
  const interviewers = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(interviewInterviewer)
    .innerJoin(user, eq(user.id, interviewInterviewer.userId))
    .where(eq(interviewInterviewer.interviewId, id))
    .orderBy(asc(user.name));
  const languageOf = await recipientLanguages(db, [
    app.candidateId,
    app.recruiterId,
    ...interviewers.map((p) => p.id),
  ]);
  return { row, app, interviewers, languageOf };
}

/** The job's recruiter: the one who proposes, moves and cancels its interviews. */
function assertOwner(actor: Actor, app: Pick<AppContext, 'recruiterId'>) {
  if (actor.role !== 'recruiter') {
    throw forbidden("Only the job's recruiter can schedule its interviews");
  }
  if (app.recruiterId !== actor.id) throw forbidden(JOB_TEXTS.notYourJob);
}

/**
 * An interview its job's recruiter is about to change: a candidate is told it does not
 * exist, anyone else but that recruiter is refused.
 */
async function loadOwnInterview(db: Db, actor: Actor, id: string): Promise<Loaded> {
  if (actor.role === 'candidate') throw notFound(INTERVIEW_TEXTS.notFound);
  const loaded = await loadInterview(db, id);
  assertOwner(actor, loaded.app);
  return loaded;
}

/**
 * Interviews as the hiring team sees them. `scorecardsFor`: the viewer whose own scorecard
 * alone is shown (an interviewer who is not the job's recruiter), or null for all of them.
 */
async function interviewsWhere(
  db: Db,
  where: SQL | undefined,
  scorecardsFor: (row: { recruiterId: string }) => string | null,
): Promise<(Interview & { companyName: string })[]> {
  const rows = await db
    .select({
      i: interview,
      jobTitle: job.title,
      recruiterId: job.recruiterId,
      candidateId: jobApplication.candidateId,
      candidateName: candidate.name,
      companyName,
    })
    .from(interview)
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .innerJoin(job, eq(job.id, interview.jobId))
    .innerJoin(candidate, eq(candidate.id, jobApplication.candidateId))
    .leftJoin(ownerProfile, eq(ownerProfile.userId, job.recruiterId))
    .where(where)
    .orderBy(asc(sql`coalesce(${interview.startsAt}, ${interview.createdAt})`), asc(interview.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.i.id);
  const jobIds = [...new Set(rows.map((r) => r.i.jobId))];
  const [slots, people, cards, criteria, answers] = await Promise.all([
    db
      .select()
      .from(interviewSlot)
      .where(inArray(interviewSlot.interviewId, ids))
      .orderBy(asc(interviewSlot.startsAt)),
    db
      .select({ interviewId: interviewInterviewer.interviewId, id: user.id, name: user.name })
      .from(interviewInterviewer)
      .innerJoin(user, eq(user.id, interviewInterviewer.userId))
      .where(inArray(interviewInterviewer.interviewId, ids))
      .orderBy(asc(user.name)),
    db
      .select({ s: interviewScorecard, name: user.name })
      .from(interviewScorecard)
      .innerJoin(user, eq(user.id, interviewScorecard.interviewerId))
      .where(inArray(interviewScorecard.interviewId, ids))
      .orderBy(asc(interviewScorecard.createdAt)),
    db.select().from(jobScorecardCriteria).where(inArray(jobScorecardCriteria.jobId, jobIds)),
    db
      .select({ r: interviewResponse, name: user.name })
      .from(interviewResponse)
      .innerJoin(user, eq(user.id, interviewResponse.userId))
      .where(inArray(interviewResponse.interviewId, ids))
      .orderBy(asc(user.name)),
  ]);
  const criteriaOf = new Map(criteria.map((c) => [c.jobId, c.criteria]));
  return rows.map((r) => {
    const i = r.i;
    const only = scorecardsFor(r);
    const scorecards: Scorecard[] = cards
      .filter((c) => c.s.interviewId === i.id && (only === null || c.s.interviewerId === only))
      .map((c) => ({
        id: c.s.id,
        interviewerId: c.s.interviewerId,
        interviewerName: c.name,
        ratings: c.s.ratings,
        recommendation: c.s.recommendation,
        notes: c.s.notes,
        updatedAt: c.s.updatedAt.toISOString(),
      }));
    return {
      id: i.id,
      applicationId: i.applicationId,
      jobId: i.jobId,
      jobTitle: r.jobTitle,
      candidateId: r.candidateId,
      candidateName: r.candidateName,
      recruiterId: r.recruiterId,
      status: i.status,
      slots: slots
        .filter((s) => s.interviewId === i.id)
        .map((s) => ({
          id: s.id,
          startsAt: s.startsAt.toISOString(),
          durationMinutes: s.durationMinutes,
          timeZone: s.timeZone,
          location: s.location,
          status: s.status,
        })),
      scheduled:
        i.startsAt && i.durationMinutes && i.timeZone && i.location !== null
          ? {
              startsAt: i.startsAt.toISOString(),
              durationMinutes: i.durationMinutes,
              timeZone: i.timeZone,
              location: i.location,
            }
          : null,
      interviewers: people
        .filter((p) => p.interviewId === i.id)
        .map(({ id, name }) => ({ id, name })),
      criteria: criteriaOf.get(i.jobId) ?? [],
      scorecards,
      responses: answers
        .filter((a) => a.r.interviewId === i.id && a.r.sequence === i.sequence)
        .map((a) => ({
          userId: a.r.userId,
          name: a.name,
          response: a.r.response,
          respondedAt: a.r.respondedAt.toISOString(),
        })),
      sequence: i.sequence,
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
      companyName: r.companyName,
    };
  });
}

const strip = ({ companyName: _c, ...rest }: Interview & { companyName: string }): Interview =>
  rest;

async function readForTeam(db: Db, actor: Actor, id: string): Promise<Interview> {
  const [one] = await interviewsWhere(db, eq(interview.id, id), (r) =>
    actor.role === 'admin' || r.recruiterId === actor.id ? null : actor.id,
  );
  if (!one) throw notFound(INTERVIEW_TEXTS.notFound);
  return strip(one);
}

async function announce(deps: InterviewDeps, loaded: Pick<Loaded, 'row' | 'app' | 'interviewers'>) {
  await deps.bus.publish(changedEvent(loaded));
}

/** Who hears that an interview changed: its candidate, recruiter, interviewers and admins. */
function changedEvent(loaded: Pick<Loaded, 'row' | 'app' | 'interviewers'>) {
  return {
    audience: {
      userIds: [
        loaded.app.candidateId,
        loaded.app.recruiterId,
        ...loaded.interviewers.map((p) => p.id),
      ],
      roles: ['admin' as const],
    },
    event: {
      type: 'interview.changed' as const,
      interviewId: loaded.row.id,
      applicationId: loaded.app.id,
    },
  };
}

// --- times --------------------------------------------------------------------------------

/** A slot's instant; a time the clocks skip, or one already past, is refused. */
function slotTime(input: SlotInput, path: (string | number)[], now: Date) {
  const startsAt = zonedTimeToUtc(input.date, input.time, input.timeZone);
  if (!startsAt) {
    throw new AppError(400, INTERVIEW_TEXTS.notOnClock, [
      { path: [...path, 'time'], message: INTERVIEW_TEXTS.notOnClock },
    ]);
  }
  if (startsAt.getTime() <= now.getTime()) {
    throw new AppError(400, INTERVIEW_TEXTS.slotInPast, [
      { path: [...path, 'date'], message: INTERVIEW_TEXTS.slotInPast },
    ]);
  }
  return {
    startsAt,
    durationMinutes: input.durationMinutes,
    timeZone: input.timeZone,
    location: input.location,
  };
}

// --- colleagues -------------------------------------------------------------------------------

const companyKey = (name: string) => name.trim().toLowerCase();

/**
 * The recruiters of a recruiter's company: those whose profile names the same company
 * (any case), and the recruiter themself. A recruiter without a company has only themself.
 */
export async function colleaguesOf(db: Db | Tx, recruiterId: string) {
  const [me] = await db
    .select({ company: sql<string>`coalesce(${profile.details}->'company'->>'name', '')` })
    .from(profile)
    .where(eq(profile.userId, recruiterId));
  const key = companyKey(me?.company ?? '');
  const sameCompany =
    key === ''
      ? sql`false`
      : sql`lower(trim(coalesce(${profile.details}->'company'->>'name', ''))) = ${key}`;
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .leftJoin(profile, eq(profile.userId, user.id))
    .where(
      and(
        eq(user.role, 'recruiter'),
        or(eq(user.id, recruiterId), sameCompany),
        or(isNull(user.banned), eq(user.banned, false)),
      ),
    )
    .orderBy(asc(user.name));
}

export async function listColleagues(deps: InterviewDeps, actor: Actor) {
  if (actor.role !== 'recruiter') throw forbidden();
  return colleaguesOf(deps.db, actor.id);
}

// --- mails --------------------------------------------------------------------------------

function participants(loaded: Pick<Loaded, 'app' | 'interviewers' | 'languageOf'>) {
  const { app } = loaded;
  const people = new Map<string, Person & { url: string; language: Language }>();
  const team = `${'/recruiter'}`;
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
        url: team,
        language: loaded.languageOf(p.id),
      });
    }
  }
  return [...people.values()];
}

function calendarMails(
  deps: InterviewDeps,
  loaded: Pick<Loaded, 'app' | 'interviewers' | 'languageOf'> & { row: Pick<InterviewRow, 'id'> },
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
    }),
  );
}

async function queue(tx: Tx, mails: Mail[]) {
  const ids: { id: string; mail: Mail }[] = [];
  for (const mail of mails) ids.push({ id: await enqueueMail(tx, mail), mail });
  return ids;
}
/** Mails queued in a committed transaction, handed to the mailer. */
export function announceMails(deps: InterviewDeps, sent: { id: string; mail: Mail }[]) {
  for (const { id, mail } of sent) deps.mailer.announce(id, mail);
}

const timeOf = (row: InterviewRow): TimeText => ({
  startsAt: row.startsAt!,
  durationMinutes: row.durationMinutes!,
  timeZone: row.timeZone!,
  location: row.location!,
});

const conflict = (message: string) => new AppError(409, message);

// --- interviewers' clashes --------------------------------------------------------------------

interface TimeRange {
  startsAt: Date;
  durationMinutes: number;
}
export interface Busy {
  userId: string;
  name: string;
  interviewId: string;
  startsAt: Date;
  durationMinutes: number;
}

/**
 * The scheduled (picked, not cancelled) interviews of these people that overlap any of the
 * ranges, other than `except`. One query over the span of the ranges, then each range.
 */
async function busyTimes(
  db: Db | Tx,
  userIds: readonly string[],
  ranges: readonly TimeRange[],
  except?: string,
): Promise<Busy[]> {
  if (userIds.length === 0 || ranges.length === 0) return [];
  const from = new Date(Math.min(...ranges.map((r) => r.startsAt.getTime())));
  const to = new Date(
    Math.max(...ranges.map((r) => r.startsAt.getTime() + r.durationMinutes * 60_000)),
  );
  const rows = await db
    .select({
      userId: interviewInterviewer.userId,
      name: user.name,
      interviewId: interview.id,
      startsAt: interview.startsAt,
      durationMinutes: interview.durationMinutes,
    })
    .from(interviewInterviewer)
    .innerJoin(interview, eq(interview.id, interviewInterviewer.interviewId))
    .innerJoin(user, eq(user.id, interviewInterviewer.userId))
    .where(
      and(
        inArray(interviewInterviewer.userId, [...userIds]),
        eq(interview.status, 'scheduled'),
        except ? ne(interview.id, except) : undefined,
        lt(interview.startsAt, to),
        sql`${interview.startsAt} + ${interview.durationMinutes} * interval '1 minute' > ${from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(interview.startsAt), asc(user.name));
  return rows
    .filter((r): r is Busy => r.startsAt !== null && r.durationMinutes !== null)
    .filter((r) => ranges.some((range) => rangesOverlap(range, r)));
}

/**
 * The first range an interviewer is booked at, as the recruiter's 409: the interviewer's
 * name and their busy time on the clocks of the zone the recruiter entered, attached to
 * that range's fields (`slots.N.time`).
 */
async function refuseClashes(
  db: Db | Tx,
  userIds: readonly string[],
  ranges: readonly (TimeRange & { timeZone: string })[],
  path: (i: number) => (string | number)[],
  except?: string,
) {
  const busy = await busyTimes(db, userIds, ranges, except);
  for (const [i, range] of ranges.entries()) {
    const clash = busy.find((b) => rangesOverlap(range, b));
    if (!clash) continue;
    const message = interviewerBusy(
      clash.name,
      busyTimeText(clash.startsAt, clash.durationMinutes, range.timeZone),
    );
    throw new AppError(409, message, [{ path: path(i), message }], {
      busy: { userId: clash.userId, startsAt: clash.startsAt.toISOString() },
    });
  }
}

/**
 * Interviewers' bookings are serialized: a transaction that books them takes one
 * transaction-scoped advisory lock per interviewer (in a fixed order, so two bookings never
 * wait on each other crosswise) before it looks for clashes. Two candidates picking
 * overlapping times with the same interviewer at once: the second waits for the first to
 * commit, then sees its interview and is refused.
 */
async function lockInterviewers(tx: Tx, userIds: readonly string[]) {
  for (const id of [...new Set(userIds)].sort()) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`interviewer:${id}`}, 0))`,
    );
  }
}

/**
 * A candidate's bookings are serialized the same way: the picking transaction takes
 * `candidate:<id>` before the interviewers' locks (every key is taken in one fixed order:
 * the candidate's, then the interviewers' by id), so two picks by one candidate at once,
 * for two jobs, see each other.
 */
async function lockCandidate(tx: Tx, candidateId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`candidate:${candidateId}`}, 0))`,
  );
}

/**
 * The first of the candidate's own scheduled interviews (other than `except`) that overlaps
 * the time, with its job's title: a candidate cannot be at two interviews at once.
 */
async function candidateClash(tx: Tx, candidateId: string, time: TimeRange, except: string) {
  const end = new Date(time.startsAt.getTime() + time.durationMinutes * 60_000);
  const [clash] = await tx
    .select({
      jobTitle: job.title,
      startsAt: interview.startsAt,
      durationMinutes: interview.durationMinutes,
    })
    .from(interview)
    .innerJoin(jobApplication, eq(jobApplication.id, interview.applicationId))
    .innerJoin(job, eq(job.id, interview.jobId))
    .where(
      and(
        eq(jobApplication.candidateId, candidateId),
        eq(interview.status, 'scheduled'),
        ne(interview.id, except),
        lt(interview.startsAt, end),
        sql`${interview.startsAt} + ${interview.durationMinutes} * interval '1 minute' > ${time.startsAt.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(interview.startsAt))
    .limit(1);
  return clash?.startsAt && clash.durationMinutes ? clash : undefined;
}

/** The interviewers' scheduled interviews from `from` to `to` (the propose form's hints). */
export async function listBusyTimes(
  deps: InterviewDeps,
  actor: Actor,
  userIds: string[],
  from: Date,
  to: Date,
) {
  if (actor.role !== 'recruiter') throw forbidden();
  const colleagues = new Set((await colleaguesOf(deps.db, actor.id)).map((c) => c.id));
  const wanted = [...new Set(userIds)].filter((id) => colleagues.has(id));
  const busy = await busyTimes(deps.db, wanted, [
    { startsAt: from, durationMinutes: Math.max(0, (to.getTime() - from.getTime()) / 60_000) },
  ]);
  return busy.map((b) => ({
    userId: b.userId,
    name: b.name,
    startsAt: b.startsAt.toISOString(),
    durationMinutes: b.durationMinutes,
  }));
}

// --- the recruiter: propose, reschedule, cancel, withdraw a time -------------------------

export async function proposeInterview(
  deps: InterviewDeps,
  actor: Actor,
  applicationId: string,
  input: z.output<typeof proposeInputSchema>,
  now = new Date(),
): Promise<Interview> {
  if (actor.role === 'candidate') throw forbidden();
  const app = await applicationContext(deps.db, applicationId);
  if (!app) throw notFound(JOB_TEXTS.applicationNotFound);
  assertOwner(actor, app);
  if (app.stage !== 'interview') throw conflict(INTERVIEW_TEXTS.notInterviewStage);

  const times = input.slots.map((s, i) => slotTime(s, ['slots', i], now));
  if (anyOverlap(times)) throw new AppError(400, INTERVIEW_TEXTS.slotsOverlap);
  const wanted = [...new Set(input.interviewerIds)];
  const colleagues = new Map((await colleaguesOf(deps.db, actor.id)).map((c) => [c.id, c]));
  if (wanted.some((id) => !colleagues.has(id))) {
    throw new AppError(400, INTERVIEW_TEXTS.interviewerNotColleague, [
      { path: ['interviewerIds'], message: INTERVIEW_TEXTS.interviewerNotColleague },
    ]);
  }
  await refuseClashes(deps.db, wanted, times, (i) => ['slots', i, 'time']);

  const id = newId();
  const mail = proposedMail({
    to: app.candidateEmail,
    language: await recipientLanguage(deps.db, app.candidateId),
    candidateName: app.candidateName,
    jobTitle: app.jobTitle,
    companyName: app.companyName,
    slots: times,
    url: `${deps.appUrl}/candidate/applications`,
  });
  let sent: { id: string; mail: Mail }[];
  try {
    sent = await deps.db.transaction(async (tx) => {
      await tx.insert(interview).values({
        id,
        applicationId,
        jobId: app.jobId,
        createdBy: actor.id,
        status: 'proposed',
      });
      await tx
        .insert(interviewSlot)
        .values(times.map((t) => ({ id: newId(), interviewId: id, ...t })));
      await tx
        .insert(interviewInterviewer)
        .values(wanted.map((userId) => ({ interviewId: id, userId })));
      return queue(tx, [mail]);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INTERVIEW_TEXTS.alreadyOpen);
    throw error;
  }
  announceMails(deps, sent);
  const interviewers = wanted.map((w) => colleagues.get(w)!);
  await announce(deps, { row: { id } as InterviewRow, app, interviewers });
  return readForTeam(deps.db, actor, id);
}

export async function rescheduleInterview(
  deps: InterviewDeps,
  actor: Actor,
  id: string,
  input: SlotInput,
  now = new Date(),
): Promise<Interview> {
  const loaded = await loadOwnInterview(deps.db, actor, id);
  if (loaded.row.status === 'cancelled') throw conflict(INTERVIEW_TEXTS.cancelled);
  if (loaded.row.status !== 'scheduled') throw conflict(INTERVIEW_TEXTS.notScheduled);
  const time = slotTime(input, [], now);
  const sequence = loaded.row.sequence + 1;
  const mails = calendarMails(deps, loaded, 'rescheduled', time, sequence);
  const interviewerIds = loaded.interviewers.map((p) => p.id);
  const sent = await deps.db.transaction(async (tx) => {
    await lockInterviewers(tx, interviewerIds);
    await refuseClashes(tx, interviewerIds, [time], () => ['time'], id);
    const changed = await tx
      .update(interview)
      .set({ ...time, sequence, reminderSentAt: null })
      .where(
        and(
          eq(interview.id, id),
          eq(interview.status, 'scheduled'),
          eq(interview.sequence, loaded.row.sequence),
        ),
      )
      .returning({ id: interview.id });
    if (changed.length === 0)
      throw conflict('The interview changed meanwhile; reload and try again');
    return queue(tx, mails);
  });
  announceMails(deps, sent);
  await announce(deps, loaded);
  return readForTeam(deps.db, actor, id);
}

export async function cancelInterview(
  deps: InterviewDeps,
  actor: Actor,
  id: string,
  reason: string,
): Promise<Interview> {
  const loaded = await loadOwnInterview(deps.db, actor, id);
  const { row, app } = loaded;
  if (row.status === 'cancelled') throw conflict(INTERVIEW_TEXTS.cancelled);
  const sequence = row.sequence + 1;
  const mails =
    row.status === 'scheduled'
      ? calendarMails(deps, loaded, 'cancelled', timeOf(row), sequence, reason)
      : [
          proposalCancelledMail({
            to: app.candidateEmail,
            language: loaded.languageOf(app.candidateId),
            candidateName: app.candidateName,
            jobTitle: app.jobTitle,
            reason,
            url: `${deps.appUrl}/candidate/applications`,
          }),
        ];
  const sent = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(interview)
      .set({ status: 'cancelled', sequence })
      .where(
        and(
          eq(interview.id, id),
          eq(interview.status, row.status),
          eq(interview.sequence, row.sequence),
        ),
      )
      .returning({ id: interview.id });
    if (changed.length === 0)
      throw conflict('The interview changed meanwhile; reload and try again');
    await tx
      .update(interviewSlot)
      .set({ status: 'withdrawn' })
      .where(and(eq(interviewSlot.interviewId, id), eq(interviewSlot.status, 'open')));
    return queue(tx, mails);
  });
  announceMails(deps, sent);
  await announce(deps, loaded);
  return readForTeam(deps.db, actor, id);
}

export async function withdrawSlot(
  deps: InterviewDeps,
  actor: Actor,
  id: string,
  slotId: string,
): Promise<Interview> {
  const loaded = await loadOwnInterview(deps.db, actor, id);
  if (loaded.row.status === 'cancelled') throw conflict(INTERVIEW_TEXTS.cancelled);
  if (loaded.row.status !== 'proposed') throw conflict(INTERVIEW_TEXTS.alreadyPicked);
  await deps.db.transaction(async (tx) => {
    const slots = await tx
      .select()
      .from(interviewSlot)
      .where(eq(interviewSlot.interviewId, id))
      .for('update');
    const slot = slots.find((s) => s.id === slotId);
    if (!slot) throw notFound(INTERVIEW_TEXTS.slotNotFound);
    if (slot.status !== 'open') throw conflict(INTERVIEW_TEXTS.slotWithdrawn);
    if (slots.filter((s) => s.status === 'open').length <= 1) {
      throw conflict(INTERVIEW_TEXTS.lastSlot);
    }
    await tx.update(interviewSlot).set({ status: 'withdrawn' }).where(eq(interviewSlot.id, slotId));
    await tx.update(interview).set({ updatedAt: new Date() }).where(eq(interview.id, id));
  });
  await announce(deps, loaded);
  return readForTeam(deps.db, actor, id);
}

/**
 * An application leaves the process (the candidate withdrew, the recruiter rejected it): its
 * interview under way is cancelled in the caller's transaction. A scheduled one sends everyone
 * the METHOD:CANCEL invitation; a proposal is withdrawn quietly. The mails and the realtime
 * events go out when the caller's write commits.
 */
export async function cancelInterviewsOf(
  w: Work,
  deps: InterviewDeps,
  applicationIds: string[],
  reason: string,
): Promise<void> {
  const { tx } = w;
  const open = await tx
    .select()
    .from(interview)
    .where(
      and(inArray(interview.applicationId, applicationIds), ne(interview.status, 'cancelled')),
    );
  for (const row of open) {
    const loaded = await loadInterview(tx, row.id);
    const sequence = row.sequence + 1;
    await tx
      .update(interview)
      .set({ status: 'cancelled', sequence })
      .where(eq(interview.id, row.id));
    await tx
      .update(interviewSlot)
      .set({ status: 'withdrawn' })
      .where(and(eq(interviewSlot.interviewId, row.id), eq(interviewSlot.status, 'open')));
    if (row.status === 'scheduled') {
      await w.mails(calendarMails(deps, loaded, 'cancelled', timeOf(row), sequence, reason));
    }
    const { audience, event } = changedEvent(loaded);
    w.publish(audience, event);
  }
}

/**
 * The candidate declined the scheduled interview in their calendar (rsvp.ts): the job's
 * recruiter, who scheduled it, is mailed in their language, in the reply's transaction.
 * Answers the mail queued, to be announced once that transaction is committed.
 */
export async function queueDeclinedMail(tx: Tx, deps: InterviewDeps, interviewId: string) {
  const loaded = await loadInterview(tx, interviewId);
  const { row, app } = loaded;
  const mail = declinedMail({
    to: app.recruiterEmail,
    language: loaded.languageOf(app.recruiterId),
    name: app.recruiterName,
    jobTitle: app.jobTitle,
    candidateName: app.candidateName,
    time: timeOf(row),
    url: `${deps.appUrl}/recruiter/job-listings/${encodeURIComponent(app.jobId)}?application=${encodeURIComponent(app.id)}`,
  });
  return queue(tx, [mail]);
}

// --- the candidate: pick a time ---------------------------------------------------------------

export async function pickSlot(
  deps: InterviewDeps,
  actor: Actor,
  id: string,
  slotId: string,
  now = new Date(),
): Promise<CandidateInterview> {
  const loaded = await loadInterview(deps.db, id);
  const { row, app } = loaded;
  if (actor.role !== 'candidate' || app.candidateId !== actor.id) {
    throw notFound(INTERVIEW_TEXTS.notFound);
  }
  if (row.status === 'cancelled') throw conflict(INTERVIEW_TEXTS.cancelled);
  if (row.status === 'scheduled') throw conflict(INTERVIEW_TEXTS.alreadyPicked);
  if (app.stage === 'withdrawn' || app.stage === 'rejected') {
    throw conflict(INTERVIEW_TEXTS.withdrawnApplication);
  }
  const [slot] = await deps.db
    .select()
    .from(interviewSlot)
    .where(and(eq(interviewSlot.id, slotId), eq(interviewSlot.interviewId, id)));
  if (!slot) throw notFound(INTERVIEW_TEXTS.slotNotFound);
  if (slot.status !== 'open') throw conflict(INTERVIEW_TEXTS.slotWithdrawn);
  if (slot.startsAt.getTime() <= now.getTime()) throw conflict(INTERVIEW_TEXTS.slotInPast);

  const time: TimeText = {
    startsAt: slot.startsAt,
    durationMinutes: slot.durationMinutes,
    timeZone: slot.timeZone,
    location: slot.location,
  };
  const mails = calendarMails(deps, loaded, 'scheduled', time, row.sequence);
  const interviewerIds = loaded.interviewers.map((p) => p.id);
  const sent = await deps.db.transaction(async (tx) => {
    // An interviewer may have been booked since the times were proposed: checked under
    // their locks, so of two overlapping picks at once the second sees the first.
    await lockCandidate(tx, app.candidateId);
    await lockInterviewers(tx, interviewerIds);
    if ((await busyTimes(tx, interviewerIds, [time], id)).length > 0) {
      await refuseTakenSlot(tx, id, slotId, interviewerIds);
    }
    // Nor may the candidate be booked then at another of their interviews (another job's).
    const own = await candidateClash(tx, app.candidateId, time, id);
    if (own) {
      throw conflict(
        candidateAlreadyBooked(
          own.jobTitle,
          busyTimeText(own.startsAt!, own.durationMinutes!, time.timeZone),
        ),
      );
    }
    // Both conditions in the statements: a second pick, or a withdrawal meanwhile, changes nothing.
    const taken = await tx
      .update(interviewSlot)
      .set({ status: 'chosen' })
      .where(and(eq(interviewSlot.id, slotId), eq(interviewSlot.status, 'open')))
      .returning({ id: interviewSlot.id });
    if (taken.length === 0) throw conflict(INTERVIEW_TEXTS.slotWithdrawn);
    const changed = await tx
      .update(interview)
      .set({ status: 'scheduled', ...time })
      .where(and(eq(interview.id, id), eq(interview.status, 'proposed')))
      .returning({ id: interview.id });
    if (changed.length === 0) throw conflict(INTERVIEW_TEXTS.alreadyPicked);
    await tx
      .update(interviewSlot)
      .set({ status: 'withdrawn' })
      .where(and(eq(interviewSlot.interviewId, id), eq(interviewSlot.status, 'open')));
    return queue(tx, mails);
  });
  announceMails(deps, sent);
  await announce(deps, loaded);
  const [mine] = await listMyInterviews(deps, actor, eq(interview.id, id));
  return mine!;
}

/**
 * The candidate's 409 for a time an interviewer was booked at meanwhile, with the other open
 * times that are still free (`slots`, as the candidate sees them), so they can pick again.
 * Nothing is changed: the time stays offered to the recruiter's eyes until they withdraw it.
 */
async function refuseTakenSlot(
  tx: Tx,
  interviewId: string,
  slotId: string,
  interviewerIds: string[],
): Promise<never> {
  const others = await tx
    .select()
    .from(interviewSlot)
    .where(
      and(
        eq(interviewSlot.interviewId, interviewId),
        eq(interviewSlot.status, 'open'),
        ne(interviewSlot.id, slotId),
        gt(interviewSlot.startsAt, new Date()),
      ),
    )
    .orderBy(asc(interviewSlot.startsAt));
  const busy = await busyTimes(tx, interviewerIds, others, interviewId);
  const free = others.filter((o) => !busy.some((b) => rangesOverlap(o, b)));
  throw new AppError(
    409,
    free.length > 0 ? INTERVIEW_TEXTS.slotTaken : INTERVIEW_TEXTS.slotTakenNoOther,
    undefined,
    {
      slots: free.map((o) => ({
        id: o.id,
        startsAt: o.startsAt.toISOString(),
        durationMinutes: o.durationMinutes,
        timeZone: o.timeZone,
        location: o.location,
        status: o.status,
      })),
    },
  );
}

// --- scorecards and criteria -----------------------------------------------------------------

export async function submitScorecard(
  deps: InterviewDeps,
  actor: Actor,
  id: string,
  input: z.output<typeof scorecardInputSchema>,
  now = new Date(),
): Promise<Interview> {
  const loaded = await loadInterview(deps.db, id);
  if (actor.role === 'candidate') {
    // A candidate learns nothing of scorecards, not even whether this interview has any.
    if (loaded.app.candidateId !== actor.id) throw notFound(INTERVIEW_TEXTS.notFound);
    throw forbidden(INTERVIEW_TEXTS.notInterviewer);
  }
  if (!loaded.interviewers.some((p) => p.id === actor.id)) {
    throw forbidden(INTERVIEW_TEXTS.notInterviewer);
  }
  const { row } = loaded;
  if (row.status === 'cancelled') throw conflict(INTERVIEW_TEXTS.cancelled);
  if (row.status !== 'scheduled' || !row.startsAt || row.startsAt.getTime() > now.getTime()) {
    throw conflict(INTERVIEW_TEXTS.notYetHeld);
  }
  const [criteria] = await deps.db
    .select()
    .from(jobScorecardCriteria)
    .where(eq(jobScorecardCriteria.jobId, row.jobId));
  if (!ratingsMatch(criteria?.criteria ?? [], input.ratings)) {
    throw new AppError(400, INTERVIEW_TEXTS.ratingsMismatch, [
      { path: ['ratings'], message: INTERVIEW_TEXTS.ratingsMismatch },
    ]);
  }
  const ordered = (criteria?.criteria ?? []).map((c) => ({
    criterion: c,
    rating: input.ratings.find((r) => r.criterion === c)!.rating,
  }));
  await deps.db
    .insert(interviewScorecard)
    .values({
      id: newId(),
      interviewId: id,
      interviewerId: actor.id,
      ratings: ordered,
      recommendation: input.recommendation,
      notes: input.notes,
    })
    .onConflictDoUpdate({
      target: [interviewScorecard.interviewId, interviewScorecard.interviewerId],
      set: {
        ratings: ordered,
        recommendation: input.recommendation,
        notes: input.notes,
        updatedAt: new Date(),
      },
    });
  // Only the hiring team hears of it: a scorecard is no news for the candidate.
  await deps.bus.publish({
    audience: {
      userIds: [loaded.app.recruiterId, ...loaded.interviewers.map((p) => p.id)],
      roles: ['admin'],
    },
    event: { type: 'interview.changed', interviewId: id, applicationId: loaded.app.id },
  });
  return readForTeam(deps.db, actor, id);
}

async function loadJobForTeam(db: Db, actor: Actor, jobId: string) {
  if (actor.role === 'candidate') throw forbidden();
  const [row] = await db.select().from(job).where(eq(job.id, jobId));
  if (!row) throw notFound(JOB_TEXTS.jobNotFound);
  if (actor.role === 'recruiter' && row.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  return row;
}

export async function getCriteria(deps: InterviewDeps, actor: Actor, jobId: string) {
  await loadJobForTeam(deps.db, actor, jobId);
  const [row] = await deps.db
    .select()
    .from(jobScorecardCriteria)
    .where(eq(jobScorecardCriteria.jobId, jobId));
  return { jobId, criteria: row?.criteria ?? [] };
}

export async function setCriteria(
  deps: InterviewDeps,
  actor: Actor,
  jobId: string,
  criteria: string[],
) {
  const row = await loadJobForTeam(deps.db, actor, jobId);
  if (actor.role !== 'recruiter') throw forbidden("Only the job's recruiter can define criteria");
  await deps.db
    .insert(jobScorecardCriteria)
    .values({ jobId, criteria })
    .onConflictDoUpdate({
      target: jobScorecardCriteria.jobId,
      set: { criteria, updatedAt: new Date() },
    });
  await deps.bus.publish({
    audience: { userIds: [row.recruiterId], roles: ['admin'] },
    event: { type: 'job.changed', jobId },
  });
  return { jobId, criteria };
}

// --- reading --------------------------------------------------------------------------------

/** An application's interviews with every scorecard (the job's recruiter, admins). */
export async function listApplicationInterviews(
  deps: InterviewDeps,
  actor: Actor,
  applicationId: string,
): Promise<Interview[]> {
  if (actor.role === 'candidate') throw forbidden();
  const app = await applicationContext(deps.db, applicationId);
  if (!app) throw notFound(JOB_TEXTS.applicationNotFound);
  if (actor.role === 'recruiter' && app.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  const list = await interviewsWhere(
    deps.db,
    eq(interview.applicationId, applicationId),
    () => null,
  );
  return list.map(strip);
}

/** A job's interviews under way (the pipeline's badges): its recruiter, admins. */
export async function listJobInterviews(
  deps: InterviewDeps,
  actor: Actor,
  jobId: string,
): Promise<Interview[]> {
  await loadJobForTeam(deps.db, actor, jobId);
  const list = await interviewsWhere(
    deps.db,
    and(eq(interview.jobId, jobId), ne(interview.status, 'cancelled')),
    () => null,
  );
  return list.map(strip);
}

const RECENT_MS = 7 * 86_400_000;

/**
 * A recruiter's interviews: those of their jobs and those they interview in, waiting for a
 * time or scheduled (from a week ago on, so that scorecards can be filled after them).
 */
export async function listTeamInterviews(
  deps: InterviewDeps,
  actor: Actor,
  now = new Date(),
): Promise<Interview[]> {
  if (actor.role !== 'recruiter') throw forbidden();
  const mine = or(
    eq(job.recruiterId, actor.id),
    inArray(
      interview.id,
      deps.db
        .select({ id: interviewInterviewer.interviewId })
        .from(interviewInterviewer)
        .where(eq(interviewInterviewer.userId, actor.id)),
    ),
  );
  const current = or(
    eq(interview.status, 'proposed'),
    and(
      eq(interview.status, 'scheduled'),
      gt(interview.startsAt, new Date(now.getTime() - RECENT_MS)),
    ),
  );
  const list = await interviewsWhere(deps.db, and(mine, current), (r) =>
    r.recruiterId === actor.id ? null : actor.id,
  );
  return list.map(strip);
}

/** The candidate's own interviews, as candidates may see them (never a scorecard). */
export async function listMyInterviews(
  deps: InterviewDeps,
  actor: Actor,
  extra?: SQL,
): Promise<CandidateInterview[]> {
  if (actor.role !== 'candidate') throw forbidden();
  const list = await interviewsWhere(
    deps.db,
    and(eq(jobApplication.candidateId, actor.id), extra),
    () => null,
  );
  return list.map((i) => toCandidateInterview(i, i.companyName));
}

// --- the reminder -------------------------------------------------------------------------------

/**
 * One reminder mail to every participant a day before a scheduled interview. The mark is
 * set in the transaction that queues the mails, under a condition: several servers, or a
 * pass repeated after a restart, never send it twice. A reschedule clears the mark.
 */
export async function sendInterviewReminders(deps: InterviewDeps, now = new Date()) {
  const due = await deps.db
    .select({ id: interview.id })
    .from(interview)
    .where(
      and(
        eq(interview.status, 'scheduled' satisfies InterviewStatus),
        isNull(interview.reminderSentAt),
        gt(interview.startsAt, now),
        lte(interview.startsAt, new Date(now.getTime() + REMINDER_BEFORE_MS)),
      ),
    );
  let sent = 0;
  for (const { id } of due) {
    const loaded = await loadInterview(deps.db, id);
    const { row, app } = loaded;
    const time = timeOf(row);
    const mails = participants(loaded).map((p) =>
      reminderMail({
        to: p.email,
        language: p.language,
        name: p.name,
        jobTitle: app.jobTitle,
        candidateName: app.candidateName,
        time,
        url: `${deps.appUrl}${p.url}`,
      }),
    );
    const queued = await deps.db.transaction(async (tx) => {
      const marked = await tx
        .update(interview)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(interview.id, id),
            eq(interview.status, 'scheduled'),
            isNull(interview.reminderSentAt),
            eq(interview.sequence, row.sequence),
          ),
        )
        .returning({ id: interview.id });
      return marked.length === 0 ? [] : queue(tx, mails);
    });
    announceMails(deps, queued);
    if (queued.length > 0) sent++;
  }
  return sent;
}
