import { AUTOSAVE_DELAY_MS, type CandidateFile } from '../../../../domain/assessments';
import { isRetryable, type KeyValueStore, Outbox, type SendResult, type Timers } from './outbox';

export { isRetryable, type KeyValueStore, retryDelayMs, type Timers } from './outbox';

/**
 * Keeps the candidate's work safe between the editor, the browser's storage and the server.
 *
 * The rules (issue 3, "no lost work"):
 * - every edit is written to localStorage at once, stamped with its edit time (editedAt);
 * - the server gets it AUTOSAVE_DELAY_MS after the last edit; the stored copy is removed only
 *   once the server acknowledged that very edit (same editedAt);
 * - a failed save keeps the stored copy and is retried with backoff and when the browser
 *   comes back online (the storage, the per-file send loop and the retries are the
 *   workspace's one local outbox, outbox.ts);
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

type Doc = {
  content: string;
  editedAt: number | null;
  /** Newest editedAt the server is known to hold for this file. */
  serverEditedAt: number | null;
  /** The text shown is not yet acknowledged by the server. */
  dirty: boolean;
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
  /**
   * Saves wait while this answers true (creates, renames and deletes on their way: a file's
   * text goes after the change that made its name); `flush()` once they are through.
   */
  blocked?: () => boolean;
};

export class FileSync {
  private readonly docs = new Map<string, Doc>();
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly delayMs: number;
  private readonly outbox: Outbox;
  private version = 0;

  constructor(private readonly options: FileSyncOptions) {
    this.now = options.now ?? Date.now;
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.outbox = new Outbox({
      storage: options.storage,
      timers: options.timers,
      send: (name, { keepalive }) => this.attempt(name, keepalive),
    });
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
    if (doc.dirty || this.outbox.isSending(name)) return;

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
    this.outbox.schedule(fileName, this.delayMs);
    this.changed();
  }

  /**
   * Saves now instead of waiting (file switch, page hide, before completing the assessment).
   * Resolves once the saves settled, successfully or not.
   */
  flush(fileName?: string, options: { keepalive?: boolean } = {}): Promise<void> {
    return this.outbox.flush(fileName === undefined ? this.docs.keys() : [fileName], options);
  }

  /** The connection is back: retry every failed save at once. */
  retryFailed(): void {
    this.outbox.retryFailed();
  }

  /** A screen starts using this instance (React may mount, unmount and mount again). */
  retain(): void {
    this.outbox.retain();
  }

  /**
   * A screen stops using it: pending text is sent now, then timers stop once nobody holds it.
   * What still failed stays in localStorage and is picked up the next time.
   */
  release(): Promise<void> {
    return this.outbox.release(() => this.flush());
  }

  /** Stops every timer; saves already on their way still settle and clean up storage. */
  dispose(): void {
    this.outbox.dispose();
  }

  // --- files created, renamed and deleted (issue 24) --------------------------

  /** A file made in the tree: its text goes with the create, so nothing waits to be saved. */
  create(fileName: string, content: string, editedAt: number): void {
    this.docs.set(fileName, {
      ...this.blankDoc(),
      content,
      editedAt,
      serverEditedAt: editedAt,
      status: 'saved',
    });
    this.changed();
  }

  /** A file or folder renamed: its texts, unsaved edits and stored copies move with it. */
  move(from: string, to: string): void {
    for (const [name, doc] of [...this.docs]) {
      if (name !== from && !name.startsWith(`${from}/`)) continue;
      const next = to + name.slice(from.length);
      this.docs.delete(name);
      this.docs.set(next, doc);
      const stored = this.readLocal(name);
      if (stored) {
        this.writeLocal(next, stored);
        this.outbox.remove(this.key(name));
      }
      if (doc.dirty) this.outbox.schedule(next, this.delayMs);
    }
    this.changed();
  }

  /** A file or folder deleted: its texts and stored copies go. */
  drop(path: string): void {
    for (const name of [...this.docs.keys()]) {
      if (name !== path && !name.startsWith(`${path}/`)) continue;
      this.docs.delete(name);
      this.outbox.remove(this.key(name));
    }
    this.changed();
  }

  // --- saving ---------------------------------------------------------------

  private saveNow(name: string, keepalive = false): Promise<void> {
    if (!this.docs.get(name)?.dirty && !this.outbox.isSending(name)) return Promise.resolve();
    return this.outbox.sendNow(name, keepalive);
  }

  /** One save of the file's newest text (the outbox's send for this file's lane). */
  private async attempt(name: string, keepalive: boolean): Promise<SendResult> {
    const doc = this.docs.get(name);
    if (!doc?.dirty || doc.editedAt === null) return 'done';
    // Kept (stored, dirty) until the tree's changes are through; their end flushes it.
    if (this.options.blocked?.()) return 'done';
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

    let result: SendResult = 'done';
    if (outcome.kind === 'saved') {
      doc.serverEditedAt = newest(doc.serverEditedAt, outcome.file.editedAt ?? sent.editedAt);
      doc.error = null;
      this.removeLocalIf(name, sent.editedAt);
      if (doc.editedAt === sent.editedAt) {
        doc.dirty = false;
        doc.status = 'saved';
      }
      // Otherwise a newer edit came in meanwhile: its own timer (or the outbox's `again`) saves it.
      this.options.onServerFile?.(outcome.file);
    } else if (outcome.kind === 'conflict') {
      const server = outcome.file;
      doc.serverEditedAt = newest(doc.serverEditedAt, server.editedAt);
      doc.error = null;
      if (resolveConflict(doc.editedAt, server) === 'keep-local') {
        if (doc.editedAt === sent.editedAt) {
          // Refused although ours is newer: asking again would loop; keep it stored, say so.
          doc.status = 'error';
          doc.error = 'The server refused this version of the file';
        } else {
          // Typed after the refused save and newer than the server's: send that now.
          result = 'more';
        }
      } else {
        this.removeLocalIf(name, doc.editedAt);
        doc.content = server.content;
        doc.editedAt = server.editedAt;
        doc.dirty = false;
        doc.status = 'saved';
        doc.revision += 1;
      }
      this.options.onServerFile?.(server);
    } else {
      doc.status = 'error';
      doc.error = outcome.message;
      result = isRetryable(outcome.status) ? 'retry' : 'refused';
    }
    this.changed();
    return result;
  }

  // --- storage --------------------------------------------------------------

  private key(name: string) {
    return storageKey(this.options.assessmentId, name);
  }

  private readLocal(name: string): LocalEntry | null {
    return parseLocalEntry(this.outbox.read(this.key(name)));
  }

  private writeLocal(name: string, entry: LocalEntry): boolean {
    return this.outbox.write(this.key(name), JSON.stringify(entry));
  }

  /** Removes the stored copy only if it is still the acknowledged edit (not a newer one). */
  private removeLocalIf(name: string, editedAt: number | null): void {
    const stored = this.readLocal(name);
    if (!stored || editedAt === null || stored.editedAt > editedAt) return;
    // A stale copy that could not be removed loses to the server's newer text next time.
    this.outbox.remove(this.key(name));
  }

  private blankDoc(): Doc {
    return {
      content: '',
      editedAt: null,
      serverEditedAt: null,
      dirty: false,
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
