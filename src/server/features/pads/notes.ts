import { and, asc, eq } from 'drizzle-orm';
import { PAD_TEXTS, type PadNote } from '../../../domain/pads';
import { padNote, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import { newId } from '../../lib/ids';
import { write } from '../../lib/unit-of-work';
import { assertTeam, openPad } from './access';
import type { PadDeps } from './lifecycle';

/*
 * Interviewer notes: the hiring team's alone. Every function checks the team first, so the
 * candidate gets a 403 (or a 404 for another's pad) and never a note; nothing here is
 * published on any socket.
 */

const view = (row: typeof padNote.$inferSelect, authorName: string | null): PadNote => ({
  id: row.id,
  authorId: row.authorId,
  authorName: authorName ?? '',
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listNotes(deps: PadDeps, actor: Actor, padId: string): Promise<PadNote[]> {
  const { access } = await openPad(deps.db, actor, padId);
  assertTeam(access, false);
  const rows = await deps.db
    .select({ note: padNote, authorName: user.name })
    .from(padNote)
    .leftJoin(user, eq(user.id, padNote.authorId))
    .where(eq(padNote.padId, padId))
    .orderBy(asc(padNote.createdAt));
  return rows.map((r) => view(r.note, r.authorName));
}

export async function addNote(
  deps: PadDeps,
  actor: Actor,
  padId: string,
  text: string,
): Promise<PadNote> {
  const { access } = await openPad(deps.db, actor, padId);
  assertTeam(access, true);
  const [row] = await write(deps, (w) =>
    w.tx.insert(padNote).values({ id: newId(), padId, authorId: actor.id, text }).returning(),
  );
  return view(row!, actor.name);
}

/** A note is changed or removed by its author only. */
async function ownNote(deps: PadDeps, actor: Actor, padId: string, noteId: string) {
  const { access } = await openPad(deps.db, actor, padId);
  assertTeam(access, true);
  const [row] = await deps.db
    .select()
    .from(padNote)
    .where(and(eq(padNote.id, noteId), eq(padNote.padId, padId), eq(padNote.authorId, actor.id)));
  if (!row) throw notFound(PAD_TEXTS.noteNotFound);
  return row;
}

export async function updateNote(
  deps: PadDeps,
  actor: Actor,
  padId: string,
  noteId: string,
  text: string,
): Promise<PadNote> {
  await ownNote(deps, actor, padId, noteId);
  const [row] = await write(deps, (w) =>
    w.tx.update(padNote).set({ text }).where(eq(padNote.id, noteId)).returning(),
  );
  return view(row!, actor.name);
}

export async function deleteNote(deps: PadDeps, actor: Actor, padId: string, noteId: string) {
  await ownNote(deps, actor, padId, noteId);
  await write(deps, (w) => w.tx.delete(padNote).where(eq(padNote.id, noteId)));
}
