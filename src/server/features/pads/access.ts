import { eq, inArray } from 'drizzle-orm';
import { PAD_TEXTS, type Pad } from '../../../domain/pads';
import type { Db, Tx } from '../../db/client';
import { interview, interviewInterviewer, pad, user } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { applicationContext } from '../interviews/loading';

export type PadRow = typeof pad.$inferSelect;
type Person = Pad['people'][number];

/** A pad with the people it opens for. */
export interface LoadedPad {
  row: PadRow;
  candidateId: string;
  recruiterId: string;
  jobId: string;
  /** The interview's interviewers; for an ad hoc pad, the one who made it. */
  interviewerIds: string[];
  people: Person[];
}

/** How the actor takes part: 'edit' (candidate, interviewer, recruiter) or 'read' (admin). */
export interface PadAccess {
  mode: 'edit' | 'read';
  /** The hiring team (interviewers, recruiter, admins): they see the notes. */
  team: boolean;
  role: Person['role'] | 'admin';
}

export async function interviewersOf(db: Db | Tx, interviewId: string): Promise<string[]> {
  const rows = await db
    .select({ id: interviewInterviewer.userId })
    .from(interviewInterviewer)
    .where(eq(interviewInterviewer.interviewId, interviewId));
  return rows.map((r) => r.id);
}

/** The pad, its application's candidate and recruiter, and its interviewers (404 when none). */
export async function loadPad(db: Db | Tx, id: string): Promise<LoadedPad> {
  const [row] = await db.select().from(pad).where(eq(pad.id, id));
  if (!row) throw notFound(PAD_TEXTS.notFound);
  const app = await applicationContext(db, row.applicationId);
  if (!app) throw notFound(PAD_TEXTS.notFound);
  const interviewerIds = row.interviewId
    ? await interviewersOf(db, row.interviewId)
    : row.createdBy
      ? [row.createdBy]
      : [];
  const ids = [...new Set([app.candidateId, app.recruiterId, ...interviewerIds])];
  const names = new Map(
    (await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids))).map(
      (u) => [u.id, u.name] as const,
    ),
  );
  const people: Person[] = ids.map((id) => ({
    id,
    name: names.get(id) ?? '',
    role:
      id === app.candidateId
        ? 'candidate'
        : interviewerIds.includes(id)
          ? 'interviewer'
          : 'recruiter',
  }));
  return {
    row,
    candidateId: app.candidateId,
    recruiterId: app.recruiterId,
    jobId: app.jobId,
    interviewerIds,
    people,
  };
}

/**
 * Who may open the pad: its candidate, interviewers and the job's recruiter edit, admins
 * read. Anyone else is refused; another candidate is told the pad does not exist.
 */
export function accessOf(actor: Actor, loaded: LoadedPad): PadAccess {
  if (actor.role === 'admin') return { mode: 'read', team: true, role: 'admin' };
  if (actor.role === 'candidate') {
    if (loaded.candidateId !== actor.id) throw notFound(PAD_TEXTS.notFound);
    return { mode: 'edit', team: false, role: 'candidate' };
  }
  if (loaded.interviewerIds.includes(actor.id)) {
    return { mode: 'edit', team: true, role: 'interviewer' };
  }
  if (loaded.recruiterId === actor.id) return { mode: 'edit', team: true, role: 'recruiter' };
  throw forbidden(PAD_TEXTS.notAllowed);
}

/** The hiring team only (interviewers, the recruiter; admins when reading). */
export function assertTeam(access: PadAccess, writing: boolean) {
  if (!access.team || (writing && access.role === 'admin')) throw forbidden(PAD_TEXTS.notTeam);
}

export async function openPad(db: Db | Tx, actor: Actor, id: string) {
  const loaded = await loadPad(db, id);
  return { loaded, access: accessOf(actor, loaded) };
}

export const readOnly = () => new AppError(409, PAD_TEXTS.readOnly);

/** The interview a pad is started for, with the people allowed to start it. */
export async function interviewForPad(db: Db, interviewId: string) {
  const [row] = await db.select().from(interview).where(eq(interview.id, interviewId));
  if (!row) throw notFound(PAD_TEXTS.notFound);
  return row;
}
