import { AUTOSAVE_DELAY_MS, type CandidateFile } from '../../../../domain/assessments';

/**
 * Keeps the candidate's work safe between the editor, the browser's storage and the server.
 *
 * The rules (issue 3, "no lost work"):
 * - every edit is written to localStorage at once, stamped with its edit time (editedAt);
 * - the server gets it AUTOSAVE_DELAY_MS after the last edit; the stored copy is removed only
 *   once the server acknowledged that very edit (same editedAt);
 * - a failed save keeps the stored copy and is retried with backoff and when the browser
 *   comes back online;
 * - whenever two versions meet, the one with the newer editedAt wins, so older text never
 *   replaces newer text.
 *
 * No React and no DOM here: storage, the save call, the clock and the timers are passed in,
 * so every decision is unit-tested.
 */

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** What localStorage holds for a file until the server has it. */
export type LocalEntry = { content: string; editedAt: number };

/** A file's text with the edit time it was written at (null: never edited, template text). */
export type Versioned = { content: string; editedAt: number | null };

export type SaveBody = { content: string; editedAt: number };

export type SaveOutcome =
  | { kind: 'saved'; file: CandidateFile }
  /** 409: the server already holds a newer (or the same) edit, here it is. */
  | { kind: 'conflict'; file: CandidateFile }
  | { kind: 'failed'; status: number; message: string };

/** Never throws: failures come back as { kind: 'failed' }. */
export type SaveFn = (
  fileName: string,
  body: SaveBody,
  options: { keepalive: boolean },
) => Promise<SaveOutcome>;

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export const RETRY_BASE_MS = 2000;
export const RETRY_MAX_MS = 30_000;

export const storageKey = (assessmentId: string, fileName: string) =>
  `tf:file:${assessmentId}:${fileName}`;

/** A stored entry, or null when absent or not ours (corrupt JSON, wrong shape). */
export function parseLocalEntry(raw: string | null): LocalEntry | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      typeof (value as LocalEntry).content === 'string' &&
      typeof (value as LocalEntry).editedAt === 'number' &&
      Number.isFinite((value as LocalEntry).editedAt)
    ) {
      return { content: (value as LocalEntry).content, editedAt: (value as LocalEntry).editedAt };
    }
  } catch {
    // Someone else's or a truncated value: ignore it rather than break the editor.
  }
  return null;
}

/** null (never edited) is older than every edit. */
const age = (editedAt: number | null | undefined) => editedAt ?? Number.NEGATIVE_INFINITY;

export function isNewer(a: number | null | undefined, b: number | null | undefined): boolean {
  return age(a) > age(b);
}

const newest = (a: number | null, b: number | null) => (isNewer(b, a) ? b : a);

/**
 * Which of the three versions of a file to show: the one already open, the server's and the
 * one left in localStorage. Newest editedAt wins; on a tie what is open stays, then the
 * server's (it already has that edit, so the stored copy is stale).
 */
export function pickNewest(
  open: Versioned | null,
  server: Versioned,
  local: LocalEntry | null,
): 'open' | 'server' | 'local' {
  let winner: 'open' | 'server' | 'local' = open ? 'open' : 'server';
  let best = open ? open.editedAt : server.editedAt;
  if (open && isNewer(server.editedAt, best)) {
    winner = 'server';
    best = server.editedAt;
  }
  if (local && isNewer(local.editedAt, best)) winner = 'local';
  return winner;
}

/**
 * After a 409: keep what is typed here only if it is newer than the server's text (an edit
 * made while the refused save was on its way); otherwise the server's text is the newest.
 */
export function resolveConflict(
  localEditedAt: number | null,
  server: Pick<CandidateFile, 'editedAt'>,
): 'keep-local' | 'take-server' {
  return isNewer(localEditedAt, server.editedAt) ? 'keep-local' : 'take-server';
}

/**
 * The edit time of a new edit: the clock, but always after every version this edit was made
 * on (so a device whose clock runs behind still saves over the text it has just changed).
 */
export function nextEditedAt(now: number, after: number | null): number {
  return after === null ? now : Math.max(now, after + 1);
}

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

type Doc = {
  content: string;
  editedAt: number | null;
  /** Newest editedAt the server is known to hold for this file. */
  serverEditedAt: number | null;
  /** The text shown is not yet acknowledged by the server. */
  dirty: boolean;
  running: Promise<void> | null;
  /** A newer edit arrived while a save was on its way: save again when it settles. */
  again: boolean;
  attempts: number;
  timer: unknown;
  status: SaveStatus;
  error: string | null;
  /** localStorage refused the last edit (full, private mode): only memory holds it. */
  unprotected: boolean;
  /** Bumps when the text is replaced from outside the editor (server or stored copy). */
  revision: number;
};

export type DocView = {
  content: string;
  /** The edit time of `content` (null: never edited). */
  editedAt: number | null;
  status: SaveStatus;
  error: string | null;
  dirty: boolean;
  revision: number;
};

export type FileSyncOptions = {
  assessmentId: string;
  storage: KeyValueStore | null;
  save: SaveFn;
  now?: () => number;
  timers?: Timers;
  delayMs?: number;
  /** Told about every file version the server confirmed (to update cached queries). */
  onServerFile?: (file: CandidateFile) => void;
};

const defaultTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class FileSync {
  private readonly docs = new Map<string, Doc>();
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly delayMs: number;
  private version = 0;
  private disposed = false;
  private holders = 0;

  constructor(private readonly options: FileSyncOptions) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? defaultTimers;
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
  }

  // --- reading (useSyncExternalStore) ---------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = () => this.version;

  view(fileName: string): DocView | undefined {
    const doc = this.docs.get(fileName);
    if (!doc) return undefined;
    const { content, editedAt, status, error, dirty, revision } = doc;
    return { content, editedAt, status, error, dirty, revision };
  }

  /** Any text the server has not acknowledged yet. */
  hasPending(): boolean {
    for (const doc of this.docs.values()) if (doc.dirty) return true;
    return false;
  }

  /** Unacknowledged text that only lives in memory (storage refused it): leaving loses it. */
  hasUnprotected(): boolean {
    for (const doc of this.docs.values()) if (doc.dirty && doc.unprotected) return true;
    return false;
  }

  // --- server versions ------------------------------------------------------

  /**
   * A version of the file from the server (first load or a refetch). With `editable`, a
   * newer copy left in localStorage (work the server never got) is shown and saved.
   */
  sync(file: CandidateFile, editable: boolean): void {
    const name = file.fileName;
    const local = editable ? this.readLocal(name) : null;
    const doc = this.docs.get(name);

    if (!doc) {
      const winner = pickNewest(null, file, local);
      const fromLocal = winner === 'local' && local !== null;
      this.docs.set(name, {
        content: fromLocal ? local.content : file.content,
        editedAt: fromLocal ? local.editedAt : file.editedAt,
        serverEditedAt: file.editedAt,
        dirty: fromLocal,
        running: null,
        again: false,
        attempts: 0,
        timer: null,
        status: fromLocal ? 'saving' : 'idle',
        error: null,
        unprotected: false,
        revision: 0,
      });
      if (local && !fromLocal) this.removeLocalIf(name, local.editedAt);
      if (fromLocal) void this.saveNow(name);
      this.changed();
      return;
    }

    doc.serverEditedAt = newest(doc.serverEditedAt, file.editedAt);
    // A save of ours is pending: it settles the question (a 409 brings the newer text).
    if (doc.dirty || doc.running) return;

    const winner = pickNewest(doc, file, local);
    if (winner === 'server') {
      doc.content = file.content;
      doc.editedAt = file.editedAt;
      doc.revision += 1;
    } else if (winner === 'local' && local) {
      doc.content = local.content;
      doc.editedAt = local.editedAt;
      doc.dirty = true;
      doc.status = 'saving';
      doc.revision += 1;
      void this.saveNow(name);
    }
    if (local && winner !== 'local') this.removeLocalIf(name, local.editedAt);
    this.changed();
  }

  // --- edits ----------------------------------------------------------------

  /** The editor's text changed: store it now, save it after the autosave delay. */
  edit(fileName: string, content: string): void {
    let doc = this.docs.get(fileName);
    if (!doc) {
      doc = this.blankDoc();
      this.docs.set(fileName, doc);
    }
    if (doc.content === content) return;
    doc.content = content;
    doc.editedAt = nextEditedAt(this.now(), newest(doc.editedAt, doc.serverEditedAt));
    doc.dirty = true;
    doc.unprotected = !this.writeLocal(fileName, { content, editedAt: doc.editedAt });
    doc.status = 'saving';
    doc.error = null;
    this.schedule(fileName, doc, this.delayMs);
    this.changed();
  }

  /**
   * Saves now instead of waiting (file switch, page hide, before completing the assessment).
   * Resolves once the saves settled, successfully or not.
   */
  flush(fileName?: string, options: { keepalive?: boolean } = {}): Promise<void> {
    const names = fileName === undefined ? [...this.docs.keys()] : [fileName];
    return Promise.all(names.map((n) => this.saveNow(n, options.keepalive ?? false))).then(
      () => undefined,
    );
  }

  /** The connection is back: retry every failed save at once. */
  retryFailed(): void {
    for (const [name, doc] of this.docs) {
      if (doc.dirty && doc.status === 'error') void this.saveNow(name);
    }
  }

  /** A screen starts using this instance (React may mount, unmount and mount again). */
  retain(): void {
    this.holders += 1;
    this.disposed = false;
  }

  /**
   * A screen stops using it: pending text is sent now, then timers stop once nobody holds it.
   * What still failed stays in localStorage and is picked up the next time.
   */
  release(): Promise<void> {
    this.holders = Math.max(0, this.holders - 1);
    return this.flush().finally(() => {
      if (this.holders === 0) this.dispose();
    });
  }

  /** Stops every timer; saves already on their way still settle and clean up storage. */
  dispose(): void {
    this.disposed = true;
    for (const doc of this.docs.values()) this.clearTimer(doc);
  }

  // --- saving ---------------------------------------------------------------

  private saveNow(name: string, keepalive = false): Promise<void> {
    const doc = this.docs.get(name);
    if (!doc) return Promise.resolve();
    this.clearTimer(doc);
    if (doc.running) {
      doc.again = true;
      return doc.running;
    }
    if (!doc.dirty) return Promise.resolve();
    const running = this.saveLoop(name, doc, keepalive).finally(() => {
      doc.running = null;
    });
    doc.running = running;
    return running;
  }

  private async saveLoop(name: string, doc: Doc, keepalive: boolean): Promise<void> {
    do {
      doc.again = false;
      await this.attempt(name, doc, keepalive);
    } while (doc.again && doc.dirty && !this.disposed);
  }

  private async attempt(name: string, doc: Doc, keepalive: boolean): Promise<void> {
    if (doc.editedAt === null) return;
    const sent: SaveBody = { content: doc.content, editedAt: doc.editedAt };
    if (doc.status !== 'saving') {
      doc.status = 'saving';
      this.changed();
    }

    let outcome: SaveOutcome;
    try {
      outcome = await this.options.save(name, sent, { keepalive });
    } catch (error) {
      // SaveFn promises not to throw; if it does, treat it like a dropped connection.
      outcome = { kind: 'failed', status: 0, message: String(error) };
    }

    if (outcome.kind === 'saved') {
      doc.serverEditedAt = newest(doc.serverEditedAt, outcome.file.editedAt ?? sent.editedAt);
      doc.attempts = 0;
      doc.error = null;
      this.removeLocalIf(name, sent.editedAt);
      if (doc.editedAt === sent.editedAt) {
        doc.dirty = false;
        doc.status = 'saved';
      }
      // Otherwise a newer edit came in meanwhile: its own timer (or `again`) saves it.
      this.options.onServerFile?.(outcome.file);
    } else if (outcome.kind === 'conflict') {
      const server = outcome.file;
      doc.serverEditedAt = newest(doc.serverEditedAt, server.editedAt);
      doc.attempts = 0;
      doc.error = null;
      if (resolveConflict(doc.editedAt, server) === 'keep-local') {
        if (doc.editedAt === sent.editedAt) {
          // Refused although ours is newer: asking again would loop; keep it stored, say so.
          doc.status = 'error';
          doc.error = 'The server refused this version of the file';
        } else {
          // Typed after the refused save and newer than the server's: send that now.
          this.clearTimer(doc);
          doc.again = true;
        }
      } else {
        this.removeLocalIf(name, doc.editedAt);
        this.clearTimer(doc);
        doc.again = false;
        doc.content = server.content;
        doc.editedAt = server.editedAt;
        doc.dirty = false;
        doc.status = 'saved';
        doc.revision += 1;
      }
      this.options.onServerFile?.(server);
    } else {
      doc.attempts += 1;
      doc.status = 'error';
      doc.error = outcome.message;
      // A newer edit is waiting anyway (`again`): it is the next attempt.
      if (!doc.again && !doc.timer && isRetryable(outcome.status)) {
        this.schedule(name, doc, retryDelayMs(doc.attempts));
      }
    }
    this.changed();
  }

  private schedule(name: string, doc: Doc, ms: number): void {
    this.clearTimer(doc);
    if (this.disposed) return;
    doc.timer = this.timers.set(() => {
      doc.timer = null;
      void this.saveNow(name);
    }, ms);
  }

  private clearTimer(doc: Doc): void {
    if (doc.timer !== null) {
      this.timers.clear(doc.timer);
      doc.timer = null;
    }
  }

  // --- storage --------------------------------------------------------------

  private key(name: string) {
    return storageKey(this.options.assessmentId, name);
  }

  private readLocal(name: string): LocalEntry | null {
    try {
      return parseLocalEntry(this.options.storage?.getItem(this.key(name)) ?? null);
    } catch {
      return null;
    }
  }

  private writeLocal(name: string, entry: LocalEntry): boolean {
    if (!this.options.storage) return false;
    try {
      this.options.storage.setItem(this.key(name), JSON.stringify(entry));
      return true;
    } catch {
      return false;
    }
  }

  /** Removes the stored copy only if it is still the acknowledged edit (not a newer one). */
  private removeLocalIf(name: string, editedAt: number | null): void {
    const stored = this.readLocal(name);
    if (!stored || editedAt === null || stored.editedAt > editedAt) return;
    try {
      this.options.storage?.removeItem(this.key(name));
    } catch {
      // Nothing to do: a stale copy loses to the server's newer text on the next load.
    }
  }

  private blankDoc(): Doc {
    return {
      content: '',
      editedAt: null,
      serverEditedAt: null,
      dirty: false,
      running: null,
      again: false,
      attempts: 0,
      timer: null,
      status: 'idle',
      error: null,
      unprotected: false,
      revision: 0,
    };
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
