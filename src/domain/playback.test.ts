import { ChangeSet, EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChangeSetJson,
  changeFor,
  changeSetJsonSchema,
  type EventBody,
  type PlaybackEvent,
  playbackUploadSchema,
  Replay,
  replayAll,
  SHOWN_GAP_MS,
  textOf,
} from './playback';
import { buildTimeline, clock, countAt, playbackMarkers, playTimeOf } from './playback-timeline';

/** Random edits made through CodeMirror, recorded as the browser records them. */
const editArb = fc.record({
  pos: fc.nat(),
  del: fc.nat({ max: 8 }),
  insert: fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', ' ', '\n', '{', 'é') }),
});

function record(start: string, edits: { pos: number; del: number; insert: string }[], every = 7) {
  let state = EditorState.create({ doc: start });
  const events: EventBody[] = [{ k: 's', x: start, r: 'open' }];
  let since = 0;
  for (const edit of edits) {
    const from = edit.pos % (state.doc.length + 1);
    const to = Math.min(state.doc.length, from + edit.del);
    const tr = state.update({ changes: { from, to, insert: edit.insert } });
    events.push({ k: 'c', c: tr.changes.toJSON() as ChangeSetJson });
    state = tr.state;
    if (++since >= every) {
      events.push({ k: 's', x: state.doc.toString(), r: 'periodic' });
      since = 0;
    }
  }
  return { events, final: state.doc.toString() };
}

describe('replaying', () => {
  it('reproduces the exact final text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(editArb, { maxLength: 60 }), (s, e) => {
        const start = textOf(s).toString();
        const { events, final } = record(start, e);
        expect(replayAll(events)).toBe(final);
      }),
    );
  });

  it('seeking (nearest snapshot, then changes) equals replaying from the start', () => {
    fc.assert(
      fc.property(fc.array(editArb, { maxLength: 50 }), fc.nat(), (edits, at) => {
        const { events } = record('function f() {}\n', edits, 5);
        const count = at % (events.length + 1);
        expect(new Replay(events).textAt(count)).toBe(replayAll(events.slice(0, count)));
      }),
    );
  });

  it('a change that does not fit the text is skipped until the next snapshot', () => {
    const events: EventBody[] = [
      { k: 's', x: 'abc', r: 'open' },
      { k: 'c', c: [10, [0, 'x']] },
      { k: 'c', c: [3, [0, 'd']] },
      { k: 's', x: 'saved', r: 'resync' },
    ];
    expect(replayAll(events.slice(0, 3))).toBe('abcd');
    expect(replayAll(events)).toBe('saved');
    expect(new Replay(events).textAt(0)).toBe('');
  });

  it('changeFor refuses a change set for another length', () => {
    expect(changeFor([3, [0, 'x']], 3)).toBeInstanceOf(ChangeSet);
    expect(changeFor([3, [0, 'x']], 4)).toBeNull();
  });
});

describe('the change set shape', () => {
  it('takes what CodeMirror writes and refuses the rest', () => {
    const tr = EditorState.create({ doc: 'hello\nworld' }).update({
      changes: [
        { from: 0, to: 1, insert: 'J' },
        { from: 6, insert: 'new\nline' },
      ],
    });
    expect(changeSetJsonSchema.safeParse(tr.changes.toJSON()).success).toBe(true);
    expect(changeSetJsonSchema.safeParse([['x', 1]]).success).toBe(false);
    expect(changeSetJsonSchema.safeParse([[1, 2]]).success).toBe(false);
    expect(changeSetJsonSchema.safeParse([-1]).success).toBe(false);
    expect(changeSetJsonSchema.safeParse('[1]').success).toBe(false);
  });

  it('an upload numbers its events in increasing order', () => {
    const chunk = (s: number[]) => ({
      clientId: 'c1',
      base: 1,
      events: s.map((n) => ({ s: n, t: 0, k: 'a', w: 'window' })),
    });
    const upload = (s: number[]) => ({ sentAt: 1, editedAt: null, chunks: [chunk(s)] });
    expect(playbackUploadSchema.safeParse(upload([1, 2, 5])).success).toBe(true);
    expect(playbackUploadSchema.safeParse(upload([2, 2])).success).toBe(false);
    expect(playbackUploadSchema.safeParse(upload([])).success).toBe(false);
  });
});

describe('the timeline', () => {
  it('skips idle gaps longer than five seconds, showing each as a short gap', () => {
    const t0 = 1_700_000_000_000;
    const times = [t0, t0 + 1000, t0 + 2000, t0 + 62_000, t0 + 63_000];
    const timeline = buildTimeline(times);
    expect(timeline.playAt).toEqual([0, 1000, 2000, 2000 + SHOWN_GAP_MS, 3000 + SHOWN_GAP_MS]);
    expect(timeline.gaps).toEqual([{ at: 2000, realMs: 60_000 }]);
    expect(timeline.duration).toBe(3000 + SHOWN_GAP_MS);
    expect(countAt(timeline, 0)).toBe(1);
    expect(countAt(timeline, 2500)).toBe(3);
    expect(countAt(timeline, timeline.duration)).toBe(5);
    // A test run in the middle of the pause lands inside the compressed gap.
    expect(playTimeOf(timeline, times, t0 + 32_000)).toBeCloseTo(2000 + SHOWN_GAP_MS / 2);
    expect(playTimeOf(timeline, times, t0 - 5)).toBe(0);
    expect(playTimeOf(timeline, times, t0 + 99_999)).toBe(timeline.duration);
  });

  it('a clock set back never runs the replay backwards', () => {
    const timeline = buildTimeline([1000, 3000, 2000, 4000]);
    expect(timeline.playAt).toEqual([0, 2000, 2000, 3000]);
  });

  it('formats times', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_000)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
  });
});

describe('the markers', () => {
  it('marks pastes, focus-away spans, repairs and test runs where they happened', () => {
    const t0 = 1_700_000_000_000;
    const events = [
      { at: t0, k: 's', x: '', r: 'open' },
      { at: t0 + 1000, k: 'c', c: [[0, 'pasted']], m: 'paste' },
      { at: t0 + 2000, k: 'a', w: 'tab' },
      { at: t0 + 2000, k: 'a', w: 'window' },
      { at: t0 + 32_000, k: 'b', w: 'tab' },
      { at: t0 + 33_000, k: 'c', c: [6, [0, '!']] },
      { at: t0 + 34_000, k: 's', x: 'pasted!', r: 'resync' },
    ] as PlaybackEvent[];
    const timeline = buildTimeline(events.map((e) => e.at));
    const runs = [
      { id: 'r', at: t0 + 33_500, trigger: 'candidate', status: 'passed', passed: 1, failed: 0 },
    ];
    const markers = playbackMarkers(events, timeline, runs);
    expect(markers.map((m) => m.kind)).toEqual(['paste', 'away', 'away', 'test-run', 'resync']);
    const tab = markers.find((m) => m.kind === 'away' && m.where === 'tab');
    expect(tab).toMatchObject({ at: 2000, end: 2000 + SHOWN_GAP_MS, realEnd: t0 + 32_000 });
    // No "back" for the window: the next edit ends it.
    const window = markers.find((m) => m.kind === 'away' && m.where === 'window');
    expect(window).toMatchObject({ end: timeline.playAt[5], realEnd: t0 + 33_000 });
    expect(markers.find((m) => m.kind === 'paste')).toMatchObject({ at: 1000, count: 2 });
    const run = markers.find((m) => m.kind === 'test-run');
    expect(run!.at).toBeGreaterThan(timeline.playAt[5]!);
    expect(run!.at).toBeLessThan(timeline.playAt[6]!);
  });

  const t0 = 1_700_000_000_000;
  const awayBands = (events: PlaybackEvent[]) => {
    const timeline = buildTimeline(events.map((e) => e.at));
    return playbackMarkers(events, timeline).filter((m) => m.kind === 'away');
  };
  /** Typing "x" at these times (ms after t0), one character each, in page session p. */
  const typing = (p: number, from: number, times: number[]): PlaybackEvent[] =>
    times.map((t, i) => ({ at: t0 + t, p, k: 'c', c: [from + i, [0, 'x']] }) as PlaybackEvent);

  it('a reload is not time away: the new page session ends the unload at its first event', () => {
    const events = [
      { at: t0, p: 1, k: 's', x: '', r: 'open' },
      ...typing(1, 0, [1000, 2000, 3000]),
      // The page unloads: the tab is hidden, the page goes.
      { at: t0 + 3500, p: 1, k: 'a', w: 'page' },
      { at: t0 + 3501, p: 1, k: 'a', w: 'tab' },
      // The reloaded page begins with "back", then typing goes on.
      { at: t0 + 4200, p: 2, k: 'b', w: 'page' },
      { at: t0 + 4200, p: 2, k: 's', x: 'xxx', r: 'open' },
      ...typing(2, 3, [5000, 6000, 7000, 8000]),
      { at: t0 + 8500, p: 2, k: 'a', w: 'page' },
      { at: t0 + 9100, p: 3, k: 's', x: 'xxxxxxx', r: 'open' },
      ...typing(3, 7, [10_000, 11_000]),
    ] as PlaybackEvent[];
    const timeline = buildTimeline(events.map((e) => e.at));
    const markers = playbackMarkers(events, timeline);
    const bands = markers.filter((m) => m.kind === 'away');
    // Two reloads: two short "page closed or reloaded" spans, no "tab hidden" over anything.
    expect(bands.map((m) => m.kind === 'away' && m.where)).toEqual(['page', 'page']);
    expect(bands.map((m) => m.kind === 'away' && m.realEnd - m.real)).toEqual([700, 600]);
    // Nothing away while any key was typed.
    for (const e of events.filter((e) => e.k === 'c')) {
      expect(bands.some((m) => m.kind === 'away' && m.real < e.at && e.at < m.realEnd)).toBe(false);
    }
    // The page sessions' boundaries are marked where each later one begins.
    const sessions = markers.filter((m) => m.kind === 'session');
    expect(sessions).toMatchObject([
      { session: 2, real: t0 + 4200, count: 7 },
      { session: 3, real: t0 + 9100, count: 14 },
    ]);
  });

  it('closing the tab and coming back the next day: away from the close to the return', () => {
    const day = 24 * 3600 * 1000;
    const events = [
      { at: t0, p: 1, k: 's', x: '', r: 'open' },
      ...typing(1, 0, [1000]),
      { at: t0 + 2000, p: 1, k: 'a', w: 'tab' },
      { at: t0 + 2001, p: 1, k: 'a', w: 'page' },
      // An older recorder: the new page session has no "back" event at all.
      { at: t0 + day, p: 2, k: 's', x: 'x', r: 'open' },
      ...typing(2, 1, [day + 1000]),
    ] as PlaybackEvent[];
    const bands = awayBands(events);
    expect(bands).toMatchObject([
      { where: 'tab', real: t0 + 2000, realEnd: t0 + 2001 },
      { where: 'page', real: t0 + 2001, realEnd: t0 + day },
    ]);
  });

  it('away, then an edit without any focus event: the edit ends the away', () => {
    const events = [
      { at: t0, k: 's', x: '', r: 'open' },
      { at: t0 + 1000, k: 'a', w: 'window' },
      { at: t0 + 1000, k: 'a', w: 'editor' },
      ...typing(1, 0, [9000, 10_000]),
      { at: t0 + 12_000, k: 'a', w: 'tab' },
    ] as PlaybackEvent[];
    const bands = awayBands(events);
    expect(bands).toMatchObject([
      { where: 'window', real: t0 + 1000, realEnd: t0 + 9000 },
      { where: 'editor', real: t0 + 1000, realEnd: t0 + 9000 },
      // Still away when the recording ends.
      { where: 'tab', real: t0 + 12_000, realEnd: t0 + 12_000 },
    ]);
  });

  it('a page restored from the back-forward cache comes back with its own "back"', () => {
    const events = [
      { at: t0, p: 1, k: 's', x: '', r: 'open' },
      { at: t0 + 1000, p: 1, k: 'a', w: 'page' },
      { at: t0 + 1001, p: 1, k: 'a', w: 'tab' },
      { at: t0 + 20_000, p: 1, k: 'b', w: 'page' },
      { at: t0 + 21_000, p: 1, k: 'a', w: 'tab' },
      { at: t0 + 22_000, p: 1, k: 'b', w: 'tab' },
    ] as PlaybackEvent[];
    expect(awayBands(events)).toMatchObject([
      { where: 'page', real: t0 + 1000, realEnd: t0 + 20_000 },
      { where: 'tab', real: t0 + 21_000, realEnd: t0 + 22_000 },
    ]);
  });

  it("two tabs at once: the later one working ends the earlier one's away, not the reverse", () => {
    const events = [
      { at: t0, p: 1, k: 's', x: '', r: 'open' },
      { at: t0 + 1000, p: 1, k: 'a', w: 'window' },
      { at: t0 + 2000, p: 2, k: 's', x: '', r: 'open' },
      { at: t0 + 3000, p: 2, k: 'a', w: 'window' },
      { at: t0 + 4000, p: 1, k: 'b', w: 'window' },
    ] as PlaybackEvent[];
    expect(awayBands(events)).toMatchObject([
      { where: 'window', real: t0 + 1000, realEnd: t0 + 2000 },
      { where: 'window', real: t0 + 3000, realEnd: t0 + 4000 },
    ]);
  });
});
