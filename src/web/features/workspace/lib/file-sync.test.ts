import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandidateFile } from '../../../../domain/assessments';
import {
  FileSync,
  isRetryable,
  type KeyValueStore,
  nextEditedAt,
  parseLocalEntry,
  pickNewest,
  resolveConflict,
  retryDelayMs,
  type SaveBody,
  type SaveOutcome,
  storageKey,
} from './file-sync';

const ID = 'a1';
const FILE = 'auth.service.ts';
const KEY = storageKey(ID, FILE);

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

const serverFile = (content: string, editedAt: number | null): CandidateFile => ({
  fileName: FILE,
  content,
  editedAt,
  updatedAt: editedAt === null ? null : new Date(editedAt).toISOString(),
});

/** A save function whose answers the test hands out one call at a time. */
function controlledSave() {
  const calls: { body: SaveBody; keepalive: boolean; answer: (o: SaveOutcome) => void }[] = [];
  const save = vi.fn(
    (_name: string, body: SaveBody, { keepalive }: { keepalive: boolean }) =>
      new Promise<SaveOutcome>((resolve) => {
        calls.push({ body, keepalive, answer: resolve });
      }),
  );
  const ok = (i: number) => {
    const call = calls[i];
    if (!call) throw new Error(`no save call ${i}`);
    call.answer({ kind: 'saved', file: serverFile(call.body.content, call.body.editedAt) });
  };
  return { save, calls, ok };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

let clock = 1_000_000;
beforeEach(() => {
  vi.useFakeTimers();
  clock = 1_000_000;
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(storage = memoryStorage()) {
  const control = controlledSave();
  const sync = new FileSync({
    assessmentId: ID,
    storage,
    save: control.save,
    now: () => clock,
  });
  return { sync, storage, ...control };
}

describe('decisions', () => {
  it('keys the stored copy by assessment and file', () => {
    expect(storageKey('x', 'README.md')).toBe('tf:file:x:README.md');
  });

  it('ignores stored values that are not ours', () => {
    expect(parseLocalEntry(null)).toBeNull();
    expect(parseLocalEntry('{oops')).toBeNull();
    expect(parseLocalEntry('{"content":1,"editedAt":2}')).toBeNull();
    expect(parseLocalEntry('{"content":"a"}')).toBeNull();
    expect(parseLocalEntry('{"content":"a","editedAt":5}')).toEqual({ content: 'a', editedAt: 5 });
  });

  it('picks the newest version, the server over an equally old stored copy', () => {
    const server = { content: 's', editedAt: 10 };
    expect(pickNewest(null, server, { content: 'l', editedAt: 11 })).toBe('local');
    expect(pickNewest(null, server, { content: 'l', editedAt: 10 })).toBe('server');
    expect(pickNewest(null, server, { content: 'l', editedAt: 9 })).toBe('server');
    expect(pickNewest(null, { content: 't', editedAt: null }, { content: 'l', editedAt: 1 })).toBe(
      'local',
    );
    expect(pickNewest({ content: 'o', editedAt: 10 }, server, null)).toBe('open');
    expect(pickNewest({ content: 'o', editedAt: 9 }, server, null)).toBe('server');
    expect(pickNewest({ content: 'o', editedAt: 12 }, server, { content: 'l', editedAt: 11 })).toBe(
      'open',
    );
  });

  it('keeps local text after a 409 only when it is newer than the server', () => {
    expect(resolveConflict(20, { editedAt: 10 })).toBe('keep-local');
    expect(resolveConflict(10, { editedAt: 10 })).toBe('take-server');
    expect(resolveConflict(5, { editedAt: 10 })).toBe('take-server');
    expect(resolveConflict(null, { editedAt: null })).toBe('take-server');
  });

  it('stamps an edit after the version it was made on, even with a slow clock', () => {
    expect(nextEditedAt(100, null)).toBe(100);
    expect(nextEditedAt(100, 50)).toBe(100);
    expect(nextEditedAt(100, 100)).toBe(101);
    expect(nextEditedAt(100, 500)).toBe(501);
  });

  it('backs off 2 s, 4 s, 8 s ... up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('retries lost connections and server errors, not refusals', () => {
    expect([0, 401, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 403, 404, 413].some(isRetryable)).toBe(false);
  });
});

describe('FileSync', () => {
  it('stores every edit at once and saves 1000 ms after the last one', async () => {
    const { sync, storage, save, calls, ok } = setup();
    sync.sync(serverFile('start', null), true);

    sync.edit(FILE, 'a');
    expect(parseLocalEntry(storage.getItem(KEY))).toEqual({ content: 'a', editedAt: clock });
    expect(sync.view(FILE)?.status).toBe('saving');
    clock += 500;
    await vi.advanceTimersByTimeAsync(500);
    sync.edit(FILE, 'ab');
    expect(parseLocalEntry(storage.getItem(KEY))?.content).toBe('ab');
    await vi.advanceTimersByTimeAsync(999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]?.body).toEqual({ content: 'ab', editedAt: clock });

    ok(0);
    await settle();
    expect(sync.view(FILE)?.status).toBe('saved');
    expect(storage.getItem(KEY)).toBeNull();
    expect(sync.hasPending()).toBe(false);
  });

  it('keeps the stored copy of an edit typed while the save was on its way, then saves it', async () => {
    const { sync, storage, calls, ok } = setup();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'one');
    await vi.advanceTimersByTimeAsync(1000);
    clock += 1000;
    sync.edit(FILE, 'two');
    ok(0);
    await settle();
    expect(parseLocalEntry(storage.getItem(KEY))?.content).toBe('two');
    expect(sync.view(FILE)?.status).toBe('saving');

    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[1]?.body.content).toBe('two');
    ok(1);
    await settle();
    expect(storage.getItem(KEY)).toBeNull();
    expect(sync.view(FILE)?.status).toBe('saved');
  });

  it('saves again after a save that was running when the timer fired', async () => {
    const { sync, calls, ok } = setup();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'one');
    await vi.advanceTimersByTimeAsync(1000);
    clock += 10;
    sync.edit(FILE, 'two');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    ok(0);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body.content).toBe('two');
  });

  it('keeps the text after a failure, shows the error and retries with backoff', async () => {
    const { sync, storage, calls, ok } = setup();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'offline text');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.answer({ kind: 'failed', status: 0, message: 'Could not reach the server' });
    await settle();
    expect(sync.view(FILE)).toMatchObject({ status: 'error', error: 'Could not reach the server' });
    expect(parseLocalEntry(storage.getItem(KEY))?.content).toBe('offline text');

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(sync.view(FILE)?.status).toBe('saving');
    calls[1]?.answer({ kind: 'failed', status: 503, message: 'Unavailable' });
    await settle();
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    ok(2);
    await settle();
    expect(sync.view(FILE)?.status).toBe('saved');
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('retries at once when the connection comes back', async () => {
    const { sync, calls } = setup();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'x');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.answer({ kind: 'failed', status: 0, message: 'offline' });
    await settle();
    sync.retryFailed();
    await settle();
    expect(calls).toHaveLength(2);
    // The pending backoff timer was replaced, not doubled.
    calls[1]?.answer({ kind: 'saved', file: serverFile('x', calls[1].body.editedAt) });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
  });

  it('does not retry a refusal but keeps the text', async () => {
    const { sync, storage, calls } = setup();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'x');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.answer({ kind: 'failed', status: 403, message: 'Completed' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    expect(sync.view(FILE)?.status).toBe('error');
    expect(storage.getItem(KEY)).not.toBeNull();
  });

  it('on load shows and saves a stored copy newer than the server', async () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ content: 'unsaved work', editedAt: 500 }));
    const { sync, calls } = setup(storage);
    sync.sync(serverFile('older', 400), true);
    expect(sync.view(FILE)).toMatchObject({ content: 'unsaved work', status: 'saving' });
    await settle();
    expect(calls[0]?.body).toEqual({ content: 'unsaved work', editedAt: 500 });
  });

  it('on load drops a stored copy the server already has or has newer text than', () => {
    for (const serverEditedAt of [500, 600]) {
      const storage = memoryStorage();
      storage.setItem(KEY, JSON.stringify({ content: 'stale', editedAt: 500 }));
      const { sync, save } = setup(storage);
      sync.sync(serverFile('server text', serverEditedAt), true);
      expect(sync.view(FILE)?.content).toBe('server text');
      expect(storage.getItem(KEY)).toBeNull();
      expect(save).not.toHaveBeenCalled();
    }
  });

  it('read-only viewers neither use nor remove the stored copy', () => {
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ content: 'local', editedAt: 500 }));
    const { sync, save } = setup(storage);
    sync.sync(serverFile('server', 400), false);
    expect(sync.view(FILE)?.content).toBe('server');
    expect(storage.getItem(KEY)).not.toBeNull();
    expect(save).not.toHaveBeenCalled();

    // Becoming editable (e.g. the candidate reopens the assessment) picks it up.
    sync.sync(serverFile('server', 400), true);
    expect(sync.view(FILE)).toMatchObject({ content: 'local', revision: 1, status: 'saving' });
  });

  it('on a 409 takes the server text when nothing newer was typed', async () => {
    const { sync, storage, calls } = setup();
    sync.sync(serverFile('start', 100), true);
    sync.edit(FILE, 'mine');
    await vi.advanceTimersByTimeAsync(1000);
    calls[0]?.answer({ kind: 'conflict', file: serverFile('from another tab', clock + 5000) });
    await settle();
    expect(sync.view(FILE)).toMatchObject({
      content: 'from another tab',
      status: 'saved',
      dirty: false,
      revision: 1,
    });
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('on a 409 keeps and saves text typed after the refused save if it is newer', async () => {
    const { sync, calls } = setup();
    sync.sync(serverFile('start', 100), true);
    sync.edit(FILE, 'first');
    await vi.advanceTimersByTimeAsync(1000);
    clock += 10_000;
    sync.edit(FILE, 'second');
    calls[0]?.answer({ kind: 'conflict', file: serverFile('other', clock - 5000) });
    await settle();
    expect(calls[1]?.body).toEqual({ content: 'second', editedAt: clock });
    expect(sync.view(FILE)?.content).toBe('second');
  });

  it('stamps edits after the server version, so a slow clock still wins', async () => {
    const { sync, calls } = setup();
    sync.sync(serverFile('from a fast clock', clock + 60_000), true);
    sync.edit(FILE, 'typed here');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls[0]?.body.editedAt).toBe(clock + 60_001);
  });

  it('takes newer server text on a refetch only when nothing is pending', async () => {
    const { sync, ok } = setup();
    sync.sync(serverFile('v1', 100), true);
    sync.sync(serverFile('v2', 200), true);
    expect(sync.view(FILE)).toMatchObject({ content: 'v2', revision: 1 });
    sync.sync(serverFile('v1', 100), true);
    expect(sync.view(FILE)?.content).toBe('v2');

    sync.edit(FILE, 'typing');
    sync.sync(serverFile('v3', 300), true);
    expect(sync.view(FILE)?.content).toBe('typing');
    await vi.advanceTimersByTimeAsync(1000);
    ok(0);
    await settle();
    expect(sync.view(FILE)?.content).toBe('typing');
  });

  it('flush saves at once and resolves when the save settled', async () => {
    const { sync, calls, ok } = setup();
    sync.sync(serverFile('start', null), true);
    sync.sync({ ...serverFile('readme', null), fileName: 'README.md' }, true);
    sync.edit(FILE, 'a');
    sync.edit('README.md', '# b');
    let done = false;
    const flushed = sync.flush(undefined, { keepalive: true }).then(() => {
      done = true;
    });
    await settle();
    expect(calls.map((c) => [c.body.content, c.keepalive])).toEqual([
      ['a', true],
      ['# b', true],
    ]);
    ok(0);
    await settle();
    expect(done).toBe(false);
    ok(1);
    await flushed;
    expect(sync.hasPending()).toBe(false);
    // No second save from the cancelled autosave timers.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(2);
  });

  it('remembers when the browser storage refused an edit', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { sync } = setup(storage);
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'x');
    expect(sync.hasUnprotected()).toBe(true);
    expect(sync.view(FILE)?.status).toBe('saving');
  });

  it('tells subscribers about changes and stops after dispose', async () => {
    const { sync, save } = setup();
    const listener = vi.fn();
    sync.subscribe(listener);
    sync.sync(serverFile('start', null), true);
    expect(listener).toHaveBeenCalled();
    sync.edit(FILE, 'x');
    sync.dispose();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('FileSync lifetime', () => {
  it('on release sends what is pending, then stops retrying once nobody holds it', async () => {
    const { sync, calls } = setup();
    sync.retain();
    sync.sync(serverFile('start', null), true);
    sync.edit(FILE, 'leaving');
    const released = sync.release();
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]?.answer({ kind: 'failed', status: 0, message: 'offline' });
    await released;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('survives an unmount and remount (React strict mode)', async () => {
    const { sync, calls } = setup();
    sync.retain();
    sync.sync(serverFile('start', null), true);
    const released = sync.release();
    sync.retain();
    await released;
    sync.edit(FILE, 'still working');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });
});
