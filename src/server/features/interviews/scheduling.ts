import { and, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import {
  anyOverlap,
  busyTimeText,
  type CandidateInterview,
  candidateAlreadyBooked,
  INTERVIEW_TEXTS,
  type Interview,
  type proposeInputSchema,
  type SlotInput,
  zonedTimeToUtc,
} from '../../../domain/interviews';
import { JOB_TEXTS } from '../../../domain/jobs';
import type { Tx } from '../../db/client';
import { interview, interviewInterviewer, interviewSlot } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { isUniqueViolation } from '../../lib/pg-errors';
import { type Work, write } from '../../lib/unit-of-work';
import { recipientLanguage } from '../../mail/recipient-language';
import {
  anyBusy,
  candidateClash,
  lockCandidate,
  lockInterviewers,
  refuseClashes,
  refuseTakenSlot,
} from './clashes';
import { colleaguesOf } from './colleagues';
import {
  applicationContext,
  assertOwner,
  conflict,
  type InterviewDeps,
  type InterviewRow,
  loadInterview,
  loadOwnInterview,
  publishChanged,
  timeOf,
} from './loading';
import { calendarMails, proposalCancelledMail, proposedMail } from './mails';
import { listMyInterviews, readForTeam } from './queries';

// The recruiter proposes times, reschedules, cancels and withdraws a time; the candidate picks.
// Every state change is a conditional update, so two at once end in one change and a 409.

/**
 * Changes the interview only if it is still in the state (status and SEQUENCE) it was read
 * in; else nothing changes and the recruiter is asked to reload (two changes at once: one wins).
 */
async function updateUnchanged(
  tx: Tx,
  read: Pick<InterviewRow, 'id' | 'status' | 'sequence'>,
  set: Partial<InterviewRow>,
) {
  const changed = await tx
    .update(interview)
    .set(set)
    .where(
      and(
        eq(interview.id, read.id),
        eq(interview.status, read.status),
        eq(interview.sequence, read.sequence),
      ),
    )
    .returning({ id: interview.id });
  if (changed.length === 0) {
    throw conflict('The interview changed meanwhile; reload and try again');
  }
}

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

/** The times still offered are withdrawn (a time was picked, or the interview is off). */
const withdrawOpenSlots = (tx: Tx, interviewId: string) =>
  tx
    .update(interviewSlot)
    .set({ status: 'withdrawn' })
    .where(and(eq(interviewSlot.interviewId, interviewId), eq(interviewSlot.status, 'open')));

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
  const interviewers = wanted.map((w) => colleagues.get(w)!);
  try {
    await write(deps, async (w) => {
      await w.tx.insert(interview).values({
        id,
        applicationId,
        jobId: app.jobId,
        createdBy: actor.id,
        status: 'proposed',
      });
      await w.tx
        .insert(interviewSlot)
        .values(times.map((t) => ({ id: newId(), interviewId: id, ...t })));
      await w.tx
        .insert(interviewInterviewer)
        .values(wanted.map((userId) => ({ interviewId: id, userId })));
      await w.mail(mail);
      publishChanged(w, { row: { id }, app, interviewers });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INTERVIEW_TEXTS.alreadyOpen);
    throw error;
  }
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
  await write(deps, async (w) => {
    await lockInterviewers(w.tx, interviewerIds);
    await refuseClashes(w.tx, interviewerIds, [time], () => ['time'], id);
    await updateUnchanged(w.tx, loaded.row, { ...time, sequence, reminderSentAt: null });
    await w.mails(mails);
    publishChanged(w, loaded);
  });
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
  await write(deps, async (w) => {
    await updateUnchanged(w.tx, row, { status: 'cancelled', sequence });
    await withdrawOpenSlots(w.tx, id);
    await w.mails(mails);
    publishChanged(w, loaded);
  });
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
  await write(deps, async (w) => {
    const slots = await w.tx
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
    await w.tx
      .update(interviewSlot)
      .set({ status: 'withdrawn' })
      .where(eq(interviewSlot.id, slotId));
    await w.tx.update(interview).set({ updatedAt: new Date() }).where(eq(interview.id, id));
    publishChanged(w, loaded);
  });
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
    await withdrawOpenSlots(tx, row.id);
    if (row.status === 'scheduled') {
      await w.mails(calendarMails(deps, loaded, 'cancelled', timeOf(row), sequence, reason));
    }
    publishChanged(w, loaded);
  }
}

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

  const { startsAt, durationMinutes, timeZone, location } = slot;
  const time = { startsAt, durationMinutes, timeZone, location };
  const mails = calendarMails(deps, loaded, 'scheduled', time, row.sequence);
  const interviewerIds = loaded.interviewers.map((p) => p.id);
  await write(deps, async (w) => {
    const { tx } = w;
    // An interviewer may have been booked since the times were proposed: checked under
    // their locks, so of two overlapping picks at once the second sees the first.
    await lockCandidate(tx, app.candidateId);
    await lockInterviewers(tx, interviewerIds);
    if (await anyBusy(tx, interviewerIds, time, id)) {
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
    await withdrawOpenSlots(tx, id);
    await w.mails(mails);
    publishChanged(w, loaded);
  });
  const [mine] = await listMyInterviews(deps, actor, eq(interview.id, id));
  return mine!;
}
