import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_SESSION_ENDED } from '../../../domain/api';
import { MAX_NAME_LENGTH } from '../../../domain/constants';
import { outbox, session, user } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let server: ReturnType<typeof serve>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  t.hub.attach(server as never);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const post = (path: string, json: unknown, as?: TestUser | { cookie: string }) =>
  t.request(path, { method: 'POST', json, as: as as TestUser | undefined });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;

/** The token of the newest reset mail sent to `email`. */
async function resetToken(email: string) {
  const res = await post('/api/auth/request-password-reset', {
    email,
    redirectTo: '/reset-password/new',
  });
  expect(res.status).toBe(200);
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const link = new URL(mail!.text.match(/http\S+/)![0]);
  const follow = await t.request(link.pathname + link.search);
  return new URL(follow.headers.get('location')!, 'http://x').searchParams.get('token')!;
}

describe('password reset links', () => {
  it('refuses an older link once a newer one was used', async () => {
    const someone = await t.signUp();
    const older = await resetToken(someone.email);
    const newer = await resetToken(someone.email);
    expect(older).not.toBe(newer);
    const used = await post('/api/auth/reset-password', {
      newPassword: 'newer-pass',
      token: newer,
    });
    expect(used.status).toBe(200);
    const stale = await post('/api/auth/reset-password', {
      newPassword: 'older-pass',
      token: older,
    });
    expect(stale.status).toBe(400);
    await expect(t.signIn(someone.email, 'older-pass')).rejects.toThrow();
    expect(await t.signIn(someone.email, 'newer-pass')).toContain('session_token');
  });
});

describe('changing the password', () => {
  const sessionsOf = async (userId: string) =>
    (await t.database.db.select().from(session).where(eq(session.userId, userId))).length;

  it('signs out every other session by default', async () => {
    const someone = await t.signUp();
    const otherDevice = await t.signIn(someone.email, someone.password);
    expect(await sessionsOf(someone.id)).toBe(2);
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: someone.password, newPassword: 'changed-pass' },
      someone,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    // The device that changed it stays signed in (with a new session); the other does not.
    expect(await sessionsOf(someone.id)).toBe(1);
    const other = await t.request('/api/profile', { as: { cookie: otherDevice } as TestUser });
    expect(other.status).toBe(401);
    const mine = await t.request('/api/profile', {
      as: {
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      } as TestUser,
    });
    expect(mine.status).toBe(200);
  });

  it('keeps the other sessions when asked to', async () => {
    const someone = await t.signUp();
    const otherDevice = await t.signIn(someone.email, someone.password);
    const res = await post(
      '/api/auth/change-password',
      {
        currentPassword: someone.password,
        newPassword: 'changed-pass',
        revokeOtherSessions: false,
      },
      someone,
    );
    expect(res.status).toBe(200);
    expect(await sessionsOf(someone.id)).toBe(2);
    expect(
      (await t.request('/api/profile', { as: { cookie: otherDevice } as TestUser })).status,
    ).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const someone = await t.signUp();
    const res = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: 'changed-pass' },
      someone,
    );
    expect(res.status).toBe(400);
    expect(await t.signIn(someone.email, someone.password)).toContain('session_token');
  });
});

describe('names through better-auth', () => {
  const long = 'N'.repeat(200_000);
  const tooLong = 'N'.repeat(MAX_NAME_LENGTH + 1);

  it.each([
    // The sign-up form's own wording for a blank name.
    ['blank', '   ', 'Full name is required'],
    ['over-long', tooLong, `At most ${MAX_NAME_LENGTH} characters`],
    ['200,000 characters', long, `At most ${MAX_NAME_LENGTH} characters`],
  ])('sign-up refuses a %s name and creates nobody', async (_, name, message) => {
    const email = `name-${name.length}-${Date.now()}@example.test`;
    const res = await post('/api/auth/sign-up/email', {
      name,
      email,
      password: 'secret-password',
      accountType: 'candidate',
    });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('sign-up keeps a name at the limit, trimmed', async () => {
    const someone = await t.signUp({ name: `  ${'M'.repeat(MAX_NAME_LENGTH)}  ` });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, someone.id));
    expect(row?.name).toBe('M'.repeat(MAX_NAME_LENGTH));
  });

  it.each([
    ['blank', '', 'Full Name is required'],
    ['over-long', tooLong, `At most ${MAX_NAME_LENGTH} characters`],
    ['200,000 characters', long, `At most ${MAX_NAME_LENGTH} characters`],
  ])('update-user refuses a %s name and keeps the old one', async (_, name, message) => {
    const someone = await t.signUp({ name: 'Kept Name' });
    const res = await post('/api/auth/update-user', { name }, someone);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, someone.id));
    expect(row?.name).toBe('Kept Name');
  });

  it('update-user takes a good name, trimmed', async () => {
    const someone = await t.signUp({ name: 'Old Name' });
    const res = await post('/api/auth/update-user', { name: '  New Name  ' }, someone);
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, someone.id));
    expect(row?.name).toBe('New Name');
  });
});

describe('live-update sockets', () => {
  /** A socket as a browser tab opens it; resolves its close code when it closes. */
  async function openSocket(cookie: string) {
    const ws = new WebSocket(`ws://${base}/api/events`, {
      headers: { cookie, origin: 'http://localhost:3000' },
    });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const opened = await new Promise<boolean>((resolve) => {
      ws.on('message', (data) => {
        if (JSON.parse(String(data)).type === 'ready') resolve(true);
      });
      ws.on('close', () => resolve(false));
    });
    expect(opened).toBe(true);
    return { ws, closed };
  }
  const within = <T>(promise: Promise<T>, ms = 5000) =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
    ]);

  it('closes the socket of a session that signs out, and only that one', async () => {
    const someone = await t.signUp();
    const tab = await openSocket(someone.cookie);
    const otherDeviceCookie = await t.signIn(someone.email, someone.password);
    const otherDevice = await openSocket(otherDeviceCookie);
    const out = await post('/api/auth/sign-out', {}, someone);
    expect(out.status).toBe(200);
    expect(await within(tab.closed)).toBe(REALTIME_SESSION_ENDED);
    // Re-checked again, the other device's session is still valid.
    await t.hub.checkSessions();
    expect(otherDevice.ws.readyState).toBe(WebSocket.OPEN);
    otherDevice.ws.close();
  });

  it('closes every socket of a user an admin bans', async () => {
    const admin = await t.createUser('admin');
    const someone = await t.signUp();
    const tab = await openSocket(someone.cookie);
    const res = await post('/api/auth/admin/ban-user', { userId: someone.id }, admin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await within(tab.closed)).toBe(REALTIME_SESSION_ENDED);
  });

  it('closes a socket whose session ended without a word (expired, removed), on the periodic check', async () => {
    const someone = await t.signUp();
    const tab = await openSocket(someone.cookie);
    await t.database.db.delete(session).where(eq(session.userId, someone.id));
    await t.hub.checkSessions();
    expect(await within(tab.closed)).toBe(REALTIME_SESSION_ENDED);
  });
});
