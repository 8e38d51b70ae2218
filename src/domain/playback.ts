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

// --- the timeline -------------------------------------------------------------------------

export type Timeline = {
  /** Real (server clock) ms of the first and last event. */
  start: number;
  end: number;
  /** Playback ms from the first event to the last, idle gaps compressed. */
  duration: number;
  /** Playback ms of each event. */
  playAt: number[];
  /** The compressed gaps: where they sit in playback time and how long they really were. */
  gaps: { at: number; realMs: number }[];
};

/**
 * Times made non-decreasing (a clock set back must not run the replay backwards), then every
 * pause longer than IDLE_GAP_MS shown as SHOWN_GAP_MS.
 */
export function buildTimeline(
  times: readonly number[],
  idleGapMs = IDLE_GAP_MS,
  shownGapMs = SHOWN_GAP_MS,
): Timeline {
  const playAt: number[] = [];
  const gaps: Timeline['gaps'] = [];
  let previous = times[0] ?? 0;
  let play = 0;
  const start = previous;
  for (const raw of times) {
    const at = Math.max(raw, previous);
    const pause = at - previous;
    if (pause > idleGapMs) {
      gaps.push({ at: play, realMs: pause });
      play += shownGapMs;
    } else play += pause;
    playAt.push(play);
    previous = at;
  }
  return { start, end: previous, duration: play, playAt, gaps };
}

/** Real times made non-decreasing the same way the timeline does. */
export function monotonic(times: readonly number[]): number[] {
  const out: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    previous = Math.max(t, previous);
    out.push(previous);
  }
  return out;
}

/** How many events have happened by this playback time (binary search). */
export function countAt(timeline: Timeline, playMs: number): number {
  let lo = 0;
  let hi = timeline.playAt.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeline.playAt[mid]! <= playMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a real moment (a test run) falls on the playback axis: between the events around it,
 * inside a compressed gap in proportion; before the first event 0, after the last the end.
 */
export function playTimeOf(timeline: Timeline, realTimes: readonly number[], at: number): number {
  const times = monotonic(realTimes);
  if (times.length === 0 || at <= times[0]!) return 0;
  if (at >= times[times.length - 1]!) return timeline.duration;
  let lo = 0;
  let hi = times.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= at) lo = mid;
    else hi = mid;
  }
  const a = times[lo]!;
  const b = times[hi]!;
  const pa = timeline.playAt[lo]!;
  const pb = timeline.playAt[hi]!;
  return b === a ? pa : pa + ((at - a) / (b - a)) * (pb - pa);
}

/** m:ss (or h:mm:ss) of a duration. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

// --- what the timeline marks --------------------------------------------------------------

export type Marker =
  | { kind: 'paste' | 'drop' | 'resync'; at: number; real: number; count: number }
  | { kind: 'away'; where: FocusTarget; at: number; end: number; real: number; realEnd: number }
  /** A later page session (the workspace loaded again) begins here. */
  | { kind: 'session'; at: number; real: number; count: number; session: number }
  | { kind: 'test-run'; at: number; real: number; run: PlaybackTestRun }
  /** The file created, renamed or moved, or deleted (issue 24). */
  | { kind: 'file'; at: number; real: number; count: number; change: FileChangeBody };

/**
 * The marks on a recording's timeline (playback ms): pastes and drops, repaired gaps
 * (resync), spans when the editor, the window or the tab had lost focus or the page was
 * closed, where each later page session begins, and the test runs. `count` is the number of
 * events up to and including the marked one (seek there to see it).
 *
 * Time away is only what the record shows as away (issue 25): an away span ends at its own
 * "back" event, at the next event of a later page session (a reload or a return the next
 * day: that page is focused and visible), or at the next edit, whichever comes first. Once
 * the page was closed (`a` `page`) the other spans of that page session end there and its
 * later "away" events (the tab hidden as it unloads) add nothing.
 */
export function playbackMarkers(
  events: readonly PlaybackEvent[],
  timeline: Timeline,
  testRuns: readonly PlaybackTestRun[] = [],
): Marker[] {
  const markers: Marker[] = [];
  /** Open away spans: the event index they began at and its page session. */
  const awayFrom = new Map<FocusTarget, { from: number; session: number }>();
  const closed = new Set<number>();
  const seen = new Set<number>();
  const times = events.map((e) => e.at);
  const end = (where: FocusTarget, i: number) => {
    const open = awayFrom.get(where);
    if (!open) return;
    awayFrom.delete(where);
    markers.push({
      kind: 'away',
      where,
      at: timeline.playAt[open.from]!,
      end: timeline.playAt[i]!,
      real: events[open.from]!.at,
      realEnd: events[i]!.at,
    });
  };
  const endAll = (i: number, when: (session: number) => boolean = () => true) => {
    for (const [where, open] of [...awayFrom]) if (when(open.session)) end(where, i);
  };
  let previousSession = 1;
  events.forEach((event, i) => {
    const at = timeline.playAt[i]!;
    // Without a page session (older recordings), an event belongs to the one before it.
    const session = event.p ?? previousSession;
    previousSession = session;
    if (!seen.has(session)) {
      if (seen.size > 0) {
        markers.push({ kind: 'session', at, real: event.at, count: i + 1, session });
      }
      seen.add(session);
    }
    // A later page session is here: whoever left an earlier one is back.
    endAll(i, (s) => s < session);
    if (event.k === 'c') {
      // An edit: the candidate is at the editor, whatever focus events were lost.
      endAll(i);
      if (event.m) markers.push({ kind: event.m, at, real: event.at, count: i + 1 });
    } else if (event.k === 'f') {
      const { at: _at, p: _p, ...change } = event;
      markers.push({ kind: 'file', at, real: event.at, count: i + 1, change });
    } else if (event.k === 's' && event.r === 'resync') {
      markers.push({ kind: 'resync', at, real: event.at, count: i + 1 });
    } else if (event.k === 'a') {
      if (closed.has(session)) return;
      if (event.w === 'page') {
        endAll(i, (s) => s === session);
        closed.add(session);
      }
      if (!awayFrom.has(event.w)) awayFrom.set(event.w, { from: i, session });
    } else if (event.k === 'b') {
      if (event.w === 'page') closed.delete(session);
      end(event.w, i);
    }
  });
  // Still away when the recording ends.
  for (const [where, { from }] of awayFrom) {
    markers.push({
      kind: 'away',
      where,
      at: timeline.playAt[from]!,
      end: timeline.duration,
      real: events[from]!.at,
      realEnd: timeline.end,
    });
  }
  for (const run of testRuns) {
    markers.push({ kind: 'test-run', at: playTimeOf(timeline, times, run.at), real: run.at, run });
  }
  return markers.sort((a, b) => a.at - b.at);
}

// --- a file across its creates, renames and deletes (issue 24) ------------------------------

/** One of the candidate's recorded project changes, on the browser's clock (`project_change`). */
export type ProjectChangeAt = {
  op: FileChangeOp;
  path: string;
  to: string | null;
  at: number;
};

/** A name the file had, and when (browser clock, both ends included). */
export type NameSpan = { name: string; from: number; until: number };

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/**
 * The history of the file now (or last) at `name`, from the project's changes in the order
 * they were made: the names it had with when it had them (oldest first), and the changes
 * that made it, renamed or moved it (on its own or with a folder) and deleted it, as events
 * of this file (`at` the browser's time of the change).
 *
 * Walking back from the end: a rename to `name` (or of a folder holding it) means the file
 * was called something else before; a create or delete of the path stays in its history (a
 * file deleted and made again, an undo, is one history); a rename that took another file
 * away from the path ends it (what was recorded under the path before is that file's).
 */
export function fileHistory(
  changes: readonly ProjectChangeAt[],
  name: string,
): { spans: NameSpan[]; changes: (FileChangeBody & { at: number })[] } {
  const spans: NameSpan[] = [];
  const made: (FileChangeBody & { at: number })[] = [];
  let current = name;
  let until = Number.POSITIVE_INFINITY;
  for (let i = changes.length - 1; i >= 0; i--) {
    const change = changes[i]!;
    if (change.op === 'rename' && change.to !== null && under(current, change.to)) {
      const before = change.path + current.slice(change.to.length);
      made.push({
        k: 'f',
        op: 'rename',
        path: before,
        to: current,
        ...(current === change.to ? {} : { folder: { path: change.path, to: change.to } }),
        at: change.at,
      });
      spans.push({ name: current, from: change.at, until });
      until = change.at;
      current = before;
    } else if (change.op === 'rename' && under(current, change.path)) {
      // Another file left this path here: nothing before it is this file's.
      spans.push({ name: current, from: change.at, until });
      return { spans: spans.reverse(), changes: made.reverse() };
    } else if (change.op === 'delete' && under(current, change.path)) {
      made.push({
        k: 'f',
        op: 'delete',
        path: current,
        ...(current === change.path ? {} : { folder: { path: change.path } }),
        at: change.at,
      });
    } else if (change.op === 'create' && change.path === current) {
      made.push({ k: 'f', op: 'create', path: current, at: change.at });
    }
  }
  spans.push({ name: current, from: Number.NEGATIVE_INFINITY, until });
  return { spans: spans.reverse(), changes: made.reverse() };
}

/** An editor event as read from storage: its browser time (`local`) beside the server's. */
export type ReadEvent = PlaybackEvent & { local: number };

/**
 * One ordered list of a file's events: the editor's events recorded under each of its names
 * (already filtered to when it had that name, oldest name first) with its own changes put
 * where they happened (the browser's clock orders both; a change goes before an event of the
 * same moment, so a created file's first snapshot follows its create). A change's time on the
 * server's clock takes the skew of the event before it (else after it); its page session is
 * that event's. A create starts with the text the file had when it was last deleted (an
 * undo brings it back) or empty.
 */
export function withFileChanges(
  events: readonly ReadEvent[],
  changes: readonly (FileChangeBody & { at: number })[],
): PlaybackEvent[] {
  const merged: (PlaybackEvent & { local?: number })[] = [];
  let next = 0;
  const skewAround = (i: number) => {
    const near = events[i - 1] ?? events[i];
    return near ? { skew: near.at - near.local, p: near.p } : { skew: 0, p: undefined };
  };
  const take = (i: number, upTo: number) => {
    while (next < changes.length && changes[next]!.at <= upTo) {
      const change = changes[next++]!;
      const { skew, p } = skewAround(i);
      merged.push({ ...change, at: change.at + skew, ...(p === undefined ? {} : { p }) });
    }
  };
  events.forEach((event, i) => {
    take(i, event.local);
    const { local: _local, ...rest } = event;
    merged.push(rest as PlaybackEvent);
  });
  take(events.length, Number.POSITIVE_INFINITY);
  // The text a create brings back: what the replay held just before the last delete.
  const replay = new Replay(merged);
  let deletedAt = -1;
  merged.forEach((event, i) => {
    if (event.k !== 'f') return;
    if (event.op === 'delete') deletedAt = i;
    else if (event.op === 'create') {
      event.x = deletedAt >= 0 ? replay.textAt(deletedAt) : '';
      deletedAt = -1;
    }
  });
  return merged;
}

/** The file's name and whether it exists after the first `count` events, for every count. */
export function namesAlong(
  events: readonly PlaybackEvent[],
  fallback: string,
): { name: string; exists: boolean }[] {
  const first = events.find((e) => e.k === 'f');
  let name = first?.k === 'f' ? first.path : fallback;
  let exists = !(first?.k === 'f' && first.op === 'create');
  const out = [{ name, exists }];
  for (const event of events) {
    if (event.k === 'f') {
      if (event.op === 'rename') name = event.to ?? name;
      else {
        name = event.path;
        exists = event.op === 'create';
      }
    }
    out.push({ name, exists });
  }
  return out;
}
