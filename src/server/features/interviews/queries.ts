import { and, asc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type CandidateInterview,
  INTERVIEW_TEXTS,
  type Interview,
  type InterviewPad,
  type Scorecard,
  type Slot,
  toCandidateInterview,
} from '../../../domain/interviews';
import { JOB_TEXTS } from '../../../domain/jobs';
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
  pad,
  user,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import {
  applicationContext,
  candidate,
  companyName,
  type InterviewDeps,
  loadJobForTeam,
  ownerProfile,
} from './loading';

/** A proposed time as the API shows it. */
export const slotView = (s: typeof interviewSlot.$inferSelect): Slot => ({
  id: s.id,
  startsAt: s.startsAt.toISOString(),
  durationMinutes: s.durationMinutes,
  timeZone: s.timeZone,
  location: s.location,
  status: s.status,
});

/** "<id> <status>" (the subquery's one column) as the interview's pad. */
function padOf(value: string | null): InterviewPad | null {
  if (!value) return null;
  const [id, status] = value.split(' ');
  return { id: id!, status: status === 'ended' ? 'ended' : 'open' };
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
      // The latest pad, in the same statement (reads stay within their statement budget).
      pad: sql<
        string | null
      >`(select ${pad.id} || ' ' || ${pad.status} from ${pad} where ${pad.interviewId} = ${interview.id} order by ${pad.createdAt} desc limit 1)`,
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
      slots: slots.filter((s) => s.interviewId === i.id).map(slotView),
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
      pad: padOf(r.pad),
      createdAt: i.createdAt.toISOString(),
      updatedAt: i.updatedAt.toISOString(),
      companyName: r.companyName,
    };
  });
}

const strip = ({ companyName: _c, ...rest }: Interview & { companyName: string }): Interview =>
  rest;

/** One interview as the hiring team member `actor` sees it (after they changed it). */
export async function readForTeam(db: Db, actor: Actor, id: string): Promise<Interview> {
  const [one] = await interviewsWhere(db, eq(interview.id, id), (r) =>
    actor.role === 'admin' || r.recruiterId === actor.id ? null : actor.id,
  );
  if (!one) throw notFound(INTERVIEW_TEXTS.notFound);
  return strip(one);
}

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
