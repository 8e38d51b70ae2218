import type { ChangeSet, Text } from '@codemirror/state';
import { AUTOSAVE_DELAY_MS } from '../../../../domain/assessments';
import {
  type ChangeMark,
  type EventBody,
  type FocusTarget,
  MAX_EVENTS_PER_UPLOAD,
  PLAYBACK_TEXTS,
  type PlaybackChunk,
  type PlaybackUpload,
  type PlaybackUploadResult,
  playbackChunkSchema,
  type RecordedEvent,
  SNAPSHOT_EVERY,
  type SnapshotReason,
} from '../../../../domain/playback';
import { isRetryable, type KeyValueStore, Outbox, type SendResult, type Timers } from './outbox';

/**
 * Records the editor's history of each file for the reviewer's playback, and gets it to the
 * server the way FileSync gets the text there (issue "Assessments that measure", item 6):
 * - every event is numbered (per file, per editing session `clientId`) and written to
 *   localStorage at once; it leaves storage only once the server acknowledged it, so a
 *   reload or a failed request loses nothing, and a retry never stores an event twice;
 * - events go on the autosave's debounce, right after the file's own save (so the server can
 *   check that they lead to the saved text);
 * - events left in storage by an earlier page load (or a tab that closed) are sent first;
 * - what the server can never take (a refusal other than a dropped connection, a full
 *   recording) is dropped rather than retried forever.
 *
 * No DOM and no CodeMirror view here: the editor hands in its transactions' change sets, so
 * the unit tests and the bench drive exactly this code.
 */

export type PostOutcome =
  | { kind: 'ok'; result: PlaybackUploadResult }
  | { kind: 'failed'; status: number; message: string };

/** Never throws: failures come back as { kind: 'failed' }. */
export type PostFn = (
  fileName: string,
  upload: PlaybackUpload,
  options: { keepalive: boolean },
) => Promise<PostOutcome>;

export type PlaybackRecorderOptions = {
  assessmentId: string;
  storage: KeyValueStore | null;
  /** localStorage's keys, to find what earlier page loads left (null: nothing to adopt). */
  storedKeys?: () => string[];
  post: PostFn;
  /** Saves the file's pending text first; resolves with the edit time the server now has. */
  saveText?: (fileName: string, keepalive: boolean) => Promise<void>;
  /** The edit time of the text the recorded events lead to (FileSync's). */
  editedAtOf?: (fileName: string) => number | null;
  /**
   * The tree's creates and renames are still on their way (issue 24): the server may not know
   * the file's name yet and would refuse its events for good, so they wait (and are retried).
   */
  blocked?: () => boolean;
  clientId?: string;
  now?: () => number;
  timers?: Timers;
  delayMs?: number;
  /** Upload at the latest this long after the first unsent event, even while typing goes on. */
  maxWaitMs?: number;
  snapshotEvery?: number;
  /** Bytes of event JSON per request (the server allows 200,000 characters, 256 KiB in all). */
  maxUploadBytes?: number;
};

/** A run of one session's events for one file, not yet acknowledged. */
type Pending = {
  key: string;
  fileName: string;
  clientId: string;
  base: number;
  events: RecordedEvent[];
};

type FileState = {
  seq: number;
  base: number | null;
  /** The document as recorded so far (CodeMirror's immutable Text: no copies). */
  doc: Text | null;
  sinceSnapshot: number;
  /** The server said this file's recording is full: record no more of it. */
  full: boolean;
  firstUnsentAt: number | null;
};

const PREFIX = 'tf:playback:';
export const playbackKeyPrefix = (assessmentId: string) => `${PREFIX}${assessmentId}:`;
export const playbackKey = (assessmentId: string, clientId: string, fileName: string) =>
  `${playbackKeyPrefix(assessmentId)}${clientId}:${encodeURIComponent(fileName)}`;

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

export function newClientId(): string {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A stored entry, or null when it is not one of ours (corrupt, wrong shape). */
export function parseStored(raw: string | null): (PlaybackChunk & { fileName: string }) | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { fileName?: unknown };
    if (typeof value?.fileName !== 'string') return null;
    const chunk = playbackChunkSchema.safeParse(value);
    return chunk.success ? { ...(chunk.data as PlaybackChunk), fileName: value.fileName } : null;
  } catch {
    return null;
  }
}

/**
 * Splits chunks into uploads of at most `maxBytes` of event JSON and MAX_EVENTS_PER_UPLOAD
 * events. An event too large to send at all (a snapshot of a huge file) is left out: the
 * server resyncs to the saved text when the record does not reach it.
 */
export function splitUploads(
  chunks: Pending[],
  maxBytes: number,
): { chunks: Pending[]; skipped: { key: string; s: number }[] }[] {
  const uploads: { chunks: Pending[]; skipped: { key: string; s: number }[] }[] = [];
  let current: Pending[] = [];
  let skipped: { key: string; s: number }[] = [];
  let bytes = 0;
  let count = 0;
  const close = () => {
    if (current.length || skipped.length) uploads.push({ chunks: current, skipped });
    current = [];
    skipped = [];
    bytes = 0;
    count = 0;
  };
  for (const chunk of chunks) {
    let part: Pending | null = null;
    for (const event of chunk.events) {
      const size = bytesOf(event) + 1;
      if (size + 200 > maxBytes) {
        skipped.push({ key: chunk.key, s: event.s });
        continue;
      }
      if (bytes + size + 200 > maxBytes || count + 1 > MAX_EVENTS_PER_UPLOAD) {
        close();
        part = null;
      }
      if (!part) {
        part = { ...chunk, events: [] };
        current.push(part);
        bytes += 100;
      }
      part.events.push(event);
      bytes += size;
      count += 1;
    }
  }
  close();
  return uploads;
}

export class PlaybackRecorder {
  readonly clientId: string;
  private readonly files = new Map<string, FileState>();
  /** Every unacknowledged run, own and adopted, by storage key. */
  private readonly pending = new Map<string, Pending>();
  private readonly now: () => number;
  /** Storage, one send loop per file, debounce and retries: the workspace's local outbox. */
  private readonly outbox: Outbox;
  private readonly delayMs: number;
  private readonly maxWaitMs: number;
  private readonly snapshotEvery: number;
  private readonly maxUploadBytes: number;
  private active: string | null = null;
  private enabled = true;

  constructor(private readonly options: PlaybackRecorderOptions) {
    this.clientId = options.clientId ?? newClientId();
    this.now = options.now ?? Date.now;
    this.outbox = new Outbox({
      storage: options.storage,
      storedKeys: options.storedKeys,
      timers: options.timers,
      send: (fileName, { keepalive }) => this.sendAll(fileName, keepalive),
    });
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    this.snapshotEvery = options.snapshotEvery ?? SNAPSHOT_EVERY;
    this.maxUploadBytes = options.maxUploadBytes ?? 180_000;
    this.adoptStored();
  }

  // --- recording ----------------------------------------------------------------------

  /** The editor shows this file with this text: a snapshot when it is not what we recorded. */
  opened(fileName: string, doc: Text): void {
    this.active = fileName;
    const state = this.state(fileName);
    if (state.doc?.eq(doc)) return;
    this.snapshot(fileName, doc, state.doc === null ? 'open' : 'external');
  }

  /** The text was replaced from outside the editor (the server's newer text). */
  replaced(fileName: string, doc: Text): void {
    this.snapshot(fileName, doc, 'external');
  }

  change(fileName: string, changes: ChangeSet, docAfter: Text, mark?: ChangeMark): void {
    const state = this.state(fileName);
    if (state.doc === null) {
      // Never seen its text: start from what the change produced.
      this.snapshot(fileName, docAfter, 'open');
      return;
    }
    this.record(fileName, { k: 'c', c: changes.toJSON(), ...(mark ? { m: mark } : {}) });
    state.doc = docAfter;
    state.sinceSnapshot += 1;
    if (state.sinceSnapshot >= this.snapshotEvery) this.snapshot(fileName, docAfter, 'periodic');
  }

  /** Focus left (`a`) or came back (`b`) to the editor, the window or the tab. */
  focus(kind: 'a' | 'b', where: FocusTarget, fileName = this.active): void {
    if (fileName === null) return;
    this.record(fileName, { k: kind, w: where });
  }

  get activeFile(): string | null {
    return this.active;
  }

  /** The assessment closed (submitted, time up): record nothing more, send nothing more. */
  disable(): void {
    this.enabled = false;
  }

  private snapshot(fileName: string, doc: Text, reason: SnapshotReason): void {
    const state = this.state(fileName);
    // This page session's first event of the file says the candidate is here (issue 25): an
    // unload recorded by an earlier page load (a reload, a return the next day) ends here.
    // Both at the same moment, so a replay from the start shows the opening text at once.
    const now = this.now();
    if (reason === 'open') this.record(fileName, { k: 'b', w: 'page' }, now);
    this.record(fileName, { k: 's', x: doc.toString(), r: reason }, now);
    state.doc = doc;
    state.sinceSnapshot = 0;
  }

  private record(fileName: string, body: EventBody, now = this.now()): void {
    if (!this.enabled || this.outbox.isDisposed) return;
    const state = this.state(fileName);
    if (state.full) return;
    state.base ??= now;
    state.seq += 1;
    const event = { ...body, s: state.seq, t: Math.max(0, now - state.base) } as RecordedEvent;
    const key = playbackKey(this.options.assessmentId, this.clientId, fileName);
    let run = this.pending.get(key);
    if (!run) {
      run = { key, fileName, clientId: this.clientId, base: state.base, events: [] };
      this.pending.set(key, run);
    }
    run.events.push(event);
    this.write(run);
    state.firstUnsentAt ??= now;
    // The autosave's debounce, but never more than maxWaitMs behind while typing goes on.
    const waited = now - state.firstUnsentAt;
    if (!this.outbox.isScheduled(fileName) || waited < this.maxWaitMs) {
      this.outbox.schedule(fileName, Math.min(this.delayMs, Math.max(0, this.maxWaitMs - waited)));
    }
  }

  // --- sending ------------------------------------------------------------------------

  hasPending(): boolean {
    for (const run of this.pending.values()) if (run.events.length) return true;
    return false;
  }

  /** Sends what is waiting now (every file, or one). Resolves when the uploads settled. */
  flush(fileName?: string, options: { keepalive?: boolean } = {}): Promise<void> {
    const names =
      fileName === undefined
        ? [...new Set([...this.pending.values()].map((r) => r.fileName))]
        : [fileName];
    return this.outbox.flush(names, options);
  }

  /**
   * Sends everything recorded so far; true when the server has all of it. (Events recorded
   * while this runs, a focus change as the Submit dialog opens, do not count.)
   */
  async flushAll(options: { keepalive?: boolean } = {}): Promise<boolean> {
    const upTo = new Map([...this.pending].map(([key, run]) => [key, run.events.at(-1)?.s ?? 0]));
    await this.flush(undefined, options);
    for (const [key, s] of upTo) {
      if (this.pending.get(key)?.events.some((e) => e.s <= s)) return false;
    }
    return true;
  }

  /** Retry every file that failed (the connection came back). */
  retryFailed(): void {
    this.outbox.retryFailed();
  }

  /** A screen starts using this recorder (React may mount, unmount and mount again). */
  retain(): void {
    this.outbox.retain();
  }

  /** A screen stops using it: what waits is sent now, then timers stop once nobody holds it. */
  release(): Promise<void> {
    return this.outbox.release(() => this.flush());
  }

  dispose(): void {
    this.outbox.dispose();
  }

  private runsOf(fileName: string): Pending[] {
    return [...this.pending.values()]
      .filter((r) => r.fileName === fileName && r.events.length > 0)
      .sort((a, b) => a.base - b.base);
  }

  /** Sends a file's waiting events (the outbox's send for this file's lane). */
  private async sendAll(fileName: string, keepalive: boolean): Promise<SendResult> {
    const state = this.state(fileName);
    if (this.runsOf(fileName).length === 0 || !this.enabled) return 'done';
    if (this.options.blocked?.()) return 'retry';
    // The file's text first, so the server can check the events against it.
    await this.options.saveText?.(fileName, keepalive);
    // Taken together, synchronously: these events lead to the text of this edit time.
    const editedAt = this.options.editedAtOf?.(fileName) ?? null;
    const uploads = splitUploads(this.runsOf(fileName), this.maxUploadBytes);
    state.firstUnsentAt = null;
    for (const upload of uploads) {
      for (const { key, s } of upload.skipped) this.ack(key, s, true);
      if (upload.chunks.length === 0) continue;
      const body: PlaybackUpload = {
        sentAt: this.now(),
        editedAt,
        chunks: upload.chunks.map(({ clientId, base, events }) => ({ clientId, base, events })),
      };
      let outcome: PostOutcome;
      try {
        outcome = await this.options.post(fileName, body, { keepalive });
      } catch (error) {
        outcome = { kind: 'failed', status: 0, message: String(error) };
      }
      if (outcome.kind === 'ok' || !isRetryable(outcome.status)) {
        // Stored, or refused for good (a closed assessment, a full recording): either way
        // asking again cannot help.
        for (const chunk of upload.chunks) this.ack(chunk.key, chunk.events.at(-1)!.s);
        if (outcome.kind === 'failed' && outcome.message === PLAYBACK_TEXTS.recordingFull) {
          state.full = true;
        }
        continue;
      }
      state.firstUnsentAt ??= this.now();
      return 'retry';
    }
    return 'done';
  }

  /** The server has every event of this run up to `s`: forget them here and in storage. */
  private ack(key: string, s: number, only = false): void {
    const run = this.pending.get(key);
    if (!run) return;
    run.events = only ? run.events.filter((e) => e.s !== s) : run.events.filter((e) => e.s > s);
    if (run.events.length === 0 && run.clientId !== this.clientId) this.pending.delete(key);
    this.write(run);
  }

  // --- storage ------------------------------------------------------------------------

  private write(run: Pending): void {
    if (run.events.length === 0) this.outbox.remove(run.key);
    else {
      const { fileName, clientId, base, events } = run;
      // Storage full or refused: the events live in memory until sent.
      this.outbox.write(run.key, JSON.stringify({ fileName, clientId, base, events }));
    }
  }

  /** Runs an earlier page load (or a closed tab) left unsent: they go first. */
  private adoptStored(): void {
    for (const key of this.outbox.keys(playbackKeyPrefix(this.options.assessmentId))) {
      const stored = parseStored(this.outbox.read(key));
      if (!stored || stored.clientId === this.clientId) continue;
      if (key !== playbackKey(this.options.assessmentId, stored.clientId, stored.fileName))
        continue;
      this.pending.set(key, { key, ...stored });
    }
    for (const name of new Set([...this.pending.values()].map((r) => r.fileName))) {
      this.outbox.schedule(name, this.delayMs);
    }
  }

  /** Forget what an earlier page load left (the assessment is closed: it can never be sent). */
  discardStored(): void {
    for (const run of this.pending.values()) {
      run.events = [];
      this.write(run);
    }
    this.pending.clear();
    this.outbox.cancelAll();
  }

  private state(fileName: string): FileState {
    let state = this.files.get(fileName);
    if (!state) {
      state = {
        seq: 0,
        base: null,
        doc: null,
        sinceSnapshot: 0,
        full: false,
        firstUnsentAt: null,
      };
      this.files.set(fileName, state);
    }
    return state;
  }
}
