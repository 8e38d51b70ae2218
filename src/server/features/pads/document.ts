import { and, asc, eq, gt, lte } from 'drizzle-orm';
import * as Y from 'yjs';
import { PAD_FILES_MAP, PAD_LIMITS, PAD_TEXTS, type PadLanguage } from '../../../domain/pads';
import { STARTER_PROJECTS } from '../../../domain/starter-projects';
import { type Db, rawQuery, type Tx } from '../../db/client';
import { pad, padUpdate } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * A pad's Yjs document in the database (docs/decisions/031): a snapshot (every update up to
 * snapshot_seq merged) and the update rows, each with its author and time. Appends claim the
 * next seq on the pad row, so an ended pad refuses them in the same statement.
 */

/** A new document holding these files (by default a language's starter project), one Y.Text each. */
export function initialState(
  language: PadLanguage,
  start: readonly { path: string; content: string }[] = STARTER_PROJECTS[language].files,
): Uint8Array {
  const doc = new Y.Doc();
  const files = doc.getMap<Y.Text>(PAD_FILES_MAP);
  for (const file of start) files.set(file.path, new Y.Text(file.content));
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return state;
}

/** The files a document holds, sorted by path. */
export function filesOf(doc: Y.Doc): { path: string; content: string }[] {
  const files = doc.getMap<Y.Text>(PAD_FILES_MAP);
  return [...files.entries()]
    .filter(([, text]) => text instanceof Y.Text)
    .map(([path, text]) => ({ path, content: text.toString() }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The whole document as one update, and the last seq it holds. */
export async function loadState(
  db: Db | Tx,
  padId: string,
): Promise<{ state: Uint8Array; seq: number }> {
  const [row] = await db
    .select({ snapshot: pad.snapshot, snapshotSeq: pad.snapshotSeq })
    .from(pad)
    .where(eq(pad.id, padId));
  if (!row) return { state: Y.encodeStateAsUpdate(new Y.Doc()), seq: 0 };
  const rest = await db
    .select({ seq: padUpdate.seq, data: padUpdate.data })
    .from(padUpdate)
    .where(and(eq(padUpdate.padId, padId), gt(padUpdate.seq, row.snapshotSeq)))
    .orderBy(asc(padUpdate.seq));
  const parts = [...(row.snapshot ? [row.snapshot] : []), ...rest.map((r) => r.data)];
  const state = parts.length === 1 ? parts[0]! : Y.mergeUpdates(parts);
  return { state, seq: rest.at(-1)?.seq ?? row.snapshotSeq };
}

export async function loadDoc(db: Db, padId: string): Promise<Y.Doc> {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, (await loadState(db, padId)).state);
  return doc;
}

/**
 * Claims the pad's next seq and stores the update under it, in one statement (no BEGIN and
 * COMMIT around two: an edit's round trip is most of the time until the other person sees
 * it). The pad row's lock orders concurrent appends; an ended pad claims nothing.
 */
const APPEND_SQL = `with claimed as (
  update pad set last_seq = last_seq + 1 where id = $1 and status = 'open' returning last_seq
)
insert into pad_update (pad_id, seq, data, author_id)
select $1, last_seq, $2, $3 from claimed
returning seq`;

/** Appends one update by `authorId`; answers its seq, or null when the pad has ended. */
export async function appendUpdate(
  db: Db | Tx,
  padId: string,
  data: Uint8Array,
  authorId: string,
): Promise<number | null> {
  const [row] = await rawQuery(db)<{ seq: number }>(APPEND_SQL, [padId, data, authorId]);
  return row ? Number(row.seq) : null;
}

/**
 * Appends an update that changes the file tree after `check` has passed it against the pad as
 * stored, under the pad row's lock: every other append waits for it, so the check sees every
 * file any server has added (a server's own copy of the document may lag behind another's).
 * Answers its seq, or the check's problem (nothing stored); seq null and no problem: the pad
 * has ended.
 */
export async function appendChecked(
  db: Db,
  padId: string,
  data: Uint8Array,
  authorId: string,
  check: (stored: Y.Doc) => string | null,
): Promise<{ seq: number | null; problem: string | null }> {
  return db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: pad.id })
      .from(pad)
      .where(and(eq(pad.id, padId), eq(pad.status, 'open')))
      .for('update');
    if (!open) return { seq: null, problem: null };
    const stored = new Y.Doc();
    try {
      Y.applyUpdate(stored, (await loadState(tx, padId)).state);
      const problem = check(stored);
      if (problem) return { seq: null, problem };
    } finally {
      stored.destroy();
    }
    return { seq: await appendUpdate(tx, padId, data, authorId), problem: null };
  });
}

export async function readUpdate(db: Db, padId: string, seq: number) {
  const [row] = await db
    .select({ data: padUpdate.data, authorId: padUpdate.authorId })
    .from(padUpdate)
    .where(and(eq(padUpdate.padId, padId), eq(padUpdate.seq, seq)));
  return row;
}

/**
 * Merges the updates after the snapshot into it when there are `compactEvery` or more. The
 * update rows stay (the replay reads them); only opening gets faster. A compaction that lost
 * a race to another server's changes nothing (the snapshot_seq it read has moved).
 */
export async function compact(db: Db, padId: string, every: number = PAD_LIMITS.compactEvery) {
  const [row] = await db
    .select({ snapshot: pad.snapshot, snapshotSeq: pad.snapshotSeq, lastSeq: pad.lastSeq })
    .from(pad)
    .where(eq(pad.id, padId));
  if (!row || row.lastSeq - row.snapshotSeq < every) return false;
  const rows = await db
    .select({ data: padUpdate.data })
    .from(padUpdate)
    .where(
      and(
        eq(padUpdate.padId, padId),
        gt(padUpdate.seq, row.snapshotSeq),
        lte(padUpdate.seq, row.lastSeq),
      ),
    )
    .orderBy(asc(padUpdate.seq));
  const merged = Y.mergeUpdates([
    ...(row.snapshot ? [row.snapshot] : []),
    ...rows.map((r) => r.data),
  ]);
  const done = await db
    .update(pad)
    .set({ snapshot: merged, snapshotSeq: row.lastSeq })
    .where(and(eq(pad.id, padId), eq(pad.snapshotSeq, row.snapshotSeq)))
    .returning({ id: pad.id });
  return done.length > 0;
}

export const tooLarge = () => new AppError(413, PAD_TEXTS.tooLarge);
