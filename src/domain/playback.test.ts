import { ChangeSet, EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  type ChangeSetJson,
  changeFor,
  changeSetJsonSchema,
  clock,
  countAt,
  type EventBody,
  type PlaybackEvent,
  playbackMarkers,
  playbackUploadSchema,
  playTimeOf,
  Replay,
  replayAll,
  SHOWN_GAP_MS,
  textOf,
} from './playback';

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
    const window = markers.find((m) => m.kind === 'away' && m.where === 'window');
    expect(window).toMatchObject({ end: timeline.duration });
    expect(markers.find((m) => m.kind === 'paste')).toMatchObject({ at: 1000, count: 2 });
    const run = markers.find((m) => m.kind === 'test-run');
    expect(run!.at).toBeGreaterThan(timeline.playAt[5]!);
    expect(run!.at).toBeLessThan(timeline.playAt[6]!);
  });
});
