import { randomUUID } from 'node:crypto';
import { ChangeSet } from '@codemirror/state';
import type { PlaybackUpload, RecordedEvent } from '../../src/domain/playback';

/**
 * A candidate's editing session as the workspace's recorder would send it: the file opens
 * (a snapshot), the part that changes is selected and deleted, then the new text arrives a
 * word at a time with human pauses; one block may come as a paste, and the window may be
 * left for a while. Replayed, the events lead exactly to `final`.
 */
export interface TypingPlan {
  original: string;
  final: string;
  /** When the file was opened (epoch ms). */
  startAt: number;
  /** A part of the new text that arrives in one paste instead of being typed. */
  paste?: string;
  /** Leave the window after this share of the new text (0–1), for `awayMs`. */
  away?: { after: number; ms: number };
}

export interface TypedFile {
  upload: PlaybackUpload;
  /** The time of the last edit: the file's editedAt. */
  endAt: number;
}

/** A fixed sequence of pauses, so the same seed gives the same history. */
function* pauses(): Generator<number> {
  const steps = [420, 650, 380, 900, 540, 1200, 470, 760, 330, 1500];
  for (let i = 0; ; i++) yield steps[i % steps.length]!;
}

export function typeFile(plan: TypingPlan): TypedFile {
  const { original, final } = plan;
  let prefix = 0;
  while (prefix < original.length && prefix < final.length && original[prefix] === final[prefix])
    prefix++;
  let suffix = 0;
  while (
    suffix < original.length - prefix &&
    suffix < final.length - prefix &&
    original[original.length - 1 - suffix] === final[final.length - 1 - suffix]
  )
    suffix++;
  const oldMiddle = original.slice(prefix, original.length - suffix);
  const newMiddle = final.slice(prefix, final.length - suffix);

  const events: RecordedEvent[] = [];
  let s = 0;
  let t = 0;
  let length = original.length;
  const wait = pauses();
  events.push({ k: 's', x: original, r: 'open', s: ++s, t });
  t += 6_000;
  if (oldMiddle.length > 0) {
    events.push({
      k: 'c',
      c: ChangeSet.of({ from: prefix, to: prefix + oldMiddle.length }, length).toJSON(),
      s: ++s,
      t,
    });
    length -= oldMiddle.length;
  }
  // The new text in pieces: a word with the white space before it, or the pasted block.
  const pieces: { text: string; paste?: boolean }[] = [];
  const pasteAt = plan.paste ? newMiddle.indexOf(plan.paste) : -1;
  const words = (text: string) => text.match(/\s*\S+|\s+$/g) ?? [];
  if (pasteAt >= 0 && plan.paste) {
    for (const w of words(newMiddle.slice(0, pasteAt))) pieces.push({ text: w });
    pieces.push({ text: plan.paste, paste: true });
    for (const w of words(newMiddle.slice(pasteAt + plan.paste.length))) pieces.push({ text: w });
  } else {
    for (const w of words(newMiddle)) pieces.push({ text: w });
  }
  let typed = 0;
  let awayDone = !plan.away;
  for (const piece of pieces) {
    t += wait.next().value + (piece.text.includes('\n') ? 2_500 : 0);
    if (!awayDone && plan.away && typed >= newMiddle.length * plan.away.after) {
      events.push({ k: 'a', w: 'window', s: ++s, t });
      t += plan.away.ms;
      events.push({ k: 'b', w: 'window', s: ++s, t });
      t += 1_500;
      awayDone = true;
    }
    events.push({
      k: 'c',
      c: ChangeSet.of({ from: prefix + typed, insert: piece.text }, length).toJSON(),
      ...(piece.paste ? { m: 'paste' as const } : {}),
      s: ++s,
      t,
    });
    typed += piece.text.length;
    length += piece.text.length;
  }
  const endAt = plan.startAt + t;
  return {
    endAt,
    upload: {
      sentAt: endAt,
      editedAt: endAt,
      chunks: [{ clientId: randomUUID(), base: plan.startAt, events }],
    },
  };
}
