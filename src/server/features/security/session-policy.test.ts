import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { createSessionPolicy } from './session-policy';

/** A database whose every session is live, with a 10-minute idle timeout. */
const alwaysLive = {
  query: async () => [{ must_enrol: false, timeout_s: 600, live: true, seconds_left: 600 }],
} as unknown as Database;

const sessionOf = (id: string) => ({
  session: { id, createdAt: new Date() },
  user: { id: `user-${id}` },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('session policy memory', () => {
  it('forgets sessions that never come back once their entries ran out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const policy = createSessionPolicy({ database: alwaysLive, env: {} as Env });
    for (let i = 0; i < 200; i++) {
      await policy.touch(sessionOf(`a${i}`));
      await policy.touch(sessionOf(`r${i}`), { record: false });
    }
    expect(policy.cached).toBe(400);

    // Every entry runs out within a minute (a quarter of the timeout, at most 60 s).
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await policy.touch(sessionOf('later'));
    expect(policy.cached).toBe(1);
  });

  it('keeps the entries still in force', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const policy = createSessionPolicy({ database: alwaysLive, env: {} as Env });
    await policy.touch(sessionOf('old'));
    vi.setSystemTime(Date.now() + 61_000);
    await policy.touch(sessionOf('fresh'));
    vi.setSystemTime(Date.now() + 30_000);
    await policy.touch(sessionOf('newest'));
    // 'old' ran out and was swept on the first sweep after it; 'fresh' is still in force.
    expect(policy.cached).toBe(2);
  });
});
