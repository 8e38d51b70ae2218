import { ChangeSet, Text } from '@codemirror/state';
import { z } from 'zod';
import { MAX_FILE_CHARS } from './assessments';
import { idSchema, MAX_TIMESTAMP_MS } from './inputs';

/**
 * Playback: the editor's history of one assessment file, recorded in the candidate's
 * browser and replayed for the reviewer.
 *
 * Events (compact keys, because an hour of typing is thousands of them):
 * - `c` a change: CodeMirror's ChangeSet.toJSON(), `m` marks a paste or a drop of text;
 * - `s` a snapshot: the whole text (`x`), at the start of each editing session (`open`),
 *   every SNAPSHOT_EVERY changes (`periodic`), when the text was replaced from outside the
 *   editor (`external`), and when the server found the record did not lead to the saved
 *   file (`resync`);
 * - `a` / `b` away and back: the editor lost or got focus, the window lost or got focus,
 *   the tab was hidden or shown again, or the page was closed or reloaded (`a` `page`, on
 *   unload) and a new page session began (`b` `page`, its first event) (`w`).
 *
 * The browser numbers its events (`s`, per file and per editing session `clientId`), so a
 * retried upload never stores an event twice. Pure code: the browser, the server and the
 * bench all use it.
 */

export const SNAPSHOT_EVERY = 300;
/** A pause longer than this is skipped in the replay... */
export const IDLE_GAP_MS = 5000;
/** ...and shown as this much playback time (a compressed gap on the timeline). */
export const SHOWN_GAP_MS = 800;
export const PLAYBACK_SPEEDS = [1, 2, 4, 8] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

/** The JSON of one upload's chunks (the request body is capped at 256 KiB in all). */
export const MAX_UPLOAD_CHARS = 200_000;
export const MAX_EVENTS_PER_UPLOAD = 5000;
/** What one file's recording may take in the database (compressed). */
export const MAX_FILE_RECORDING_BYTES = 4 * 1024 * 1024;
/**
 * How far an event may lie after the moment it was sent (clocks and request time): later
 * than that it is dated in the future and refused, as is one before the assessment's start.
 */
export const CLOCK_ALLOWANCE_MS = 2 * 60 * 1000;
/** An upload's events lie within this of its chunk's base time. */
const MAX_OFFSET_MS = 31 * 24 * 3600 * 1000;
const MAX_DOC_LENGTH = 10_000_000;

export const PLAYBACK_TEXTS = {
  batchTooLarge: 'This recording batch is too large (200,000 characters at most)',
  recordingFull: 'The recording of this file is full (4 MB); the file itself is still saved',
  onlyReviewers:
    'Only the recruiter who assigned this assessment or an admin can watch its playback',
  onlyCandidate: 'Only the candidate records the playback of this assessment',
  fileNotFound: 'File not found',
  noRecording: 'No recording for this file yet.',
  invalidChange: 'Not a CodeMirror change set',
  unorderedEvents: 'Events must be numbered in increasing order',
  eventInFuture:
    'An event is dated after it was sent (more than 2 minutes ahead of the time the server received it); nothing was stored',
  eventBeforeStart: 'An event is dated before the assessment started; nothing was stored',
} as const;

// --- the shapes ---------------------------------------------------------------------------

/**
 * ChangeSet.toJSON(): per section either a number (that many characters kept) or an array
 * of the deleted length followed by the inserted lines.
 */
export const changeSetJsonSchema = z
  .array(
    z.union([
      z.number().int().min(0).max(MAX_DOC_LENGTH),
      z
        .array(z.union([z.number().int().min(0).max(MAX_DOC_LENGTH), z.string()]))
        .min(1)
        .max(100_000),
    ]),
  )
  .max(100_000)
  .superRefine((parts, ctx) => {
    for (const [i, part] of parts.entries()) {
      if (typeof part === 'number') continue;
      const bad = typeof part[0] !== 'number' || part.slice(1).some((p) => typeof p !== 'string');
      if (bad) {
        ctx.addIssue({ code: 'custom', path: [i], message: PLAYBACK_TEXTS.invalidChange });
        return;
      }
    }
  });
export type ChangeSetJson = z.infer<typeof changeSetJsonSchema>;

export const SNAPSHOT_REASONS = ['open', 'periodic', 'external', 'resync'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];
export const FOCUS_TARGETS = ['editor', 'window', 'tab', 'page'] as const;
export type FocusTarget = (typeof FOCUS_TARGETS)[number];
export const CHANGE_MARKS = ['paste', 'drop'] as const;
export type ChangeMark = (typeof CHANGE_MARKS)[number];

const seq = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);
const offset = z.number().int().min(0).max(MAX_OFFSET_MS);
const epochMs = z.number().int().min(0).max(MAX_TIMESTAMP_MS);

/** The event bodies, without numbering or time. */
const changeBody = z.object({
  k: z.literal('c'),
  c: changeSetJsonSchema,
  m: z.enum(CHANGE_MARKS).optional(),
});
const snapshotBody = z.object({
  k: z.literal('s'),
  x: z.string().max(MAX_FILE_CHARS, 'A snapshot holds at most 200,000 characters'),
  r: z.enum(SNAPSHOT_REASONS),
});
const focusBody = z.object({ k: z.enum(['a', 'b']), w: z.enum(FOCUS_TARGETS) });

export type EventBody =
  | z.infer<typeof changeBody>
  | z.infer<typeof snapshotBody>
  | z.infer<typeof focusBody>;

/** As the browser sends it: number `s`, ms `t` after its chunk's base. */
export const recordedEventSchema = z.union([
  changeBody.extend({ s: seq, t: offset }),
  snapshotBody.extend({ s: seq, t: offset }),
  focusBody.extend({ s: seq, t: offset }),
]);
export type RecordedEvent = EventBody & { s: number; t: number };

export const playbackChunkSchema = z
  .object({
    /** One editing session (a page load of the workspace). */
    clientId: idSchema,
    /** The browser's clock (epoch ms) that the events' `t` count from. */
    base: epochMs,
    events: z.array(recordedEventSchema).min(1).max(MAX_EVENTS_PER_UPLOAD),
  })
  .refine((c) => c.events.every((e, i) => i === 0 || e.s > c.events[i - 1]!.s), {
    message: PLAYBACK_TEXTS.unorderedEvents,
    path: ['events'],
  });
export type PlaybackChunk = { clientId: string; base: number; events: RecordedEvent[] };

export const playbackUploadSchema = z
  .object({
    /** The browser's clock when sending: the server's clock minus this is the skew. */
    sentAt: epochMs,
    /** The edit time of the file text the events lead to (null: the text was never edited). */
    editedAt: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
    chunks: z.array(playbackChunkSchema).min(1).max(50),
  })
  .refine((u) => u.chunks.reduce((n, c) => n + c.events.length, 0) <= MAX_EVENTS_PER_UPLOAD, {
    message: `At most ${MAX_EVENTS_PER_UPLOAD} events per upload`,
    path: ['chunks'],
  });
export type PlaybackUpload = {
  sentAt: number;
  editedAt: number | null;
  chunks: PlaybackChunk[];
};

export const playbackUploadResultSchema = z.object({
  /** Events stored by this upload (those already stored are skipped). */
  stored: z.number().int(),
  duplicates: z.number().int(),
  /** Changes that did not fit the text before them (a gap in the record), left out. */
  dropped: z.number().int(),
  /** The record did not lead to the saved file: a snapshot of the saved text was added. */
  resynced: z.boolean(),
  /** The file's recording in the database so far (compressed bytes). */
  storedBytes: z.number().int(),
});
export type PlaybackUploadResult = z.infer<typeof playbackUploadResultSchema>;

export const FILE_CHANGE_OPS = ['create', 'rename', 'delete'] as const;
export type FileChangeOp = (typeof FILE_CHANGE_OPS)[number];

/**
 * `f` a change of the file itself (issue 24), recorded by the server when the candidate made
 * it (`project_change`), not by the editor: created (`x` the text it starts with), renamed or
 * moved (`path` its name before, `to` after; `folder` set when a folder's rename moved it),
 * deleted (on its own or with its folder).
 */
const fileChangeBody = z.object({
  k: z.literal('f'),
  op: z.enum(FILE_CHANGE_OPS),
  path: z.string(),
  to: z.string().optional(),
  folder: z.object({ path: z.string(), to: z.string().optional() }).optional(),
  x: z.string().optional(),
});
export type FileChangeBody = z.infer<typeof fileChangeBody>;
/** What a replay goes through: the editor's events and the file's own changes. */
export type ReplayBody = EventBody | FileChangeBody;

/**
 * As the reviewer gets it: `at` on the server's clock (ms); `p` the page session (page load
 * of the workspace) that recorded it, 1 for the first, in the order they began.
 */
const reviewed = { at: z.number(), p: z.number().int().min(1).optional() };
export const playbackEventSchema = z.union([
  changeBody.extend(reviewed),
  snapshotBody.extend(reviewed),
  focusBody.extend(reviewed),
  fileChangeBody.extend(reviewed),
]);
export type PlaybackEvent = ReplayBody & { at: number; p?: number };

export const playbackTestRunSchema = z.object({
  id: z.string(),
  at: z.number(),
  trigger: z.string(),
  status: z.string(),
  passed: z.number().int(),
  failed: z.number().int(),
});
export type PlaybackTestRun = z.infer<typeof playbackTestRunSchema>;

export const filePlaybackSchema = z.object({
  fileName: z.string(),
  events: z.array(playbackEventSchema),
  testRuns: z.array(playbackTestRunSchema),
  /** The file as saved now: a full replay ends on exactly this text. */
  savedText: z.string(),
  rawBytes: z.number().int(),
  storedBytes: z.number().int(),
});
export type FilePlayback = z.infer<typeof filePlaybackSchema>;

// --- replaying ----------------------------------------------------------------------------

/** CodeMirror's own line splitting, so texts compare the way the editor holds them. */
export const textOf = (value: string) => Text.of(value.split(/\r\n?|\n/));

/** The change set if it applies to a document of this length, else null. */
export function changeFor(json: ChangeSetJson, length: number): ChangeSet | null {
  try {
    const set = ChangeSet.fromJSON(json);
    return set.length === length ? set : null;
  } catch {
    return null;
  }
}

/**
 * Applies one event to a text: a snapshot replaces it, a change that fits changes it, a
 * change that does not fit (a gap) leaves it and says so. `doc` null: nothing known yet.
 */
export function applyEvent(
  doc: Text | null,
  event: ReplayBody,
): { doc: Text | null; fits: boolean } {
  if (event.k === 's') return { doc: textOf(event.x), fits: true };
  if (event.k === 'f') {
    // Created: its first text; deleted: no text; renamed: the same text under a new name.
    if (event.op === 'create') return { doc: textOf(event.x ?? ''), fits: true };
    return { doc: event.op === 'delete' ? null : doc, fits: true };
  }
  if (event.k !== 'c') return { doc, fits: true };
  if (!doc) return { doc, fits: false };
  const set = changeFor(event.c, doc.length);
  return set ? { doc: set.apply(doc), fits: true } : { doc, fits: false };
}

/** The text after all events, from the start. */
export function replayAll(events: readonly ReplayBody[]): string {
  let doc: Text | null = null;
  for (const e of events) doc = applyEvent(doc, e).doc;
  return doc?.toString() ?? '';
}

/**
 * Seeking: the text after the first `count` events, from the nearest snapshot before it
 * (so at most SNAPSHOT_EVERY changes are applied, wherever the scrubber lands).
 */
export class Replay {
  private readonly snapshots: number[] = [];

  constructor(readonly events: readonly ReplayBody[]) {
    // Where the text is known whatever came before: snapshots, creates and deletes.
    events.forEach((e, i) => {
      if (e.k === 's' || (e.k === 'f' && e.op !== 'rename')) this.snapshots.push(i);
    });
  }

  /** Index of the last snapshot among the first `count` events, or -1. */
  private snapshotBefore(count: number): number {
    let lo = 0;
    let hi = this.snapshots.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.snapshots[mid]! < count) {
        found = this.snapshots[mid]!;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** The document after the first `count` events (empty before any snapshot). */
  docAt(count: number): Text {
    const n = Math.max(0, Math.min(count, this.events.length));
    const from = this.snapshotBefore(n);
    let doc: Text | null = null;
    for (let i = Math.max(0, from); i < n; i++) doc = applyEvent(doc, this.events[i]!).doc;
    return doc ?? Text.empty;
  }

  textAt(count: number): string {
    return this.docAt(count).toString();
  }
}
