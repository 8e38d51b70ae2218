import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Text } from '@codemirror/state';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { ProjectFile } from '../../../domain/assessments';
import {
  applyEvent,
  CLOCK_ALLOWANCE_MS,
  type EventBody,
  type FilePlayback,
  MAX_FILE_RECORDING_BYTES,
  MAX_UPLOAD_CHARS,
  PLAYBACK_TEXTS,
  type PlaybackEvent,
  type PlaybackUpload,
  type PlaybackUploadResult,
  textOf,
} from '../../../domain/playback';
import { fileHistory, type ReadEvent, withFileChanges } from '../../../domain/playback-timeline';
import type { Db } from '../../db/client';
import {
  assessment,
  candidateFile,
  playbackBatch,
  playbackFile,
  projectChange,
  testRun,
} from '../../db/schema';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/http';
import {
  type AssessmentDeps,
  knownPaths,
  loadForCandidateWork,
  loadRow,
} from '../assessments/assessments.service';

export type PlaybackDeps = AssessmentDeps;

/** A batch's events as stored: `t` is ms after the batch's started_at (browser clock). */
type StoredEvent = EventBody & { t: number };

/** Deflate only when it pays: tiny batches (a focus change) stay plain JSON. */
const COMPRESS_FROM_BYTES = 200;

export function encodeBatch(events: StoredEvent[]): {
  encoding: 'json' | 'deflate';
  data: Buffer;
  rawBytes: number;
} {
  const raw = Buffer.from(JSON.stringify(events), 'utf8');
  if (raw.length >= COMPRESS_FROM_BYTES) {
    const packed = deflateRawSync(raw);
    if (packed.length < raw.length * 0.9) {
      return { encoding: 'deflate', data: packed, rawBytes: raw.length };
    }
  }
  return { encoding: 'json', data: raw, rawBytes: raw.length };
}

export function decodeBatch(encoding: string, data: Uint8Array): StoredEvent[] {
  const bytes = encoding === 'deflate' ? inflateRawSync(data) : Buffer.from(data);
  return JSON.parse(bytes.toString('utf8')) as StoredEvent[];
}

/** An event without its numbering and time: what a batch stores beside `t`. */
function bodyOf(event: EventBody): EventBody {
  if (event.k === 'c') return { k: 'c', c: event.c, ...(event.m ? { m: event.m } : {}) };
  if (event.k === 's') return { k: 's', x: event.x, r: event.r };
  return { k: event.k, w: event.w };
}

type Accepted = { clientId: string; lastSeq: number; at: number; body: EventBody };

/**
 * Appends the candidate's recorded events for one file (only the assessment's candidate,
 * only while it is open). In one transaction, holding the file's recording row:
 * - events already stored (same session and number) are skipped, so a retry stores nothing
 *   twice;
 * - each event is applied to the text the stored ones lead to (`head`); a change that does
 *   not fit it (a gap: events lost in the browser) is left out, so a stored recording always
 *   replays;
 * - when the events end on a text different from the file saved with that edit time, a
 *   snapshot of the saved text is added (`resync`): the saved file is the truth, the replay
 *   ends on it, and the reviewer sees where the record was repaired.
 */
export async function appendPlayback(
  deps: PlaybackDeps,
  actor: Actor,
  id: string,
  fileName: string,
  upload: PlaybackUpload,
  serverNow = Date.now(),
): Promise<PlaybackUploadResult> {
  const row = await loadForCandidateWork(deps, actor, id);
  if (!(await knownPaths(deps.db, id)).has(fileName)) throw notFound(PLAYBACK_TEXTS.fileNotFound);
  if (JSON.stringify(upload.chunks).length > MAX_UPLOAD_CHARS) {
    throw new AppError(413, PLAYBACK_TEXTS.batchTooLarge);
  }
  const clockOffsetMs = serverNow - upload.sentAt;
  refuseFalseTimes(upload, clockOffsetMs, (row.startedAt ?? row.createdAt).getTime());
  const where = and(eq(playbackFile.assessmentId, id), eq(playbackFile.fileName, fileName));

  return deps.db.transaction(async (tx) => {
    await tx
      .insert(playbackFile)
      .values({ assessmentId: id, fileName, candidateId: actor.id })
      .onConflictDoNothing();
    const [file] = await tx.select().from(playbackFile).where(where).for('update');
    if (!file) throw notFound(PLAYBACK_TEXTS.fileNotFound);
    if (file.storedBytes >= MAX_FILE_RECORDING_BYTES) {
      throw new AppError(413, PLAYBACK_TEXTS.recordingFull);
    }

    const clientIds = [...new Set(upload.chunks.map((c) => c.clientId))];
    const seenRows = await tx
      .select({ clientId: playbackBatch.clientId, lastSeq: max(playbackBatch.lastSeq) })
      .from(playbackBatch)
      .where(
        and(
          eq(playbackBatch.assessmentId, id),
          eq(playbackBatch.fileName, fileName),
          inArray(playbackBatch.clientId, clientIds),
        ),
      )
      .groupBy(playbackBatch.clientId);
    const seen = new Map(seenRows.map((r) => [r.clientId, r.lastSeq ?? 0]));

    let doc: Text | null = file.head === null ? null : textOf(file.head);
    const accepted: Accepted[] = [];
    let duplicates = 0;
    let dropped = 0;
    for (const chunk of upload.chunks) {
      for (const event of chunk.events) {
        if (event.s <= (seen.get(chunk.clientId) ?? 0)) {
          duplicates += 1;
          continue;
        }
        seen.set(chunk.clientId, event.s);
        const applied = applyEvent(doc, event);
        if (!applied.fits) {
          dropped += 1;
          continue;
        }
        doc = applied.doc;
        accepted.push({
          clientId: chunk.clientId,
          lastSeq: event.s,
          at: chunk.base + event.t,
          body: bodyOf(event),
        });
      }
    }

    // The saved file is the truth: a record that does not lead to it gets a snapshot of it.
    let resynced = false;
    if (upload.editedAt !== null && (accepted.length > 0 || dropped > 0)) {
      const [saved] = await tx
        .select({ content: candidateFile.content, editedAt: candidateFile.editedAt })
        .from(candidateFile)
        .where(and(eq(candidateFile.assessmentId, id), eq(candidateFile.fileName, fileName)));
      if (saved && saved.editedAt === upload.editedAt && doc?.toString() !== saved.content) {
        const last = accepted.at(-1);
        accepted.push({
          clientId: last?.clientId ?? 'server',
          lastSeq: last?.lastSeq ?? 0,
          at: last?.at ?? upload.sentAt,
          body: { k: 's', x: saved.content, r: 'resync' },
        });
        doc = textOf(saved.content);
        resynced = true;
      }
    }
    if (accepted.length === 0) {
      return { stored: 0, duplicates, dropped, resynced, storedBytes: file.storedBytes };
    }

    // One batch per editing session in this upload (the numbering is per session).
    const groups: Accepted[][] = [];
    for (const event of accepted) {
      const group = groups.at(-1);
      if (group && group[0]!.clientId === event.clientId) group.push(event);
      else groups.push([event]);
    }
    let batchNo = file.batches;
    let rawTotal = 0;
    let storedTotal = 0;
    const rows = groups.map((group) => {
      const startedAt = Math.min(...group.map((e) => e.at));
      const { encoding, data, rawBytes } = encodeBatch(
        group.map((e) => ({ ...e.body, t: e.at - startedAt })),
      );
      rawTotal += rawBytes;
      storedTotal += data.length;
      batchNo += 1;
      return {
        assessmentId: id,
        fileName,
        batchNo,
        clientId: group[0]!.clientId,
        lastSeq: Math.max(...group.map((e) => e.lastSeq)),
        startedAt,
        endedAt: Math.max(...group.map((e) => e.at)),
        clockOffsetMs,
        eventCount: group.length,
        hasPaste: group.some((e) => e.body.k === 'c' && e.body.m === 'paste'),
        rawBytes,
        storedBytes: data.length,
        encoding,
        data,
      };
    });
    if (file.storedBytes + storedTotal > MAX_FILE_RECORDING_BYTES) {
      throw new AppError(413, PLAYBACK_TEXTS.recordingFull);
    }
    await tx.insert(playbackBatch).values(rows);
    const storedBytes = file.storedBytes + storedTotal;
    await tx
      .update(playbackFile)
      .set({
        head: doc === null ? null : doc.toString(),
        batches: batchNo,
        events: sql`${playbackFile.events} + ${accepted.length}`,
        rawBytes: sql`${playbackFile.rawBytes} + ${rawTotal}`,
        storedBytes,
        updatedAt: new Date(),
      })
      .where(where);
    return {
      stored: accepted.length - (resynced ? 1 : 0),
      duplicates,
      dropped,
      resynced,
      storedBytes,
    };
  });
}

/**
 * Every event must have happened when it says (issue 25): not after it was sent (on the
 * server's clock: after the time it was received, plus CLOCK_ALLOWANCE_MS for clocks and the
 * request's way), and not before the assessment started. Either refuses the whole upload.
 */
export function refuseFalseTimes(
  upload: PlaybackUpload,
  clockOffsetMs: number,
  startedAtMs: number,
): void {
  const refuse = (message: string, path: (string | number)[]) =>
    new AppError(400, message, [{ path, message }]);
  for (const [c, chunk] of upload.chunks.entries()) {
    for (const [e, event] of chunk.events.entries()) {
      const at = chunk.base + event.t;
      if (at > upload.sentAt + CLOCK_ALLOWANCE_MS) {
        throw refuse(PLAYBACK_TEXTS.eventInFuture, ['chunks', c, 'events', e, 't']);
      }
      if (at + clockOffsetMs < startedAtMs - CLOCK_ALLOWANCE_MS) {
        throw refuse(PLAYBACK_TEXTS.eventBeforeStart, ['chunks', c, 'events', e, 't']);
      }
    }
  }
}

/** Only the recruiter who assigned the assessment and admins watch its playback. */
async function loadForReview(deps: PlaybackDeps, actor: Actor, id: string, fileName: string) {
  const row = await loadRow(deps.db, actor, id);
  if (actor.role !== 'recruiter' && actor.role !== 'admin') {
    throw forbidden(PLAYBACK_TEXTS.onlyReviewers);
  }
  if (!(await knownPaths(deps.db, id)).has(fileName)) throw notFound(PLAYBACK_TEXTS.fileNotFound);
  return row;
}

/**
 * The events of a file with their times on the server's clock, oldest first, each with its
 * page session (`p`: 1, 2, ... in the order the sessions began; the server's own resync
 * snapshot belongs to the session before it), and the file's own creates, renames and
 * deletes among them (issue 24). A renamed file's history is read under each name it had,
 * while it had it (fileHistory): the stored events are never rewritten.
 */
export async function readEvents(db: Db, id: string, fileName: string): Promise<PlaybackEvent[]> {
  const changes = await db
    .select({
      op: projectChange.op,
      path: projectChange.path,
      to: projectChange.toPath,
      at: projectChange.at,
    })
    .from(projectChange)
    .where(eq(projectChange.assessmentId, id))
    .orderBy(asc(projectChange.at), asc(projectChange.id));
  const history = fileHistory(changes, fileName);
  const names = [...new Set(history.spans.map((s) => s.name))];
  const batches = await db
    .select({
      fileName: playbackBatch.fileName,
      clientId: playbackBatch.clientId,
      startedAt: playbackBatch.startedAt,
      clockOffsetMs: playbackBatch.clockOffsetMs,
      encoding: playbackBatch.encoding,
      data: playbackBatch.data,
    })
    .from(playbackBatch)
    .where(and(eq(playbackBatch.assessmentId, id), inArray(playbackBatch.fileName, names)))
    .orderBy(asc(playbackBatch.batchNo));
  const sessions = new Map<string, number>();
  let p = 1;
  const events: ReadEvent[] = [];
  // Oldest name first; under each name, its batches in the order they arrived.
  for (const span of history.spans) {
    for (const batch of batches) {
      if (batch.fileName !== span.name) continue;
      const decoded = decodeBatch(batch.encoding, batch.data);
      const mine = decoded.filter(({ t }) => {
        const local = batch.startedAt + t;
        return local >= span.from && local <= span.until;
      });
      if (mine.length === 0) continue;
      if (batch.clientId !== 'server') {
        p = sessions.get(batch.clientId) ?? sessions.size + 1;
        sessions.set(batch.clientId, p);
      }
      const origin = batch.startedAt + batch.clockOffsetMs;
      for (const { t, ...body } of mine) {
        events.push({ ...body, at: origin + t, local: batch.startedAt + t, p } as ReadEvent);
      }
    }
  }
  return withFileChanges(events, history.changes);
}

export async function getPlayback(
  deps: PlaybackDeps,
  actor: Actor,
  id: string,
  fileName: string,
): Promise<FilePlayback> {
  await loadForReview(deps, actor, id, fileName);
  const { db } = deps;
  const events = await readEvents(db, id, fileName);
  const [totals] = await db
    .select({ rawBytes: playbackFile.rawBytes, storedBytes: playbackFile.storedBytes })
    .from(playbackFile)
    .where(and(eq(playbackFile.assessmentId, id), eq(playbackFile.fileName, fileName)));
  const runs = await db
    .select({
      id: testRun.id,
      createdAt: testRun.createdAt,
      trigger: testRun.trigger,
      status: testRun.status,
      passed: testRun.passed,
      failed: testRun.failed,
    })
    .from(testRun)
    .where(eq(testRun.assessmentId, id))
    .orderBy(asc(testRun.createdAt));
  const [saved] = await db
    .select({ content: candidateFile.content })
    .from(candidateFile)
    .where(and(eq(candidateFile.assessmentId, id), eq(candidateFile.fileName, fileName)));
  let savedText = saved?.content;
  if (savedText === undefined) {
    const [project] = await db
      .select({ files: sql<ProjectFile[]>`${assessment.project}->'files'` })
      .from(assessment)
      .where(eq(assessment.id, id));
    savedText = project?.files.find((f) => f.path === fileName)?.content ?? '';
  }
  return {
    fileName,
    events,
    testRuns: runs.map((r) => ({
      id: r.id,
      at: r.createdAt.getTime(),
      trigger: r.trigger,
      status: r.status,
      passed: r.passed,
      failed: r.failed,
    })),
    savedText,
    rawBytes: totals?.rawBytes ?? 0,
    storedBytes: totals?.storedBytes ?? 0,
  };
}
