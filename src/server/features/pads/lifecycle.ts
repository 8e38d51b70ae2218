import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { JOB_TEXTS } from '../../../domain/jobs';
import { type createPadSchema, PAD_TEXTS, type Pad } from '../../../domain/pads';
import type { Db } from '../../db/client';
import { pad, padUpdate } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { type Work, write } from '../../lib/unit-of-work';
import type { Mailer } from '../../mail/outbox';
import type { EventBus } from '../../realtime/event-bus';
import { applicationContext, publishChanged } from '../interviews/loading';
import { interviewersOf, interviewForPad, type LoadedPad, openPad, type PadAccess } from './access';
import { filesOf, initialState, loadDoc } from './document';
import { templateStart } from './templates';

export interface PadDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
}

export function padView(loaded: LoadedPad, access: PadAccess, files: Pad['files']): Pad {
  const { row } = loaded;
  return {
    id: row.id,
    interviewId: row.interviewId,
    applicationId: row.applicationId,
    language: row.language,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    people: loaded.people,
    files,
    access: access.mode === 'edit' && row.status === 'open' ? 'edit' : 'read',
    team: access.team,
  };
}

/**
 * Starts a pad for an interview (its interviewers or the job's recruiter; an open pad of that
 * interview is answered instead of a second one) or ad hoc for an application (the job's
 * recruiter). It starts from the chosen language's project, or from a template's visible files
 * (the template must be one the actor may assign). Answers the pad and whether it was made now.
 */
export async function createPad(
  deps: PadDeps,
  actor: Actor,
  input: z.output<typeof createPadSchema>,
): Promise<{ pad: Pad; created: boolean }> {
  if (actor.role !== 'recruiter') throw forbidden(PAD_TEXTS.notTeam);
  let applicationId = input.applicationId;
  // Who hears that the interview now has a pad (their interview lists show Join/Open pad).
  let told: Parameters<typeof publishChanged>[1] | null = null;
  // …or, ad hoc, that the application has a new pad (the candidate's Join pad).
  let toldAdHoc: AdHocSubject | null = null;
  if (input.interviewId) {
    const row = await interviewForPad(deps.db, input.interviewId);
    if (row.status === 'cancelled') throw new AppError(409, PAD_TEXTS.interviewCancelled);
    const app = await applicationContext(deps.db, row.applicationId);
    const interviewers = await interviewersOf(deps.db, row.id);
    if (app?.recruiterId !== actor.id && !interviewers.includes(actor.id)) {
      throw forbidden(PAD_TEXTS.notTeam);
    }
    const [existing] = await deps.db
      .select({ id: pad.id })
      .from(pad)
      .where(and(eq(pad.interviewId, row.id), eq(pad.status, 'open')));
    if (existing) return { pad: await readPad(deps, actor, existing.id), created: false };
    applicationId = row.applicationId;
    told = { row, app: app!, interviewers: interviewers.map((id) => ({ id })) };
  } else {
    const app = await applicationContext(deps.db, applicationId!);
    if (!app) throw notFound(JOB_TEXTS.applicationNotFound);
    if (app.recruiterId !== actor.id) throw forbidden(JOB_TEXTS.notYourJob);
    toldAdHoc = app;
  }
  const start = input.templateId ? await templateStart(deps.db, actor, input.templateId) : null;
  const language = start?.language ?? input.language;
  const id = newId();
  // The starter files are update 1, so the replay (which reads only updates) starts from them.
  const initial = initialState(language, start?.files);
  await write(deps, async (w) => {
    await w.tx.insert(pad).values({
      id,
      interviewId: input.interviewId ?? null,
      applicationId: applicationId!,
      language,
      createdBy: actor.id,
      snapshot: initial,
      snapshotSeq: 1,
      lastSeq: 1,
    });
    await w.tx.insert(padUpdate).values({ padId: id, seq: 1, data: initial, authorId: actor.id });
    await w.audit({ actor, action: 'pad.create', targetType: 'pad', targetId: id });
    if (told) publishChanged(w, told);
    if (toldAdHoc) publishAdHocChanged(w, toldAdHoc);
  });
  return { pad: await readPad(deps, actor, id), created: true };
}

/** The pad as the caller may see it: its files (the document's current text) and people. */
export async function readPad(deps: PadDeps, actor: Actor, id: string): Promise<Pad> {
  const { loaded, access } = await openPad(deps.db, actor, id);
  const doc = await loadDoc(deps.db, id);
  const files = filesOf(doc);
  doc.destroy();
  return padView(loaded, access, files);
}

/** Ends the interview's pad: read-only for everyone from now on (any server's sockets hear it). */
export async function endPad(deps: PadDeps, actor: Actor, id: string): Promise<Pad> {
  const { loaded, access } = await openPad(deps.db, actor, id);
  if (!access.team || access.role === 'admin') throw forbidden(PAD_TEXTS.notTeam);
  await write(deps, async (w) => {
    await w.tx
      .update(pad)
      .set({ status: 'ended', endedAt: new Date() })
      .where(and(eq(pad.id, id), eq(pad.status, 'open')));
    await w.audit({ actor, action: 'pad.end', targetType: 'pad', targetId: id });
    const { interviewId, applicationId } = loaded.row;
    const app = {
      id: applicationId,
      candidateId: loaded.candidateId,
      recruiterId: loaded.recruiterId,
    };
    if (interviewId) {
      publishChanged(w, {
        row: { id: interviewId },
        app,
        interviewers: loaded.interviewerIds.map((person) => ({ id: person })),
      });
    } else publishAdHocChanged(w, app);
  });
  await deps.bus.publish({ audience: {}, event: { type: 'pad.ended', padId: id } });
  return readPad(deps, actor, id);
}

type AdHocSubject = { id: string; candidateId: string; recruiterId: string };

/** An application's ad hoc pads changed: its candidate, its recruiter and the admins hear it. */
function publishAdHocChanged(w: Work, app: AdHocSubject) {
  w.publish(
    { userIds: [app.candidateId, app.recruiterId], roles: ['admin'] },
    { type: 'applicationPads.changed', applicationId: app.id },
  );
}
