/**
 * The workspace's local outbox: what the candidate did is kept in the browser's storage until
 * the server acknowledged it, and sent with retries (issue 17, item 15). FileSync (the files'
 * and answers' text) and PlaybackRecorder (the editor's events) both keep their work here;
 * each decides what a record holds and what an acknowledgement removes, the outbox does the
 * rest the same way for both:
 * - storage: records under `key`, written at once, read back after a reload (`keys()` finds
 *   what an earlier page load left), never throwing when the browser refuses storage;
 * - lanes: one send loop per lane (a file), so a lane's requests go one at a time and in
 *   order; a send asked for while one is on its way runs right after it (`again`);
 * - timers: a debounce per lane, and on a failure a retry with backoff (2 s, 4 s ... 30 s)
 *   when asking again can help; `retryFailed()` (the browser is back online) retries at once.
 *
 * No DOM here: storage, timers and the send function are passed in, so every rule is
 * unit-tested (outbox.test.ts).
 */

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export const defaultTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;

/** 2 s, 4 s, 8 s, ... at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/**
 * Worth asking again: no connection (0), an expired session (401, after signing in again),
 * timeouts, rate limits and server errors. A refusal (400, 403, 404, 413) will not change.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * What one send of a lane came to:
 * - `done`: the server has it (or refused it for good and the lane dropped it);
 * - `more`: the server has it and more is waiting already: send again at once;
 * - `retry`: it failed in a way worth asking again, later (backoff);
 * - `refused`: it failed and asking again will not help by itself (kept; `retryFailed` or a
 *   new send tries again).
 */
export type SendResult = 'done' | 'more' | 'retry' | 'refused';

export type SendLane = (lane: string, options: { keepalive: boolean }) => Promise<SendResult>;

type Lane = {
  running: Promise<void> | null;
  /** Asked to send while a send was on its way: send again when it settles. */
  again: boolean;
  /** Failed sends in a row (0: the last one got through). */
  attempts: number;
  timer: unknown;
};

export type OutboxOptions = {
  storage: KeyValueStore | null;
  /** The storage's keys, to find what earlier page loads left (absent: nothing to adopt). */
  storedKeys?: () => string[];
  timers?: Timers;
  /** Sends what waits in one lane; never throws (a throw counts as a dropped connection). */
  send: SendLane;
};

export class Outbox {
  private readonly lanes = new Map<string, Lane>();
  private readonly timers: Timers;
  private disposed = false;
  private holders = 0;

  constructor(private readonly options: OutboxOptions) {
    this.timers = options.timers ?? defaultTimers;
  }

  // --- storage ------------------------------------------------------------------------

  /** The stored record, or null (absent, or storage refused). */
  read(key: string): string | null {
    try {
      return this.options.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /** Stores a record at once; false when storage refused it (it then lives in memory only). */
  write(key: string, value: string): boolean {
    if (!this.options.storage) return false;
    try {
      this.options.storage.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  }

  /** The server acknowledged what this record held: forget it. */
  remove(key: string): void {
    try {
      this.options.storage?.removeItem(key);
    } catch {
      // Nothing to do: a stale record is superseded by the server's newer state next time.
    }
  }

  /** Keys of stored records starting with `prefix` (what earlier page loads left). */
  keys(prefix: string): string[] {
    let keys: string[] = [];
    try {
      keys = this.options.storedKeys?.() ?? [];
    } catch {
      keys = [];
    }
    return keys.filter((key) => key.startsWith(prefix));
  }

  // --- sending ------------------------------------------------------------------------

  /** Sends the lane after `ms` (a debounce: a later call replaces an earlier timer). */
  schedule(lane: string, ms: number): void {
    const state = this.lane(lane);
    this.clearTimer(state);
    if (this.disposed) return;
    state.timer = this.timers.set(() => {
      state.timer = null;
      void this.sendNow(lane);
    }, ms);
  }

  /** A send of the lane is waiting on a timer (debounce or retry). */
  isScheduled(lane: string): boolean {
    return (this.lanes.get(lane)?.timer ?? null) !== null;
  }

  /** A send of the lane is on its way. */
  isSending(lane: string): boolean {
    return (this.lanes.get(lane)?.running ?? null) !== null;
  }

  /** Failed sends in a row of this lane. */
  attempts(lane: string): number {
    return this.lanes.get(lane)?.attempts ?? 0;
  }

  /**
   * Sends the lane now; while a send of it is on its way, once more right after. Resolves
   * when the lane settled (successfully or not).
   */
  sendNow(lane: string, keepalive = false): Promise<void> {
    const state = this.lane(lane);
    this.clearTimer(state);
    if (state.running) {
      state.again = true;
      return state.running;
    }
    const running = this.loop(lane, state, keepalive).finally(() => {
      state.running = null;
    });
    state.running = running;
    return running;
  }

  /** Sends these lanes (or every lane known) now. */
  flush(lanes?: Iterable<string>, options: { keepalive?: boolean } = {}): Promise<void> {
    const names = [...(lanes ?? this.lanes.keys())];
    return Promise.all(names.map((n) => this.sendNow(n, options.keepalive ?? false))).then(
      () => undefined,
    );
  }

  /** The connection is back: every lane whose last send failed is sent at once. */
  retryFailed(): void {
    for (const [name, state] of this.lanes) if (state.attempts > 0) void this.sendNow(name);
  }

  /** A screen starts using the outbox (React may mount, unmount and mount again). */
  retain(): void {
    this.holders += 1;
    this.disposed = false;
  }

  /**
   * A screen stops using it: `flush` (the owner's, which may send more than the lanes known
   * here) runs now, then timers stop once nobody holds it. What still failed stays stored.
   */
  release(flush: () => Promise<void> = () => this.flush()): Promise<void> {
    this.holders = Math.max(0, this.holders - 1);
    return flush().finally(() => {
      if (this.holders === 0) this.dispose();
    });
  }

  /** Stops every timer; sends already on their way still settle. */
  dispose(): void {
    this.disposed = true;
    this.cancelAll();
  }

  /** Nothing waits any more (the owner dropped what was stored): stop every timer. */
  cancelAll(): void {
    for (const state of this.lanes.values()) {
      this.clearTimer(state);
      state.attempts = 0;
    }
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  private async loop(lane: string, state: Lane, keepalive: boolean): Promise<void> {
    do {
      state.again = false;
      let result: SendResult;
      try {
        result = await this.options.send(lane, { keepalive });
      } catch {
        result = 'retry';
      }
      if (result === 'done' || result === 'more') {
        state.attempts = 0;
        if (result === 'more') {
          this.clearTimer(state);
          state.again = true;
        }
        continue;
      }
      state.attempts += 1;
      // A newer send is waiting anyway (`again`, or a timer): it is the next attempt.
      if (result === 'retry' && !state.again && state.timer === null) {
        this.schedule(lane, retryDelayMs(state.attempts));
      }
    } while (state.again && !this.disposed);
  }

  private lane(name: string): Lane {
    let state = this.lanes.get(name);
    if (!state) {
      state = { running: null, again: false, attempts: 0, timer: null };
      this.lanes.set(name, state);
    }
    return state;
  }

  private clearTimer(state: Lane): void {
    if (state.timer !== null) {
      this.timers.clear(state.timer);
      state.timer = null;
    }
  }
}
