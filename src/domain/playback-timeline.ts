/**
 * The playback's timeline (decision 017): when each event plays, what the timeline marks,
 * and a file followed across its creates, renames and deletes. The recorded shapes and the
 * replay itself are in playback.ts.
 */
import {
  type FileChangeBody,
  type FileChangeOp,
  type FocusTarget,
  IDLE_GAP_MS,
  type PlaybackEvent,
  type PlaybackTestRun,
  Replay,
  SHOWN_GAP_MS,
} from './playback';

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
