import { asc, desc, eq } from 'drizzle-orm';
import { INTERVIEW_TEXTS } from '../../../domain/interviews';
import { JOB_TEXTS } from '../../../domain/jobs';
import type { ApplicationPad, InterviewPadLink } from '../../../domain/pads';
import { interview, pad } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { applicationContext } from '../interviews/loading';
import { interviewersOf } from './access';
import type { PadDeps } from './lifecycle';

/*
 * The ways into a pad from outside it: the interview's stable pad link (in the mails, before a
 * pad exists) and an application's pads (the recruiter's screen, the candidate's My
 * Applications). Ids and states only: the pad itself is read through its own access check.
 */

/**
 * The interview's latest pad, or null while none was started: for the interview's candidate,
 * interviewers, the job's recruiter and admins. Another candidate is told the interview does
 * not exist.
 */
export async function padOfInterview(
  deps: PadDeps,
  actor: Actor,
  interviewId: string,
): Promise<InterviewPadLink> {
  const [row] = await deps.db.select().from(interview).where(eq(interview.id, interviewId));
  if (!row) throw notFound(INTERVIEW_TEXTS.notFound);
  const app = await applicationContext(deps.db, row.applicationId);
  if (!app) throw notFound(INTERVIEW_TEXTS.notFound);
  if (actor.role === 'candidate') {
    if (app.candidateId !== actor.id) throw notFound(INTERVIEW_TEXTS.notFound);
  } else if (actor.role !== 'admin' && app.recruiterId !== actor.id) {
    if (!(await interviewersOf(deps.db, interviewId)).includes(actor.id)) throw forbidden();
  }
  const [latest] = await deps.db
    .select({ id: pad.id, status: pad.status })
    .from(pad)
    .where(eq(pad.interviewId, interviewId))
    .orderBy(desc(pad.createdAt))
    .limit(1);
  return { interviewId, pad: latest ?? null };
}

/**
 * An application's pads, oldest first: the job's recruiter and admins see them all (with the
 * replay behind each), its candidate sees theirs (to join one), anyone else is refused.
 */
export async function listApplicationPads(
  deps: PadDeps,
  actor: Actor,
  applicationId: string,
): Promise<ApplicationPad[]> {
  const app = await applicationContext(deps.db, applicationId);
  if (!app) throw notFound(JOB_TEXTS.applicationNotFound);
  if (actor.role === 'candidate' && app.candidateId !== actor.id) {
    throw notFound(JOB_TEXTS.applicationNotFound);
  }
  if (actor.role === 'recruiter' && app.recruiterId !== actor.id) {
    throw forbidden(JOB_TEXTS.notYourJob);
  }
  const rows = await deps.db
    .select()
    .from(pad)
    .where(eq(pad.applicationId, applicationId))
    .orderBy(asc(pad.createdAt), asc(pad.id));
  return rows.map((r) => ({
    id: r.id,
    interviewId: r.interviewId,
    language: r.language,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}
