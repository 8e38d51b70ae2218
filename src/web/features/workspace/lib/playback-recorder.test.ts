import { EditorState } from '@codemirror/state';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyEvent,
  type EventBody,
  PLAYBACK_TEXTS,
  type PlaybackUpload,
  replayAll,
} from '../../../../domain/playback';
import type { KeyValueStore } from './file-sync';
import {
  PlaybackRecorder,
  type PlaybackRecorderOptions,
  type PostOutcome,
  parseStored,
  playbackKey,
  splitUploads,
} from './playback-recorder';

const ID = 'a1';
const FILE = 'auth.ts';

function memoryStorage(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
}

/** The server's rules in small: skip numbers already stored, apply in arrival order. */
function fakeServer() {
  const stored: EventBody[] = [];
  const seen = new Map<string, number>();
  const uploads: PlaybackUpload[] = [];
  let failNext: PostOutcome | null = null;
  const post = vi.fn(async (_file: string, upload: PlaybackUpload): Promise<PostOutcome> => {
    uploads.push(upload);
    if (failNext) {
      const outcome = failNext;
      failNext = null;
      return outcome;
    }
    let count = 0;
    for (const chunk of upload.chunks) {
      for (const { s, t: _t, ...body } of chunk.events) {
        if (s <= (seen.get(chunk.clientId) ?? 0)) continue;
        seen.set(chunk.clientId, s);
        stored.push(body as EventBody);
        count += 1;
      }
    }
    return {
      kind: 'ok',
      result: { stored: count, duplicates: 0, dropped: 0, resynced: false, storedBytes: 0 },
    };
  });
  return {
    stored,
    uploads,
    post,
    fail(outcome: PostOutcome) {
      failNext = outcome;
    },
  };
}

/** An editor in small: transactions through CodeMirror's state, reported to the recorder. */
function editor(recorder: PlaybackRecorder, start: string) {
  let state = EditorState.create({ doc: start });
  recorder.opened(FILE, state.doc);
  return {
    type(insert: string, mark?: 'paste') {
      const tr = state.update({ changes: { from: state.doc.length, insert } });
      state = tr.state;
      recorder.change(FILE, tr.changes, state.doc, mark);
    },
    erase(n: number) {
      const tr = state.update({ changes: { from: state.doc.length - n, to: state.doc.length } });
      state = tr.state;
      recorder.change(FILE, tr.changes, state.doc);
    },
    get text() {
      return state.doc.toString();
    },
  };
}

let clock = 1_000_000;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
});
afterEach(() => {
  vi.useRealTimers();
});

function make(
  storage: KeyValueStore & { data: Map<string, string> },
  over: Partial<PlaybackRecorderOptions> = {},
) {
  const server = fakeServer();
  const saveText = vi.fn(async () => {});
  const recorder = new PlaybackRecorder({
    assessmentId: ID,
    storage,
    storedKeys: () => [...storage.data.keys()],
    post: server.post,
    saveText,
    editedAtOf: () => 42,
    now: () => clock,
    delayMs: 1000,
    ...over,
  });
  return { recorder, server, saveText };
}

describe('PlaybackRecorder', () => {
  it('sends the events after the autosave delay, after the text, and forgets them once stored', async () => {
    const storage = memoryStorage();
    const { recorder, server, saveText } = make(storage);
    const ed = editor(recorder, 'let a = 1;');
    clock += 100;
    ed.type('\nlet b');
    clock += 50;
    ed.type(' = 2;', 'paste');
    recorder.focus('a', 'window');
    const key = playbackKey(ID, recorder.clientId, FILE);
    // The page session begins with "back" (the candidate is here), then the opening snapshot.
    expect(parseStored(storage.getItem(key))?.events.map((e) => e.k)).toEqual([
      'b',
      's',
      'c',
      'c',
      'a',
    ]);
    expect(server.post).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1000);
    expect(saveText).toHaveBeenCalledWith(FILE, false);
    expect(server.post).toHaveBeenCalledTimes(1);
    const [upload] = server.uploads;
    expect(upload?.editedAt).toBe(42);
    expect(upload?.chunks[0]?.events.map((e) => e.t)).toEqual([0, 0, 100, 150, 150]);
    expect(upload?.chunks[0]?.events[0]).toMatchObject({ k: 'b', w: 'page' });
    expect(upload?.chunks[0]?.events[3]).toMatchObject({ k: 'c', m: 'paste' });
    expect(storage.getItem(key)).toBeNull();
    expect(replayAll(server.stored)).toBe(ed.text);
    expect(recorder.hasPending()).toBe(false);
  });

  it('keeps events through a failed request and sends them once, with the newer ones', async () => {
    const storage = memoryStorage();
    const { recorder, server } = make(storage);
    const ed = editor(recorder, '');
    ed.type('a');
    server.fail({ kind: 'failed', status: 0, message: 'offline' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.post).toHaveBeenCalledTimes(1);
    expect(recorder.hasPending()).toBe(true);
    ed.type('b');
    ed.erase(1);
    ed.type('c');
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.post).toHaveBeenCalledTimes(2);
    expect(server.uploads[1]?.chunks[0]?.events.map((e) => e.s)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(server.stored).toHaveLength(6);
    expect(replayAll(server.stored)).toBe('ac');
  });

  it('waits while the tree has changes on their way (the server may not know the name yet)', async () => {
    const storage = memoryStorage();
    let treePending = true;
    const { recorder, server } = make(storage, { blocked: () => treePending });
    const ed = editor(recorder, '');
    ed.type('typed in a new file');
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.post).not.toHaveBeenCalled();
    expect(recorder.hasPending()).toBe(true);
    // The create reached the server: the events go (the retry, or at once when asked).
    treePending = false;
    recorder.retryFailed();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.post).toHaveBeenCalledTimes(1);
    expect(replayAll(server.stored)).toBe(ed.text);
  });

  it('a reload sends what the last page load left, first, and a duplicate send stores nothing twice', async () => {
    const storage = memoryStorage();
    const first = make(storage);
    const ed = editor(first.recorder, 'x');
    ed.type('y');
    // The page goes away before the debounce: the events are only in storage.
    first.recorder.focus('a', 'page');
    first.recorder.dispose();
    const { recorder, server } = make(storage);
    const again = editor(recorder, ed.text);
    again.type('z');
    await vi.advanceTimersByTimeAsync(1000);
    const sent = server.uploads.flatMap((u) => u.chunks.map((c) => c.clientId));
    expect(sent[0]).toBe(first.recorder.clientId);
    expect(sent.at(-1)).toBe(recorder.clientId);
    expect(replayAll(server.stored)).toBe('xyz');
    // The unload, then the new page session beginning with "back": no time away over typing.
    expect(server.stored.map((e) => (e.k === 'a' || e.k === 'b' ? `${e.k}:${e.w}` : e.k))).toEqual([
      'b:page',
      's',
      'c',
      'a:page',
      'b:page',
      's',
      'c',
    ]);
    expect([...storage.data.keys()]).toEqual([]);
  });

  it('takes a snapshot every few hundred changes, so a seek applies few of them', async () => {
    const storage = memoryStorage();
    const { recorder, server } = make(storage, { snapshotEvery: 10 });
    const ed = editor(recorder, '');
    for (let i = 0; i < 25; i++) ed.type(String(i % 10));
    await vi.advanceTimersByTimeAsync(1000);
    const snapshots = server.stored.filter((e) => e.k === 's');
    expect(snapshots.map((e) => e.k === 's' && e.r)).toEqual(['open', 'periodic', 'periodic']);
    let doc = null;
    for (const e of server.stored) doc = applyEvent(doc, e).doc;
    expect(doc?.toString()).toBe(ed.text);
  });

  it('drops what the server refuses for good, and stops recording a full file', async () => {
    const storage = memoryStorage();
    const { recorder, server } = make(storage);
    const ed = editor(recorder, '');
    ed.type('a');
    server.fail({ kind: 'failed', status: 413, message: PLAYBACK_TEXTS.recordingFull });
    await vi.advanceTimersByTimeAsync(1000);
    expect(recorder.hasPending()).toBe(false);
    ed.type('b');
    expect(recorder.hasPending()).toBe(false);
    expect(storage.data.size).toBe(0);
  });

  it('flushAll says whether the server has everything recorded so far', async () => {
    const storage = memoryStorage();
    const { recorder, server } = make(storage);
    editor(recorder, 'a');
    server.fail({ kind: 'failed', status: 503, message: 'busy' });
    expect(await recorder.flushAll()).toBe(false);
    expect(await recorder.flushAll()).toBe(true);
  });

  it('records nothing once disabled (the assessment was submitted)', () => {
    const storage = memoryStorage();
    const { recorder } = make(storage);
    recorder.disable();
    editor(recorder, 'a');
    recorder.focus('a', 'tab');
    expect(recorder.hasPending()).toBe(false);
  });
});

describe('splitUploads', () => {
  it('splits runs into uploads under the size cap and leaves out an event too large to send', () => {
    const events = Array.from({ length: 30 }, (_, i) => ({
      s: i + 1,
      t: i,
      k: 's' as const,
      x: 'y'.repeat(i === 5 ? 5000 : 100),
      r: 'open' as const,
    }));
    const uploads = splitUploads(
      [{ key: 'k', fileName: FILE, clientId: 'c', base: 0, events }],
      2000,
    );
    expect(uploads.length).toBeGreaterThan(1);
    expect(uploads.flatMap((u) => u.skipped)).toEqual([{ key: 'k', s: 6 }]);
    const sent = uploads.flatMap((u) => u.chunks.flatMap((c) => c.events.map((e) => e.s)));
    expect(sent).toEqual(events.map((e) => e.s).filter((s) => s !== 6));
    for (const u of uploads) expect(JSON.stringify(u.chunks).length).toBeLessThan(2000);
  });
});
