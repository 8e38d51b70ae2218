import { describe, expect, it } from 'vitest';
import { type EventBody, type PlaybackEvent, Replay, replayAll } from './playback';
import {
  buildTimeline,
  fileHistory,
  namesAlong,
  type ProjectChangeAt,
  playbackMarkers,
  type ReadEvent,
  withFileChanges,
} from './playback-timeline';

/** A file's events as read: browser time `local`, server time one second later. */
const ev = (local: number, body: EventBody, p = 1): ReadEvent => ({
  ...body,
  local,
  at: local + 1000,
  p,
});

describe("a file's history across renames (issue 24)", () => {
  it('follows a chain of renames back to the first name', () => {
    const changes: ProjectChangeAt[] = [
      { op: 'create', path: 'a.ts', to: null, at: 100 },
      { op: 'rename', path: 'a.ts', to: 'b.ts', at: 200 },
      { op: 'rename', path: 'b.ts', to: 'c.ts', at: 300 },
      { op: 'create', path: 'other.ts', to: null, at: 350 },
    ];
    const history = fileHistory(changes, 'c.ts');
    expect(history.spans).toEqual([
      { name: 'a.ts', from: Number.NEGATIVE_INFINITY, until: 200 },
      { name: 'b.ts', from: 200, until: 300 },
      { name: 'c.ts', from: 300, until: Number.POSITIVE_INFINITY },
    ]);
    expect(history.changes).toEqual([
      { k: 'f', op: 'create', path: 'a.ts', at: 100 },
      { k: 'f', op: 'rename', path: 'a.ts', to: 'b.ts', at: 200 },
      { k: 'f', op: 'rename', path: 'b.ts', to: 'c.ts', at: 300 },
    ]);
  });

  it("follows a folder's rename moving the file, and its delete with the folder", () => {
    const changes: ProjectChangeAt[] = [
      { op: 'rename', path: 'src', to: 'lib', at: 200 },
      { op: 'delete', path: 'lib', to: null, at: 400 },
    ];
    const history = fileHistory(changes, 'lib/util/a.ts');
    expect(history.spans.map((s) => s.name)).toEqual(['src/util/a.ts', 'lib/util/a.ts']);
    expect(history.changes).toEqual([
      {
        k: 'f',
        op: 'rename',
        path: 'src/util/a.ts',
        to: 'lib/util/a.ts',
        folder: { path: 'src', to: 'lib' },
        at: 200,
      },
      { k: 'f', op: 'delete', path: 'lib/util/a.ts', folder: { path: 'lib' }, at: 400 },
    ]);
    // A file merely sharing the start of the name is not in the folder.
    expect(fileHistory(changes, 'library.ts').changes).toEqual([]);
  });

  it('a path another file left: its earlier recording is not this file', () => {
    const changes: ProjectChangeAt[] = [
      { op: 'rename', path: 'a.ts', to: 'b.ts', at: 200 },
      { op: 'create', path: 'a.ts', to: null, at: 300 },
    ];
    expect(fileHistory(changes, 'a.ts').spans).toEqual([
      { name: 'a.ts', from: 200, until: Number.POSITIVE_INFINITY },
    ]);
    expect(fileHistory(changes, 'b.ts').spans).toEqual([
      { name: 'a.ts', from: Number.NEGATIVE_INFINITY, until: 200 },
      { name: 'b.ts', from: 200, until: Number.POSITIVE_INFINITY },
    ]);
  });
});

describe('the file changes on the timeline', () => {
  const changes: ProjectChangeAt[] = [
    { op: 'create', path: 'a.ts', to: null, at: 100 },
    { op: 'rename', path: 'a.ts', to: 'b.ts', at: 200 },
    { op: 'delete', path: 'b.ts', to: null, at: 300 },
    { op: 'create', path: 'b.ts', to: null, at: 400 },
  ];
  // As read: a.ts's typing, then b.ts's (opened again after the rename), then an undo.
  const read: ReadEvent[] = [
    ev(100, { k: 's', x: '', r: 'open' }),
    ev(110, { k: 'c', c: [[0, 'ab']] }),
    ev(210, { k: 's', x: 'ab', r: 'open' }, 2),
    ev(220, { k: 'c', c: [2, [0, 'c']] }, 2),
    ev(410, { k: 'c', c: [3, [0, 'd']] }, 2),
  ];
  const events = withFileChanges(read, fileHistory(changes, 'b.ts').changes);

  it('puts each change among the edits in time order, on the server clock', () => {
    expect(events.map((e) => (e.k === 'f' ? `${e.op}@${e.at}` : `${e.k}@${e.at}`))).toEqual([
      'create@1100',
      's@1100',
      'c@1110',
      'rename@1200',
      's@1210',
      'c@1220',
      'delete@1300',
      'create@1400',
      'c@1410',
    ]);
    // The page session of the event before each change.
    expect(events.filter((e) => e.k === 'f').map((e) => e.p)).toEqual([1, 1, 2, 2]);
  });

  it('replays to each change in order: created, renamed, deleted, brought back', () => {
    const replay = new Replay(events);
    const names = namesAlong(events, 'b.ts');
    /** The count of events up to and including the nth change of this kind. */
    const at = (op: string, nth = 0) => {
      const indexes = events.flatMap((e, i) => (e.k === 'f' && e.op === op ? [i] : []));
      return indexes[nth]! + 1;
    };
    expect(names[0]).toEqual({ name: 'a.ts', exists: false });
    expect(names[at('create')]).toEqual({ name: 'a.ts', exists: true });
    expect(replay.textAt(at('create'))).toBe('');
    expect(replay.textAt(at('rename') - 1)).toBe('ab');
    expect(names[at('rename')]).toEqual({ name: 'b.ts', exists: true });
    expect(replay.textAt(at('rename'))).toBe('ab');
    expect(names[at('delete')]).toEqual({ name: 'b.ts', exists: false });
    expect(replay.textAt(at('delete'))).toBe('');
    // The undo brings back the text it had when deleted; the edit after it fits.
    expect(names[at('create', 1)]).toEqual({ name: 'b.ts', exists: true });
    expect(replay.textAt(at('create', 1))).toBe('abc');
    expect(replayAll(events)).toBe('abcd');
    // Seeking anywhere equals replaying from the start.
    for (let i = 0; i <= events.length; i++) {
      expect(replay.textAt(i)).toBe(replayAll(events.slice(0, i)));
    }
  });

  it('marks every change on the timeline, as buttons a reviewer can jump to', () => {
    const timeline = buildTimeline(events.map((e) => e.at));
    const marks = playbackMarkers(events as PlaybackEvent[], timeline).filter(
      (m) => m.kind === 'file',
    );
    expect(
      marks.map((m) => (m.kind === 'file' ? [m.change.op, m.change.path, m.count] : null)),
    ).toEqual([
      ['create', 'a.ts', 1],
      ['rename', 'a.ts', 4],
      ['delete', 'b.ts', 7],
      ['create', 'b.ts', 8],
    ]);
  });

  it('changes with no recording at all still make a timeline', () => {
    const only = withFileChanges([], fileHistory(changes.slice(0, 2), 'b.ts').changes);
    expect(only.map((e) => e.k === 'f' && e.op)).toEqual(['create', 'rename']);
    expect(only.map((e) => e.at)).toEqual([100, 200]);
  });
});
