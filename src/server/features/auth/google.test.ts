import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { cookieOf, createTestApp, TEST_APP_URL, type TestApp } from '../../test/harness';

let t: TestApp;
let oidc: OAuth2Server;
let identity = { sub: 'g-1', email: 'grace@example.test', name: 'Grace Google' };

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, 'localhost');
  oidc.service.on('beforeTokenSigning', (token) =>
    Object.assign(token.payload, { email_verified: true, ...identity }),
  );
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = { email_verified: true, ...identity };
  });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'test-client',
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
  });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

/** The browser's part of the OpenID Connect dance, done by hand. */
async function googleSignIn(): Promise<Response> {
  const start = await t.request('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const stateCookie = cookieOf(start);
  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location')!);
  expect(callback.origin).toBe(TEST_APP_URL);
  return t.request(callback.pathname + callback.search, { headers: { cookie: stateCookie } });
}

describe('Google sign-in (OpenID Connect)', () => {
  it('says it is configured', async () => {
    expect((await (await t.request('/api/config')).json()).googleEnabled).toBe(true);
  });

  it('creates a new Google user as a candidate and signs them in', async () => {
    const done = await googleSignIn();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const session = await t.request('/api/auth/get-session', {
      headers: { cookie: cookieOf(done) },
    });
    expect((await session.json()).user).toMatchObject({
      email: 'grace@example.test',
      name: 'Grace Google',
      role: 'candidate',
      // Google vouches for the address: no verification mail is needed.
      emailVerified: true,
    });
  });

  it('never joins an unverified account made by sign-up with the same address', async () => {
    const email = 'squatted@example.test';
    const res = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Squatter', email, password: 'squatter-pass', accountType: 'candidate' },
    });
    expect(res.status).toBe(200);
    identity = { sub: 'g-3', email, name: 'Real Owner' };
    const done = await googleSignIn();
    expect(done.headers.get('location')).toMatch(/error=/);
    expect(done.headers.getSetCookie().join(';')).not.toContain('session_token=');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: 'Squatter', emailVerified: false });
  });

  it('signs an existing recruiter in with their own role', async () => {
    const recruiter = await t.signUp({ accountType: 'recruiter', email: 'rory@example.test' });
    identity = { sub: 'g-2', email: recruiter.email, name: 'Rory' };
    const done = await googleSignIn();
    expect(done.status).toBe(302);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, recruiter.email));
    expect(row?.role).toBe('recruiter');
  });
});

describe('without Google configured', () => {
  it('refuses the Google sign-in and says so in /api/config', async () => {
    const plain = await createTestApp();
    try {
      expect((await (await plain.request('/api/config')).json()).googleEnabled).toBe(false);
      const res = await plain.request('/api/auth/sign-in/social', {
        method: 'POST',
        json: { provider: 'google', callbackURL: '/' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    } finally {
      await plain.close();
    }
  });
});
