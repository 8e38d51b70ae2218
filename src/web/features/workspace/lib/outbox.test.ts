import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isRetryable,
  type KeyValueStore,
  Outbox,
  retryDelayMs,
  type SendLane,
  type SendResult,
} from './outbox';

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

/** A send whose answers the test hands out one call at a time. */
function controlledSend() {
  const calls: { lane: string; answer: (r: SendResult) => void }[] = [];
  const send = vi.fn<SendLane>(
    (lane) =>
      new Promise<SendResult>((resolve) => {
        calls.push({ lane, answer: resolve });
      }),
  );
  return { send, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retry rules', () => {
  it('backs off 2 s, 4 s, 8 s ... up to 30 s, and retries only what can change', () => {
    expect([1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
    expect([0, 401, 408, 429, 500, 503].every(isRetryable)).toBe(true);
    expect([400, 403, 404, 409, 413, 422].some(isRetryable)).toBe(false);
  });
});

describe('Outbox: order', () => {
  it('sends one lane one request at a time; asks made meanwhile become one more send after it', async () => {
    const { send, calls } = controlledSend();
    const outbox = new Outbox({ storage: memoryStorage(), send });
    const first = outbox.sendNow('a.ts');
    void outbox.sendNow('a.ts');
    void outbox.sendNow('a.ts');
    await settle();
    expect(calls).toHaveLength(1);
    expect(outbox.isSending('a.ts')).toBe(true);
    calls[0]!.answer('done');
    await settle();
    // The two asks made while the first was on its way: one more send, after the first.
    expect(calls).toHaveLength(2);
    calls[1]!.answer('done');
    await first;
    expect(calls).toHaveLength(2);
    expect(outbox.isSending('a.ts')).toBe(false);
  });

  it('keeps lanes independent: a slow file does not hold another back', async () => {
    const { send, calls } = controlledSend();
    const outbox = new Outbox({ storage: null, send });
    void outbox.sendNow('slow.ts');
    void outbox.sendNow('fast.ts');
    await settle();
    expect(calls.map((c) => c.lane)).toEqual(['slow.ts', 'fast.ts']);
  });

  it('debounces: a later schedule replaces the earlier timer', async () => {
    const send = vi.fn<SendLane>(async () => 'done');
    const outbox = new Outbox({ storage: null, send });
    outbox.schedule('a.ts', 1000);
    await vi.advanceTimersByTimeAsync(800);
    outbox.schedule('a.ts', 1000);
    await vi.advanceTimersByTimeAsync(800);
    expect(send).not.toHaveBeenCalled();
    expect(outbox.isScheduled('a.ts')).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.isScheduled('a.ts')).toBe(false);
  });

  it('"more" (acknowledged, and something newer waits) sends again at once', async () => {
    const answers: SendResult[] = ['more', 'done'];
    const send = vi.fn<SendLane>(async () => answers.shift() ?? 'done');
    const outbox = new Outbox({ storage: null, send });
    await outbox.sendNow('a.ts');
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('Outbox: offline', () => {
  it('retries a dropped connection with backoff until it gets through', async () => {
    const answers: SendResult[] = ['retry', 'retry', 'retry', 'done'];
    const send = vi.fn<SendLane>(async () => answers.shift() ?? 'done');
    const outbox = new Outbox({ storage: null, send });
    await outbox.sendNow('a.ts');
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.attempts('a.ts')).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(send).toHaveBeenCalledTimes(4);
    expect(outbox.attempts('a.ts')).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('a throwing send counts as a dropped connection', async () => {
    const send = vi.fn<SendLane>(async () => {
      throw new Error('boom');
    });
    const outbox = new Outbox({ storage: null, send });
    await outbox.sendNow('a.ts');
    expect(outbox.attempts('a.ts')).toBe(1);
    expect(outbox.isScheduled('a.ts')).toBe(true);
  });

  it('back online: every failed lane is sent at once, the others are left alone', async () => {
    let online = false;
    const send = vi.fn<SendLane>(async (lane) =>
      lane === 'ok.ts' || online ? 'done' : ('retry' as const),
    );
    const outbox = new Outbox({ storage: null, send });
    await outbox.flush(['a.ts', 'b.ts', 'ok.ts']);
    expect(send).toHaveBeenCalledTimes(3);
    online = true;
    outbox.retryFailed();
    await settle();
    expect(send.mock.calls.slice(3).map(([lane]) => lane)).toEqual(['a.ts', 'b.ts']);
    expect(outbox.attempts('a.ts') + outbox.attempts('b.ts')).toBe(0);
    // Their backoff timers were replaced by the sends: nothing more goes out later.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('a refusal is not retried on a timer, but coming back online tries it again', async () => {
    const answers: SendResult[] = ['refused', 'done'];
    const send = vi.fn<SendLane>(async () => answers.shift() ?? 'done');
    const outbox = new Outbox({ storage: null, send });
    await outbox.sendNow('a.ts');
    expect(outbox.isScheduled('a.ts')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1);
    outbox.retryFailed();
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
  });
});

describe('Outbox: storage, acknowledgement and reload', () => {
  it('keeps a record until its owner removes it on the acknowledgement', async () => {
    const storage = memoryStorage();
    let online = false;
    const outbox = new Outbox({
      storage,
      send: async () => {
        if (!online) return 'retry';
        outbox.remove('tf:x:a.ts');
        return 'done';
      },
    });
    expect(outbox.write('tf:x:a.ts', 'text')).toBe(true);
    await outbox.sendNow('a.ts');
    expect(storage.data.get('tf:x:a.ts')).toBe('text');
    online = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(storage.data.has('tf:x:a.ts')).toBe(false);
  });

  it('a reload finds what the earlier page load left, by prefix', () => {
    const storage = memoryStorage();
    const keys = () => [...storage.data.keys()];
    const before = new Outbox({ storage, storedKeys: keys, send: async () => 'retry' });
    before.write('tf:playback:a1:c1:x.ts', '1');
    before.write('tf:playback:a2:c1:x.ts', '2');
    before.write('other', '3');
    const after = new Outbox({ storage, storedKeys: keys, send: async () => 'done' });
    expect(after.keys('tf:playback:a1:')).toEqual(['tf:playback:a1:c1:x.ts']);
    expect(after.read('tf:playback:a1:c1:x.ts')).toBe('1');
  });

  it('storage that refuses (full, private mode) never throws: the write says it failed', () => {
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const outbox = new Outbox({
      storage: refusing,
      storedKeys: () => {
        throw new Error('denied');
      },
      send: async () => 'done',
    });
    expect(outbox.write('k', 'v')).toBe(false);
    expect(outbox.read('k')).toBeNull();
    expect(() => outbox.remove('k')).not.toThrow();
    expect(outbox.keys('')).toEqual([]);
    expect(new Outbox({ storage: null, send: async () => 'done' }).write('k', 'v')).toBe(false);
  });

  it('release sends what waits, then stops the timers once nobody holds it', async () => {
    const send = vi.fn<SendLane>(async () => 'retry');
    const outbox = new Outbox({ storage: null, send });
    outbox.retain();
    outbox.retain();
    outbox.schedule('a.ts', 1000);
    await outbox.release();
    // Still held once: the failed send's retry stays scheduled.
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.isScheduled('a.ts')).toBe(true);
    await outbox.release();
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.isScheduled('a.ts')).toBe(false);
    expect(outbox.isDisposed).toBe(true);
    outbox.schedule('a.ts', 10);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
