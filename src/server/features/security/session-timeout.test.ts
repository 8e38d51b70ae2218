import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { auditLog, session, sessionActivity, user as userTable } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createServices, type Services } from '../../server';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

const dbNow = async () =>
  new Date((await t.database.query<{ now: string }>('select now() as now'))[0]!.now).getTime();

const setTimeoutMinutes = (minutes: number, requireTwoFactor = false) =>
  t.request('/api/settings/security', {
    method: 'PUT',
    as: admin,
    json: { sessionTimeoutMinutes: minutes, requireTwoFactor },
  });

/**
 * Moves a session's last activity into the past, as if its user had walked
 * away. The apps' clocks move on two minutes too: a server looks at the
 * database again once its own last write is a minute old.
 */
async function idleFor(user: TestUser, minutes: number) {
  const sessionId = await sessionIdOf(user);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 2 * 60_000);
  await t.database.query(
    `update session_activity set last_active_at = now() - make_interval(mins => $2) where session_id = $1`,
    [sessionId, minutes],
  );
}

async function sessionIdOf(user: TestUser): Promise<string> {
  const res = await t.request('/api/auth/get-session', { as: user });
  const body = (await res.json()) as { session: { id: string } } | null;
  if (!body) throw new Error('no session');
  return body.session.id;
}

describe('security settings', () => {
  it('are 30 minutes and optional two-factor by default', async () => {
    const res = await t.request('/api/settings/security', { as: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessionTimeoutMinutes: 30, requireTwoFactor: false });
  });

  it('refuse other roles and signed-out callers', async () => {
    const recruiter = await t.createUser('recruiter');
    const candidate = await t.createUser('candidate');
    for (const as of [recruiter, candidate]) {
      expect((await t.request('/api/settings/security', { as })).status).toBe(403);
      const put = await t.request('/api/settings/security', {
        method: 'PUT',
        as,
        json: { sessionTimeoutMinutes: 15, requireTwoFactor: true },
      });
      expect(put.status).toBe(403);
    }
    expect((await t.request('/api/settings/security')).status).toBe(401);
    expect((await t.request('/api/settings/security', { as: admin })).status).toBe(200);
    expect(await (await t.request('/api/settings/security', { as: admin })).json()).toMatchObject({
      sessionTimeoutMinutes: 30,
    });
  });

  it('refuse a timeout outside the options and change nothing', async () => {
    for (const json of [
      { sessionTimeoutMinutes: 45, requireTwoFactor: false },
      { sessionTimeoutMinutes: '15', requireTwoFactor: false },
      { sessionTimeoutMinutes: 15 },
      { sessionTimeoutMinutes: 15.5, requireTwoFactor: false },
    ]) {
      const res = await t.request('/api/settings/security', { method: 'PUT', as: admin, json });
      expect(res.status).toBe(400);
    }
    expect(await (await t.request('/api/settings/security', { as: admin })).json()).toMatchObject({
      sessionTimeoutMinutes: 30,
    });
  });

  it('records each change in the audit log with before and after', async () => {
    expect((await setTimeoutMinutes(60)).status).toBe(200);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.security.update'));
    expect(rows.at(-1)).toMatchObject({
      actorId: admin.id,
      before: { sessionTimeoutMinutes: 30, requireTwoFactor: false },
      after: { sessionTimeoutMinutes: 60, requireTwoFactor: false },
    });
    expect((await setTimeoutMinutes(30)).status).toBe(200);
  });
});

describe('idle timeout', () => {
  it('refuses and revokes a session idle longer than the timeout', async () => {
    const user = await t.createUser('candidate');
    expect((await t.request('/api/profile', { as: user })).status).toBe(200);
    const sessionId = await sessionIdOf(user);
    await idleFor(user, 31);
    const res = await t.request('/api/profile', { as: user });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'session-idle' });
    // Revoked: gone from the database, so every server and better-auth agree.
    expect(await t.database.db.select().from(session).where(eq(session.id, sessionId))).toEqual([]);
    expect(await (await t.request('/api/auth/get-session', { as: user })).json()).toBeNull();
  });

  it("follows the admin's choice: 29 idle minutes pass at 30, fail at 15", async () => {
    const user = await t.createUser('recruiter');
    expect((await t.request('/api/profile', { as: user })).status).toBe(200);
    await idleFor(user, 29);
    expect((await t.request('/api/profile', { as: user })).status).toBe(200);

    const other = await t.createUser('recruiter');
    expect((await t.request('/api/profile', { as: other })).status).toBe(200);
    expect((await setTimeoutMinutes(15)).status).toBe(200);
    await idleFor(other, 16);
    expect((await t.request('/api/profile', { as: other })).status).toBe(401);
    expect((await setTimeoutMinutes(30)).status).toBe(200);
  });

  it('refuses a session that was never used within the timeout of its sign-in', async () => {
    const user = await t.createUser('candidate');
    const sessionId = await sessionIdOf(user); // get-session is better-auth's: no activity row yet
    await t.database.db.delete(sessionActivity).where(eq(sessionActivity.sessionId, sessionId));
    await t.database.query(
      `update session set created_at = now() - interval '40 minutes' where id = $1`,
      [sessionId],
    );
    expect((await t.request('/api/profile', { as: user })).status).toBe(401);
  });

  it('tells the browser the deadline, and activity moves it', async () => {
    const user = await t.createUser('candidate');
    const first = await t.request('/api/session/status', { as: user });
    expect(first.status).toBe(200);
    const status = await first.json();
    expect(status).toMatchObject({
      idleTimeoutSeconds: 1800,
      twoFactorEnabled: false,
      mustEnrolTwoFactor: false,
    });
    const left = new Date(status.idleExpiresAt).getTime() - (await dbNow());
    expect(left).toBeGreaterThan(1790_000);
    expect(left).toBeLessThanOrEqual(1801_000);

    await idleFor(user, 20);
    // Reading the clock does not restart it.
    for (let i = 0; i < 2; i++) {
      const read = await (await t.request('/api/session/status', { as: user })).json();
      expect(read.idleSecondsLeft).toBeLessThanOrEqual(600);
      expect(read.idleSecondsLeft).toBeGreaterThan(590);
    }
    const moved = await t.request('/api/session/activity', { method: 'POST', as: user });
    expect(moved.status).toBe(200);
    const after = new Date((await moved.json()).idleExpiresAt).getTime() - (await dbNow());
    expect(after).toBeGreaterThan(1790_000);
  });

  it('does not count the health probe as activity', async () => {
    const user = await t.createUser('candidate');
    expect((await t.request('/api/profile', { as: user })).status).toBe(200);
    await idleFor(user, 31);
    expect((await t.request('/api/health', { as: user })).status).toBe(200);
    expect((await t.request('/api/profile', { as: user })).status).toBe(401);
  });
});

describe("idle timeout on better-auth's own routes", () => {
  it('get-session answers no session once idle, and the session is ended', async () => {
    const user = await t.createUser('candidate');
    const sessionId = await sessionIdOf(user);
    await idleFor(user, 31);
    const res = await t.request('/api/auth/get-session', { as: user });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.id, sessionId))).toEqual([]);
  });

  it('update-user renames nobody once idle', async () => {
    const user = await t.createUser('candidate', { name: 'Kept Name' });
    await sessionIdOf(user);
    await idleFor(user, 31);
    const res = await t.request('/api/auth/update-user', {
      method: 'POST',
      as: user,
      json: { name: 'Renamed While Idle' },
    });
    expect(res.status).toBe(401);
    const [row] = await t.database.db.select().from(userTable).where(eq(userTable.id, user.id));
    expect(row?.name).toBe('Kept Name');
  });

  it('list-sessions refuses once idle', async () => {
    const user = await t.createUser('candidate');
    expect((await t.request('/api/auth/list-sessions', { as: user })).status).toBe(200);
    await idleFor(user, 31);
    expect((await t.request('/api/auth/list-sessions', { as: user })).status).toBe(401);
  });

  it('reading the session is no activity; changing the account is', async () => {
    const user = await t.createUser('candidate');
    await sessionIdOf(user);
    await idleFor(user, 20);
    for (let i = 0; i < 2; i++) await sessionIdOf(user);
    const left = async () =>
      (await (await t.request('/api/session/status', { as: user })).json()).idleSecondsLeft;
    expect(await left()).toBeLessThanOrEqual(600);
    const renamed = await t.request('/api/auth/update-user', {
      method: 'POST',
      as: user,
      json: { name: 'Active Person' },
    });
    expect(renamed.status).toBe(200);
    expect(await left()).toBeGreaterThan(1790);
  });

  it('signing in with the cookie of an idle session still works', async () => {
    const user = await t.createUser('candidate');
    await sessionIdOf(user);
    await idleFor(user, 31);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      as: user,
      json: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
  });
});

describe('idle timeout across two servers on one database', () => {
  let second: Services;
  let secondDb: Database;
  beforeAll(async () => {
    secondDb = t.database.url
      ? await openDatabase({ url: t.database.url, dataDir: '', max: 2 })
      : t.database; // PGlite: one in-process database, still two apps with their own memory
    second = await createServices(t.env, createLogger('silent'), { database: secondDb });
  });
  afterAll(async () => {
    if (t.database.url) await second?.close();
    else await Promise.all([second?.hub.close(), second?.mailer.stop(), second?.bus.close()]);
  });

  const onSecond = (path: string, user: TestUser, init: RequestInit = {}) =>
    Promise.resolve(
      second.app.request(`${TEST_APP_URL}${path}`, {
        ...init,
        headers: { cookie: user.cookie },
      }),
    );

  it('an idle session is refused by the other server, and then by both', async () => {
    const user = await t.createUser('candidate');
    expect((await t.request('/api/profile', { as: user })).status).toBe(200);
    expect((await onSecond('/api/profile', user)).status).toBe(200);
    await idleFor(user, 31);
    expect((await onSecond('/api/profile', user)).status).toBe(401);
    expect((await t.request('/api/profile', { as: user })).status).toBe(401);
  });

  it('activity on one server keeps the session alive on the other', async () => {
    const user = await t.createUser('candidate');
    expect((await onSecond('/api/profile', user)).status).toBe(200);
    await idleFor(user, 25);
    expect((await t.request('/api/session/activity', { method: 'POST', as: user })).status).toBe(
      200,
    );
    await idleFor(user, 0);
    expect((await onSecond('/api/profile', user)).status).toBe(200);
    await idleFor(user, 31);
    expect((await onSecond('/api/profile', user)).status).toBe(401);
  });

  it('a timeout changed through one server is enforced by the other', async () => {
    const user = await t.createUser('candidate');
    expect((await onSecond('/api/profile', user)).status).toBe(200);
    expect((await setTimeoutMinutes(15)).status).toBe(200);
    await idleFor(user, 16);
    expect((await onSecond('/api/profile', user)).status).toBe(401);
    expect((await setTimeoutMinutes(30)).status).toBe(200);
  });
});

describe('first activity of a new session', () => {
  it('20 parallel first requests all succeed and the session stays alive', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await t.signUp({ accountType: 'candidate' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.request('/api/profile', { as: user })),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect((await t.request('/api/profile', { as: user })).status).toBe(200);
      expect(await (await t.request('/api/auth/get-session', { as: user })).json()).toMatchObject({
        user: { id: user.id },
      });
    }
  });
});

describe('a session ended while this server still remembers it', () => {
  it('is refused with 401, not a 500 for its missing row', async () => {
    const user = await t.createUser('candidate');
    const sessionId = await sessionIdOf(user);
    await t.database.db.delete(sessionActivity).where(eq(sessionActivity.sessionId, sessionId));
    // The health probe reads (and caches) the session without recording activity.
    expect((await t.request('/api/health', { as: user })).status).toBe(200);
    // Signed out through another server: this one's session cache has not heard yet.
    await t.database.db.delete(session).where(eq(session.id, sessionId));
    const res = await t.request('/api/profile', { as: user });
    expect(res.status).toBe(401);
  });
});
