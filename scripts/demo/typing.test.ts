import { describe, expect, it } from 'vitest';
import { playbackUploadSchema, replayAll } from '../../src/domain/playback';
import { typeFile } from './typing';

describe('typeFile', () => {
  const original = 'function check(p) {\n  // TODO\n  return [];\n}\n';
  const final =
    'function check(p) {\n  const problems = [];\n  if (p.length < 8) problems.push("8 characters");\n  return problems;\n}\n';

  it('records a history the server accepts that replays to the final text, with a paste and time away', () => {
    const { upload, endAt } = typeFile({
      original,
      final,
      startAt: 1_700_000_000_000,
      paste: 'if (p.length < 8) problems.push("8 characters");',
      away: { after: 0.5, ms: 90_000 },
    });
    expect(playbackUploadSchema.safeParse(upload).success).toBe(true);
    const events = upload.chunks[0]!.events;
    expect(replayAll(events)).toBe(final);
    expect(events.filter((e) => e.k === 'c' && e.m === 'paste')).toHaveLength(1);
    const away = events.find((e) => e.k === 'a');
    const back = events.find((e) => e.k === 'b');
    expect(back!.t - away!.t).toBe(90_000);
    expect(endAt).toBe(1_700_000_000_000 + events.at(-1)!.t);
  });
});
