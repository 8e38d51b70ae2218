import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message } from '../db/schema';
import { createTestApp, secondServer, type TestApp, type TestUser } from '../test/harness';
import { SessionCache } from './session-cache';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, as: TestUser | null, json?: unknown) =>
  t.request(path, { method: 'POST', as, json: json ?? {} });
const status = async (path: string, as: TestUser) => (await t.request(path, { as })).status;

/** The role this user's requests are served as, read through a route only recruiters may use. */
const recruiterRoute = '/api/jobs/managed';

describe('session reads kept per cookie', () => {
  it('serves a second request from the cache, and a sign-out ends it at once', async () => {
    const someone = await t.createUser('candidate');
    t.sessions.clear();
    expect(await status('/api/profile', someone)).toBe(200);
    const kept = t.sessions.size;
    expect(kept).toBeGreaterThan(0);
    expect(await status('/api/profile', someone)).toBe(200);
    expect(t.sessions.size).toBe(kept); // the same entry, not a second one

    expect((await post('/api/auth/sign-out', someone)).status).toBe(200);
    expect(await status('/api/profile', someone)).toBe(401);
  });

  it('sees a role change by an admin on the next request', async () => {
    const recruiter = await t.createUser('recruiter');
    expect(await status(recruiterRoute, recruiter)).toBe(200);
    const res = await t.request(`/api/admin/users/${recruiter.id}/role`, {
      method: 'PUT',
      as: admin,
      json: { role: 'candidate' },
    });
    expect(res.status).toBe(200);
    expect(await status(recruiterRoute, recruiter)).toBe(403);
  });

  it('sees a deactivation and revoked sessions on the next request', async () => {
    const banned = await t.createUser('candidate');
    const revoked = await t.createUser('candidate');
    expect(await status('/api/profile', banned)).toBe(200);
    expect(await status('/api/profile', revoked)).toBe(200);
    const ban = await post(`/api/admin/users/${banned.id}/deactivate`, admin, { reason: 'Spam' });
    expect(ban.status).toBe(200);
    expect(await status('/api/profile', banned)).toBe(401);
    expect((await post(`/api/admin/users/${revoked.id}/revoke-sessions`, admin)).status).toBe(200);
    expect(await status('/api/profile', revoked)).toBe(401);
  });

  it('sends under the new name once the name changed, by the profile form or by better-auth', async () => {
    const recruiter = await t.createUser('recruiter', { name: 'Old Name' });
    const candidate = await t.createUser('candidate', { name: 'Casey Candidate' });
    const started = await post('/api/conversations', recruiter, {
      recipientIds: [candidate.id],
      subject: 'Names',
      message: 'First',
    });
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const send = async (content: string) => {
      const res = await post(`/api/conversations/${id}/messages`, recruiter, {
        content,
        clientId: `name-${content}`,
      });
      expect(res.status).toBe(201);
    };
    await send('before');
    const saved = await t.request('/api/profile', {
      method: 'PUT',
      as: recruiter,
      json: { name: 'Form Name', company: { name: 'Northwind' } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await send('after-form');
    const updated = await post('/api/auth/update-user', recruiter, { name: 'Auth Name' });
    expect(updated.status).toBe(200);
    await send('after-auth');

    const rows = await t.database.db
      .select({ content: message.content, senderName: message.senderName })
      .from(message)
      .where(eq(message.conversationId, id))
      .orderBy(message.seq);
    expect(rows).toEqual([
      { content: 'First', senderName: 'Old Name' },
      { content: 'before', senderName: 'Old Name' },
      { content: 'after-form', senderName: 'Form Name' },
      { content: 'after-auth', senderName: 'Auth Name' },
    ]);
  });

  it("forgets everything when the bus says sessions changed (another server's sign-out or ban)", async () => {
    const someone = await t.createUser('candidate');
    expect(await status('/api/profile', someone)).toBe(200);
    expect(t.sessions.size).toBeGreaterThan(0);
    await t.bus.publish({ audience: {}, event: { type: 'sessions.changed' } });
    await expect.poll(() => t.sessions.size).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('across server processes (PostgreSQL)', () => {
  it('a sign-out or a role change on one server is seen by the next request to another', async () => {
    const second = await secondServer(t);
    const viaSecond = (path: string, as: TestUser) =>
      second.app.request(`http://localhost:3000${path}`, { headers: { cookie: as.cookie } });
    try {
      const leaving = await t.createUser('candidate');
      const demoted = await t.createUser('recruiter');
      expect((await viaSecond('/api/profile', leaving)).status).toBe(200);
      expect((await viaSecond(recruiterRoute, demoted)).status).toBe(200);
      expect(second.sessions.size).toBeGreaterThanOrEqual(2);

      expect((await post('/api/auth/sign-out', leaving)).status).toBe(200);
      await expect.poll(async () => (await viaSecond('/api/profile', leaving)).status).toBe(401);
      const res = await t.request(`/api/admin/users/${demoted.id}/role`, {
        method: 'PUT',
        as: admin,
        json: { role: 'candidate' },
      });
      expect(res.status).toBe(200);
      await expect.poll(async () => (await viaSecond(recruiterRoute, demoted)).status).toBe(403);
    } finally {
      await second.close();
    }
  });
});

describe('SessionCache', () => {
  const cookie = 'better-auth.session_token=abc.sig';
  const fakeAuth = (answers: (() => Promise<unknown>)[]) => {
    const calls: Headers[] = [];
    const auth = {
      $context: Promise.resolve({
        authCookies: { sessionToken: { name: 'better-auth.session_token' } },
      }),
      api: {
        getSession: ({ headers }: { headers: Headers }) => {
          calls.push(headers);
          return (answers.shift() ?? (() => Promise.resolve(null)))();
        },
      },
    };
    return { auth: auth as unknown as ConstructorParameters<typeof SessionCache>[0], calls };
  };
  const session = (expiresInMs: number, name = 'Kim') => ({
    session: { id: 's1', expiresAt: new Date(Date.now() + expiresInMs) },
    user: { id: 'u1', name },
  });

  it('reads once per cookie until it expires, and never keeps a missing session', async () => {
    let now = Date.now();
    const { auth, calls } = fakeAuth([
      async () => null,
      async () => session(3_600_000),
      async () => session(3_600_000, 'Kim Again'),
    ]);
    const cache = new SessionCache(auth, { ttlMs: 1_000, now: () => now });
    const headers = new Headers({ cookie: `theme=dark; ${cookie}` });
    expect(await cache.get(headers)).toBeNull();
    expect((await cache.get(headers))?.user.name).toBe('Kim');
    expect((await cache.get(new Headers({ cookie: `${cookie}; theme=light` })))?.user.name).toBe(
      'Kim',
    );
    expect(calls).toHaveLength(2);
    now += 1_001;
    expect((await cache.get(headers))?.user.name).toBe('Kim Again');
    expect(calls).toHaveLength(3);
    // Without a session cookie there is nothing to key on: always asked.
    await cache.get(new Headers({ cookie: 'theme=dark' }));
    await cache.get(new Headers());
    expect(calls).toHaveLength(5);
  });

  it('forgets reads that ran out even when their cookies never come back', async () => {
    let now = Date.now();
    const { auth } = fakeAuth(Array.from({ length: 100 }, () => async () => session(3_600_000)));
    const cache = new SessionCache(auth, { ttlMs: 1_000, now: () => now });
    const tab = (i: number) => new Headers({ cookie: `better-auth.session_token=t${i}.sig` });
    for (let i = 0; i < 50; i++) await cache.get(tab(i));
    expect(cache.size).toBe(50);
    now += 1_001; // all 50 ran out; none is asked for again
    await cache.get(tab(50));
    expect(cache.size).toBe(1);
  });

  it('keeps a session no longer than it lasts', async () => {
    const { auth, calls } = fakeAuth([async () => session(-1), async () => session(-1)]);
    const cache = new SessionCache(auth);
    await cache.get(new Headers({ cookie }));
    await cache.get(new Headers({ cookie }));
    expect(calls).toHaveLength(2);
  });

  it('does not keep a read that was under way when a change was announced', async () => {
    let finish: (value: unknown) => void = () => {};
    const { auth, calls } = fakeAuth([
      () => new Promise((resolve) => (finish = resolve)),
      async () => null,
    ]);
    const cache = new SessionCache(auth);
    const pending = cache.get(new Headers({ cookie }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    cache.clear(); // e.g. the user signed out while the read was running
    finish(session(3_600_000));
    expect((await pending)?.user.name).toBe('Kim');
    expect(await cache.get(new Headers({ cookie }))).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
