import * as Y from 'yjs';
import { PAD_FILES_MAP, type PadReplay } from '../../../../domain/pads';

/** Every this many updates the model keeps the document's state, to seek back from. */
export const CHECKPOINT_EVERY = 100;

export interface ReplayFile {
  path: string;
  content: string;
}

export const decodeBase64 = (value: string): Uint8Array =>
  Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0));

/**
 * A pad's session as a sequence of states: the state after `count` of its stored Yjs
 * updates. States are built as the scrubber asks for them, never all at once: forward by
 * applying the next updates to one document, back from the nearest checkpoint before the
 * position (kept every CHECKPOINT_EVERY updates on the way forward), so a scrub step of a
 * 45-minute pad applies at most CHECKPOINT_EVERY updates, and opening the replay applies one.
 */
export class PadReplayModel {
  readonly updates: Uint8Array[];
  private doc: Y.Doc;
  private applied = 0;
  private readonly checkpoints = new Map<number, Uint8Array>();
  /** The files each update touched, learned as it is first applied. */
  private readonly touched: (string[] | undefined)[];

  constructor(replay: Pick<PadReplay, 'updates'>) {
    this.updates = replay.updates.map((u) => decodeBase64(u.update));
    this.touched = new Array(this.updates.length);
    this.doc = this.fresh();
    this.checkpoints.set(0, Y.encodeStateAsUpdate(this.doc));
  }

  get count() {
    return this.applied;
  }

  /** Moves to the state after `count` updates (clamped to the session). */
  seek(count: number): void {
    const target = Math.max(0, Math.min(count, this.updates.length));
    if (target < this.applied) {
      const from = Math.floor(target / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
      this.doc.destroy();
      this.doc = this.fresh();
      Y.applyUpdate(this.doc, this.checkpoints.get(from)!);
      this.applied = from;
    }
    while (this.applied < target) {
      // Up to the update before the target (and no further than the next checkpoint), many
      // updates go in as one merged update: one transaction instead of one per keystroke.
      const boundary = (Math.floor(this.applied / CHECKPOINT_EVERY) + 1) * CHECKPOINT_EVERY;
      const upTo = Math.min(boundary, target - 1);
      if (upTo - this.applied > 1) {
        Y.applyUpdate(this.doc, Y.mergeUpdates(this.updates.slice(this.applied, upTo)));
        this.applied = upTo;
      } else this.applyOne(this.applied);
      if (this.applied % CHECKPOINT_EVERY === 0 && !this.checkpoints.has(this.applied)) {
        this.checkpoints.set(this.applied, Y.encodeStateAsUpdate(this.doc));
      }
    }
  }

  /** Applies one update, noting the files it touched (what the replay follows). */
  private applyOne(index: number) {
    const paths = new Set<string>();
    const files = this.files$();
    const note = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      for (const event of events) {
        const key = event.path[0];
        if (typeof key === 'string') paths.add(key);
        else if (event instanceof Y.YMapEvent) for (const k of event.keysChanged) paths.add(k);
      }
    };
    files.observeDeep(note);
    Y.applyUpdate(this.doc, this.updates[index]!);
    files.unobserveDeep(note);
    this.touched[index] ??= [...paths];
    this.applied = index + 1;
  }

  /** The files as they are at the current state, by path. */
  files(): ReplayFile[] {
    return [...this.files$().entries()]
      .filter(([, text]) => text instanceof Y.Text)
      .map(([path, text]) => ({ path, content: text.toString() }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /**
   * The files update `index` changed, once the model has applied it on its own (the update
   * just before each position always is; those merged on a long jump are not known).
   */
  touchedBy(index: number): readonly string[] {
    return this.touched[index] ?? [];
  }

  destroy() {
    this.doc.destroy();
  }

  private files$() {
    return this.doc.getMap<Y.Text>(PAD_FILES_MAP);
  }

  private fresh() {
    // No garbage collection: a replay document only ever grows, and gc would change nothing.
    return new Y.Doc({ gc: false });
  }
}

/** Up to `buckets` stretches of the timeline, each with the author who typed most in it. */
export function authorBands(
  playAt: readonly number[],
  authors: readonly (string | null)[],
  duration: number,
  buckets = 120,
): { from: number; to: number; authorId: string }[] {
  if (duration <= 0 || playAt.length === 0) return [];
  const size = duration / buckets;
  const counts: Map<string, number>[] = Array.from({ length: buckets }, () => new Map());
  playAt.forEach((at, i) => {
    const author = authors[i];
    if (!author) return;
    const bucket = counts[Math.min(buckets - 1, Math.floor(at / size))]!;
    bucket.set(author, (bucket.get(author) ?? 0) + 1);
  });
  const bands: { from: number; to: number; authorId: string }[] = [];
  counts.forEach((bucket, i) => {
    const top = [...bucket].sort((a, b) => b[1] - a[1])[0];
    if (!top) return;
    const last = bands.at(-1);
    if (last && last.authorId === top[0] && last.to === i * size) last.to = (i + 1) * size;
    else bands.push({ from: i * size, to: (i + 1) * size, authorId: top[0] });
  });
  return bands;
}

const COLOURS = ['#e8590c', '#1c7ed6', '#2f9e44', '#ae3ec9', '#f08c00', '#0ca678', '#e03131'];
/** A person's colour from their id: the same one the live pad gives their cursor. */
export const colourOf = (id: string) =>
  COLOURS[[...id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLOURS.length]!;
