import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limits on account routes', () => {
  it.each([
    ['/api/auth/sign-in/email', { email: 'x@example.test', password: 'wrong-password' }],
    [
      '/api/auth/request-password-reset',
      { email: 'x@example.test', redirectTo: '/reset-password/new' },
    ],
  ])('answers 429 after 3 requests a minute to %s', async (path, json) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await t.request(path, { method: 'POST', json })).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });
});

describe('reading the session', () => {
  it('is never limited: every page load and tab focus does it', async () => {
    const app = await createTestApp();
    try {
      const user = await app.createUser('candidate');
      const statuses = new Set<number>();
      // Past better-auth's default of 300 a minute for one address.
      for (let i = 0; i < 320; i++) {
        statuses.add((await app.request('/api/auth/get-session', { as: user })).status);
      }
      expect([...statuses]).toEqual([200]);
    } finally {
      await app.close();
    }
  });
});
