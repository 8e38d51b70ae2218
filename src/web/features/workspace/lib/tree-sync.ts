import type { CandidateFile } from '../../../../domain/assessments';
import { type ProjectChange, pathsUnder } from '../../../../domain/project-paths';
import { isRetryable, type KeyValueStore, Outbox, type SendResult, type Timers } from './outbox';

/**
 * The candidate's creates, renames and deletes (issue 24), kept like edits: stored in the
 * browser at once, sent in order through the workspace's local outbox (one lane), removed
 * once the server acknowledged them. While any wait, the files' autosave waits too (a file's
 * text must not reach the server before the file exists under that name). No DOM here.
 */

export type PendingChange = ProjectChange & { id: string };

export type ChangeOutcome =
  | { kind: 'done'; files: CandidateFile[] }
  | { kind: 'failed'; status: number; message: string };

export const treeStorageKey = (assessmentId: string) => `tf:tree:${assessmentId}`;

/** The file list as it is once these changes are made (the server's, then ours on top). */
export function applyChanges(
  files: readonly CandidateFile[],
  changes: readonly ProjectChange[],
): CandidateFile[] {
  let list = files.filter((f) => f.change !== 'deleted');
  for (const change of changes) list = applyChange(list, change);
  return list;
}

export function applyChange(list: CandidateFile[], change: ProjectChange): CandidateFile[] {
  const names = list.map((f) => f.fileName);
  if (change.op === 'create') {
    if (names.includes(change.path)) return list;
    return [
      ...list,
      {
        fileName: change.path,
        content: change.content,
        editedAt: change.editedAt,
        updatedAt: null,
        change: 'added',
        renamedFrom: null,
      },
    ];
  }
  const moved = new Set(pathsUnder(names, change.path));
  if (change.op === 'delete') return list.filter((f) => !moved.has(f.fileName));
  return list.map((f) =>
    moved.has(f.fileName)
      ? { ...f, fileName: change.to + f.fileName.slice(change.path.length) }
      : f,
  );
}

function parseStored(raw: string | null): PendingChange[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter(
          (c): c is PendingChange =>
            c && typeof c === 'object' && typeof c.op === 'string' && typeof c.path === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export type TreeSyncOptions = {
  assessmentId: string;
  storage: KeyValueStore | null;
  timers?: Timers;
  send: (change: ProjectChange) => Promise<ChangeOutcome>;
  /** The server made the change: its files (to fold into the cached list). */
  onDone: (change: ProjectChange, files: CandidateFile[]) => void;
  /** The server refused the change for good (another tab got there first, a rule). */
  onRefused: (change: ProjectChange, message: string) => void;
  /** Nothing waits any more: the files' saves may go. */
  onDrained: () => void;
};

const LANE = 'tree';

export class TreeSync {
  private changes: PendingChange[];
  private readonly outbox: Outbox;
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private counter = 0;
  error: string | null = null;

  constructor(private readonly options: TreeSyncOptions) {
    this.outbox = new Outbox({
      storage: options.storage,
      timers: options.timers,
      send: () => this.attempt(),
    });
    this.changes = parseStored(this.outbox.read(this.key));
  }

  private get key() {
    return treeStorageKey(this.options.assessmentId);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = () => this.version;

  pending(): readonly PendingChange[] {
    return this.changes;
  }

  hasPending(): boolean {
    return this.changes.length > 0;
  }

  /** A change made in the tree: stored now, sent after the ones before it. */
  add(change: ProjectChange): void {
    this.counter += 1;
    this.changes = [...this.changes, { ...change, id: `${Date.now()}-${this.counter}` }];
    this.persist();
    this.error = null;
    this.changed();
    void this.outbox.sendNow(LANE);
  }

  /** Sends what waits (the page opened with changes left from before, or is back online). */
  flush(): Promise<void> {
    if (this.changes.length === 0) return Promise.resolve();
    return this.outbox.sendNow(LANE);
  }

  retryFailed(): void {
    this.outbox.retryFailed();
  }

  retain(): void {
    this.outbox.retain();
  }

  release(): Promise<void> {
    return this.outbox.release(() => this.flush());
  }

  /** Stops every timer (what waits stays stored). */
  dispose(): void {
    this.outbox.dispose();
  }

  private async attempt(): Promise<SendResult> {
    while (this.changes.length > 0) {
      const next = this.changes[0]!;
      const { id: _id, ...change } = next;
      let outcome: ChangeOutcome;
      try {
        outcome = await this.options.send(change);
      } catch (error) {
        outcome = { kind: 'failed', status: 0, message: String(error) };
      }
      if (outcome.kind === 'failed' && isRetryable(outcome.status)) {
        this.error = outcome.message;
        this.changed();
        return 'retry';
      }
      this.changes = this.changes.filter((c) => c.id !== next.id);
      this.persist();
      this.error = null;
      if (outcome.kind === 'done') this.options.onDone(change, outcome.files);
      else this.options.onRefused(change, outcome.message);
      this.changed();
    }
    this.options.onDrained();
    return 'done';
  }

  private persist(): void {
    if (this.changes.length === 0) this.outbox.remove(this.key);
    else this.outbox.write(this.key, JSON.stringify(this.changes));
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
