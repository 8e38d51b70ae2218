import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INTERVIEW_TEXTS,
  type Interview,
  ratingsMatch,
  type scorecardInputSchema,
} from '../../../domain/interviews';
import { interviewScorecard, jobScorecardCriteria } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { write } from '../../lib/unit-of-work';
import {
  conflict,
  type InterviewDeps,
  loadInterview,
  loadJobForTeam,
  publishChanged,
} from './loading';
import { readForTeam } from './queries';

/** An interviewer's scorecard of an interview that has begun: one per interviewer, replaced. */
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
  await write(deps, async (w) => {
    await w.tx
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
    publishChanged(w, loaded, 'team');
  });
  return readForTeam(deps.db, actor, id);
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
  await write(deps, async (w) => {
    await w.tx
      .insert(jobScorecardCriteria)
      .values({ jobId, criteria })
      .onConflictDoUpdate({
        target: jobScorecardCriteria.jobId,
        set: { criteria, updatedAt: new Date() },
      });
    w.publish({ userIds: [row.recruiterId], roles: ['admin'] }, { type: 'job.changed', jobId });
  });
  return { jobId, criteria };
}
