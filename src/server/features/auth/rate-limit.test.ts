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

describe('sign-in limits: per account, and a higher one per address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      AUTH_RATE_LIMIT: '3',
      AUTH_ADDRESS_RATE_LIMIT: '6',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const signIn = (email: string, address: string) =>
    limited.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
      json: { email, password: 'wrong-password' },
    });

  it('refuses a fourth attempt on one account a minute, whatever address it comes from', async () => {
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      statuses.push((await signIn('Target@Example.test', address)).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    // The same account under another spelling of its address is the same account.
    expect((await signIn('target@example.test ', '203.0.113.5')).status).toBe(429);
  });

  it('lets six people behind one address sign in a minute, and refuses the seventh', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      statuses.push((await signIn(`person${i}@example.test`, '198.51.100.7')).status);
    }
    expect(statuses.slice(0, 6)).not.toContain(429);
    expect(statuses[6]).toBe(429);
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
