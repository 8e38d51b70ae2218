import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { totpCodes, totpFromUri } from '../../../../tests/fixtures/totp';
import { SECURITY_TEXTS } from '../../../domain/security';
import {
  cookieOf,
  createTestApp,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from '../../test/harness';

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

/**
 * Enrols the user's authenticator app; returns the otpauth URI, its codes (each
 * call a new one, as the server takes each once), the backup codes and the new cookie.
 */
async function enrol(user: TestUser) {
  const enable = await t.request('/api/auth/two-factor/enable', {
    method: 'POST',
    as: user,
    json: { password: user.password },
  });
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const codes = totpCodes(totpURI);
  const verify = await t.request('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    as: user,
    json: { code: codes() },
  });
  expect(verify.status).toBe(200);
  return { totpURI, codes, backupCodes, cookie: cookieOf(verify) };
}

const session = async (cookie: string) =>
  (await t.request('/api/auth/get-session', { headers: { cookie } })).json();

/** Signs in with e-mail and password; answers the code challenge with `code` when asked. */
async function signInWithCode(user: TestUser, code: () => string) {
  const res = await t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email: user.email, password: user.password },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ twoFactorRedirect: true });
  const challenge = cookieOf(res);
  expect(await session(challenge)).toBeNull();
  return t.request('/api/auth/two-factor/verify-totp', {
    method: 'POST',
    headers: { cookie: challenge },
    json: { code: code() },
  });
}

describe('two-factor sign-in with an authenticator app', () => {
  it('enrols with a code from the app and shows as enabled', async () => {
    const user = await t.createUser('candidate');
    const { backupCodes, cookie } = await enrol(user);
    expect(backupCodes).toHaveLength(10);
    expect((await session(cookie)).user.twoFactorEnabled).toBe(true);
    const status = await t.request('/api/session/status', { headers: { cookie } });
    expect(await status.json()).toMatchObject({
      twoFactorEnabled: true,
      mustEnrolTwoFactor: false,
    });
  });

  it('signs in only with the right code', async () => {
    const user = await t.createUser('recruiter');
    const { totpURI, codes } = await enrol(user);
    const wrong = await signInWithCode(user, () => totpFromUri(totpURI, Date.now() - 10 * 60_000));
    expect(wrong.status).toBe(401);
    const right = await signInWithCode(user, codes);
    expect(right.status).toBe(200);
    const cookie = cookieOf(right);
    expect((await session(cookie)).user.email).toBe(user.email);
    expect((await t.request('/api/profile', { headers: { cookie } })).status).toBe(200);
  });

  it('accepts each code once: the same code again, or an older one, is refused', async () => {
    const user = await t.createUser('candidate');
    const { totpURI, codes } = await enrol(user);
    const code = codes();
    expect((await signInWithCode(user, () => code)).status).toBe(200);
    const again = await signInWithCode(user, () => code);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: SECURITY_TEXTS.codeAlreadyUsed });
    // The code of the step before, still inside the window, is older than the one used.
    const older = await signInWithCode(user, () => totpFromUri(totpURI, Date.now() - 30_000));
    expect(older.status).toBe(401);
    // Half a minute later, the app's next code works.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60_000);
      expect((await signInWithCode(user, codes)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets one of two sign-ins sending the same code at once through', async () => {
    const user = await t.createUser('recruiter');
    const { codes } = await enrol(user);
    const challenge = async () => {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      return cookieOf(res);
    };
    const challenges = [await challenge(), await challenge()];
    const code = codes();
    const answers = await Promise.all(
      challenges.map((cookie) =>
        t.request('/api/auth/two-factor/verify-totp', {
          method: 'POST',
          headers: { cookie },
          json: { code },
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('accepts a backup code once', async () => {
    const user = await t.createUser('candidate');
    const { backupCodes } = await enrol(user);
    const signIn = async () => {
      const res = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: user.email, password: user.password },
      });
      return t.request('/api/auth/two-factor/verify-backup-code', {
        method: 'POST',
        headers: { cookie: cookieOf(res) },
        json: { code: backupCodes[0] },
      });
    };
    expect((await signIn()).status).toBe(200);
    expect((await signIn()).status).toBe(401);
  });
});

describe('Require two-factor', () => {
  it('keeps a user without it from the API until they enrol', async () => {
    const admin = await t.createUser('admin');
    const user = await t.createUser('candidate'); // signed in before the switch
    const put = await t.request('/api/settings/security', {
      method: 'PUT',
      as: admin,
      json: { sessionTimeoutMinutes: 30, requireTwoFactor: true },
    });
    expect(put.status).toBe(200);

    // Next sign-in: the session may only enrol.
    const cookie = await t.signIn(user.email, user.password);
    const fresh = { ...user, cookie };
    for (const path of ['/api/profile', '/api/assessments', '/api/conversations']) {
      const res = await t.request(path, { as: fresh });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'two-factor-enrolment-required' });
    }
    const status = await t.request('/api/session/status', { as: fresh });
    expect(await status.json()).toMatchObject({
      mustEnrolTwoFactor: true,
      twoFactorEnabled: false,
    });

    const enrolled = await enrol(fresh);
    expect((await t.request('/api/profile', { headers: { cookie: enrolled.cookie } })).status).toBe(
      200,
    );

    // Admins are held to it too; turning it off frees the next sign-in.
    const adminAgain = { ...admin, cookie: await t.signIn(admin.email, admin.password) };
    expect((await t.request('/api/settings/security', { as: adminAgain })).status).toBe(403);
    const off = await t.request('/api/settings/security', {
      method: 'PUT',
      as: admin,
      json: { sessionTimeoutMinutes: 30, requireTwoFactor: false },
    });
    expect(off.status).toBe(200);
    const later = { ...admin, cookie: await t.signIn(admin.email, admin.password) };
    expect((await t.request('/api/settings/security', { as: later })).status).toBe(200);
  });
});

/** The browser's part of the OpenID Connect dance, done by hand. */
async function googleSignIn(): Promise<Response> {
  const start = await t.request('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' },
  });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const authorize = await fetch(url, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location')!);
  return t.request(callback.pathname + callback.search, { headers: { cookie: cookieOf(start) } });
}

describe('Google sign-in with two-factor turned on', () => {
  it('is challenged for the code like an e-mail sign-in', async () => {
    identity = { sub: 'g-gina', email: 'gina@example.test', name: 'Gina' };
    const first = await googleSignIn();
    expect(first.headers.get('location')).toBe('/');
    const googleUser = { password: undefined, cookie: cookieOf(first) } as unknown as TestUser;
    const { codes } = await enrol(googleUser);

    const done = await googleSignIn();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`${TEST_APP_URL}/login/two-factor`);
    const challenge = cookieOf(done);
    expect(challenge).toContain('two_factor=');
    expect(await session(challenge)).toBeNull();
    expect((await t.request('/api/profile', { headers: { cookie: challenge } })).status).toBe(401);

    const verify = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      headers: { cookie: challenge },
      json: { code: codes() },
    });
    expect(verify.status).toBe(200);
    expect((await session(cookieOf(verify))).user.email).toBe('gina@example.test');
  });

  it('signs a user without two-factor straight in', async () => {
    identity = { sub: 'g-plain', email: 'plain@example.test', name: 'Plain' };
    const done = await googleSignIn();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    expect((await session(cookieOf(done))).user.email).toBe('plain@example.test');
  });
});
