/**
 * A pad's replay (issue #35): a 45-minute session of two people typing, as the server stores
 * it (one Yjs update per keystroke, with author and time), opened in the replay the way the
 * scorecard opens it (src/web/features/pads/replay/replay-model.ts, with the playback's
 * timeline): how long until it shows its first frame, how long scrubbing to the end takes the
 * first time, and a scrub step back from there (from the nearest checkpoint).
 *
 * The typing: the candidate types 150-250 characters a minute in bursts, the interviewer a
 * comment now and then; pauses of 1-40 s. Deterministic (seeded).
 *
 * Environment: BENCH_PAD_REPLAY_MINUTES (45).
 */
import * as Y from 'yjs';
import { PAD_FILES_MAP, type PadReplay } from '../src/domain/pads';
import { buildTimeline, countAt } from '../src/domain/playback-timeline';
import { authorBands, PadReplayModel } from '../src/web/features/pads/replay/replay-model';
import { type Metric, metric } from './lib/report';

export const stage = 'pad-replay';

/** mulberry32: the same session every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function session(minutes: number): PadReplay {
  const next = random(35);
  const doc = new Y.Doc();
  const updates: PadReplay['updates'] = [];
  let at = Date.UTC(2026, 5, 1, 10, 0, 0);
  let author = 'interviewer';
  doc.on('update', (update: Uint8Array) => {
    updates.push({
      seq: updates.length + 1,
      at: new Date(at).toISOString(),
      authorId: author,
      update: Buffer.from(update).toString('base64'),
    });
  });
  const files = doc.getMap<Y.Text>(PAD_FILES_MAP);
  files.set('main.ts', new Y.Text('// Implement the function below\n'));
  files.set('README.md', new Y.Text('# Task\n'));
  const text = files.get('main.ts')!;
  const end = at + minutes * 60_000;
  while (at < end) {
    author = next() < 0.1 ? 'interviewer' : 'candidate';
    const line = author === 'interviewer' ? '  // and an empty list?' : 'const value = compute(x);';
    for (const ch of `${line}\n`) {
      at += 80 + Math.floor(next() * 250);
      text.insert(text.length, ch);
    }
    at += next() < 0.1 ? 15_000 + next() * 25_000 : 1000 + next() * 2000;
  }
  doc.destroy();
  return { updates, runs: [] };
}

const time = (work: () => void) => {
  const t0 = performance.now();
  work();
  return performance.now() - t0;
};

export async function run(): Promise<{ metrics: Metric[]; details?: unknown }> {
  const minutes = Number(process.env.BENCH_PAD_REPLAY_MINUTES ?? 45);
  const replay = session(minutes);
  // What the player does on opening: decode, the timeline, who typed when, the first frame.
  let model: PadReplayModel | null = null;
  let timeline: ReturnType<typeof buildTimeline> | null = null;
  const startMs = time(() => {
    model = new PadReplayModel(replay);
    const times = replay.updates.map((u) => Date.parse(u.at));
    timeline = buildTimeline(times);
    authorBands(
      timeline.playAt,
      replay.updates.map((u) => u.authorId),
      timeline.duration,
    );
    model.seek(countAt(timeline, 0));
    model.files();
  });
  const m = model as unknown as PadReplayModel;
  const toEndMs = time(() => {
    m.seek(replay.updates.length);
    m.files();
  });
  const backMs = time(() => {
    m.seek(replay.updates.length - 150);
    m.files();
  });
  m.destroy();
  return {
    metrics: [
      metric(
        stage,
        'updates in the session',
        replay.updates.length,
        'updates',
        undefined,
        `${minutes} min`,
      ),
      metric(stage, 'replay starts (first frame)', startMs, 'ms', { kind: 'max', limit: 1000 }),
      metric(stage, 'first scrub to the end', toEndMs, 'ms'),
      metric(stage, 'scrub step back (from a checkpoint)', backMs, 'ms'),
    ],
  };
}
