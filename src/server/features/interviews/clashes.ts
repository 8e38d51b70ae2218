import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  busyTimeText,
  INTERVIEW_TEXTS,
  interviewerBusy,
  rangesOverlap,
} from '../../../domain/interviews';
import type { Db, Tx } from '../../db/client';
import {
  interview,
  interviewInterviewer,
  interviewSlot,
  job,
  jobApplication,
  user,
} from '../../db/schema';
import { AppError, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { colleaguesOf } from './colleagues';
import type { InterviewDeps } from './loading';
import { slotView } from './queries';

// Clashes (docs/decisions/025): a time an interviewer, or the picking candidate, is already
// booked at is refused; bookings take advisory locks so that two at once see each other.

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

/** Scheduled interviews that overlap `from`–`to` (a booking holds from its start for its minutes). */
const scheduledBetween = (from: Date, to: Date) =>
  and(
    eq(interview.status, 'scheduled'),
    lt(interview.startsAt, to),
    sql`${interview.startsAt} + ${interview.durationMinutes} * interval '1 minute' > ${from.toISOString()}::timestamptz`,
  );

const endOf = (range: TimeRange) => range.startsAt.getTime() + range.durationMinutes * 60_000;

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
  const to = new Date(Math.max(...ranges.map(endOf)));
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
        except ? ne(interview.id, except) : undefined,
        scheduledBetween(from, to),
      ),
    )
    .orderBy(asc(interview.startsAt), asc(user.name));
  return rows
    .filter((r): r is Busy => r.startsAt !== null && r.durationMinutes !== null)
    .filter((r) => ranges.some((range) => rangesOverlap(range, r)));
}

/** Whether any of these interviewers is booked during the range (the pick's check). */
export async function anyBusy(
  tx: Tx,
  userIds: readonly string[],
  range: TimeRange,
  except: string,
) {
  return (await busyTimes(tx, userIds, [range], except)).length > 0;
}

/**
 * The first range an interviewer is booked at, as the recruiter's 409: the interviewer's
 * name and their busy time on the clocks of the zone the recruiter entered, attached to
 * that range's fields (`slots.N.time`).
 */
export async function refuseClashes(
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
 * The candidate's 409 for a time an interviewer was booked at meanwhile, with the other open
 * times that are still free (`slots`, as the candidate sees them), so they can pick again.
 * Nothing is changed: the time stays offered to the recruiter's eyes until they withdraw it.
 */
export async function refuseTakenSlot(
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
    { slots: free.map(slotView) },
  );
}

/** One transaction-scoped advisory lock, released at commit or rollback. */
const lock = (tx: Tx, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

/**
 * Interviewers' bookings are serialized: a transaction that books them takes one
 * transaction-scoped advisory lock per interviewer (in a fixed order, so two bookings never
 * wait on each other crosswise) before it looks for clashes. Two candidates picking
 * overlapping times with the same interviewer at once: the second waits for the first to
 * commit, then sees its interview and is refused.
 */
export async function lockInterviewers(tx: Tx, userIds: readonly string[]) {
  for (const id of [...new Set(userIds)].sort()) await lock(tx, `interviewer:${id}`);
}

/**
 * A candidate's bookings are serialized the same way: the picking transaction takes
 * `candidate:<id>` before the interviewers' locks (every key is taken in one fixed order:
 * the candidate's, then the interviewers' by id), so two picks by one candidate at once,
 * for two jobs, see each other.
 */
export async function lockCandidate(tx: Tx, candidateId: string) {
  await lock(tx, `candidate:${candidateId}`);
}

/**
 * The first of the candidate's own scheduled interviews (other than `except`) that overlaps
 * the time, with its job's title: a candidate cannot be at two interviews at once.
 */
export async function candidateClash(tx: Tx, candidateId: string, time: TimeRange, except: string) {
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
        ne(interview.id, except),
        scheduledBetween(time.startsAt, new Date(endOf(time))),
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
