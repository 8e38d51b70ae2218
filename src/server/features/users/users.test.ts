import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADMIN_TEXTS, type UserPage } from '../../../domain/users';
import { outbox, session, user } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recruiter = await t.createUser('recruiter', { name: 'Rita Recruiter' });
  candidate = await t.createUser('candidate', { name: 'Casey Candidate' });
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, as: TestUser | null, json?: unknown) =>
  t.request(path, { method: 'POST', as, json: json ?? {} });
const putRole = (id: string, as: TestUser | null, role: unknown) =>
  t.request(`/api/admin/users/${id}/role`, { method: 'PUT', as, json: { role } });
const roleOf = async (id: string) =>
  (await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
const bannedOf = async (id: string) =>
  (await t.database.db.select({ banned: user.banned }).from(user).where(eq(user.id, id)))[0]
    ?.banned;
const sessionsOf = async (id: string) =>
  (await t.database.db.select().from(session).where(eq(session.userId, id))).length;
const list = async (query = '') => {
  const res = await t.request(`/api/admin/users${query ? `?${query}` : ''}`, { as: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as UserPage;
};

describe('who may manage users', () => {
  it('answers 401 signed out and 403 to recruiters and candidates, on every route', async () => {
    const target = candidate.id;
    const calls = [
      (as: TestUser | null) => t.request('/api/admin/users', { as }),
      (as: TestUser | null) => putRole(target, as, 'recruiter'),
      (as: TestUser | null) => post(`/api/admin/users/${target}/deactivate`, as, { reason: 'x' }),
      (as: TestUser | null) => post(`/api/admin/users/${target}/reactivate`, as),
      (as: TestUser | null) => post(`/api/admin/users/${target}/revoke-sessions`, as),
      (as: TestUser | null) => post(`/api/admin/users/${target}/password-reset`, as),
    ];
    for (const call of calls) {
      expect((await call(null)).status).toBe(401);
      expect((await call(recruiter)).status).toBe(403);
      expect((await call(candidate)).status).toBe(403);
    }
    expect(await roleOf(target)).toBe('candidate');
    expect(await bannedOf(target)).toBe(false);
  });

  it("refuses better-auth's own admin endpoints to non-admins", async () => {
    const res = await post('/api/auth/admin/set-role', recruiter, {
      userId: recruiter.id,
      role: 'admin',
    });
    expect(res.status).toBe(403);
    expect(await roleOf(recruiter.id)).toBe('recruiter');
  });
});

describe('GET /api/admin/users', () => {
  it('lists, searches name or e-mail, and filters by role and status', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.items.map((u) => u.name)).toEqual(
      expect.arrayContaining(['Ada Admin', 'Rita Recruiter', 'Casey Candidate']),
    );
    expect(all.items.find((u) => u.id === admin.id)).toMatchObject({
      role: 'admin',
      status: 'active',
      activeSessions: 1,
    });
    expect((await list('q=rita')).items.map((u) => u.id)).toEqual([recruiter.id]);
    expect((await list(`q=${encodeURIComponent(candidate.email)}`)).total).toBe(1);
    expect((await list('q=%25')).total).toBe(0);
    expect((await list('role=admin')).items.map((u) => u.id)).toEqual([admin.id]);
    expect((await list('status=deactivated')).total).toBe(0);
    const paged = await list('limit=2&page=2');
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
  });

  it.each([
    ['an unknown role', 'role=owner'],
    ['an unknown status', 'status=banned'],
    ['page 0', 'page=0'],
    ['a page that is not a number', 'page=x'],
    ['a limit too big', 'limit=101'],
    ['a search too long', `q=${'a'.repeat(101)}`],
    ['a NUL in the search', 'q=a%00b'],
  ])('refuses %s with 400', async (_, query) => {
    const res = await t.request(`/api/admin/users?${query}`, { as: admin });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.length).toBeGreaterThan(0);
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it('changes a role, taking effect on the next request', async () => {
    const someone = await t.createUser('candidate', { name: 'Role Changer' });
    expect((await t.request('/api/candidates', { as: someone })).status).toBe(403);
    const res = await putRole(someone.id, admin, 'recruiter');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: someone.id, role: 'recruiter' });
    expect(await roleOf(someone.id)).toBe('recruiter');
    expect((await t.request('/api/candidates', { as: someone })).status).toBe(200);
  });

  it.each([
    ['an unknown role', { role: 'owner' }],
    ['no role', {}],
    ['a role that is not text', { role: 7 }],
    ['an extra field', { role: 'recruiter', banned: true }],
  ])('refuses %s with 400, changing nothing', async (_, json) => {
    const res = await t.request(`/api/admin/users/${candidate.id}/role`, {
      method: 'PUT',
      as: admin,
      json,
    });
    expect(res.status).toBe(400);
    expect(await roleOf(candidate.id)).toBe('candidate');
  });

  it('refuses a malformed id (400) and an unknown one (404)', async () => {
    expect((await putRole('bad%20id', admin, 'recruiter')).status).toBe(400);
    const res = await putRole('no-such-user', admin, 'recruiter');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(USER_ADMIN_TEXTS.userNotFound);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.request(`/api/admin/users/${candidate.id}/role`, {
      method: 'PUT',
      as: admin,
      headers: { 'content-type': 'application/json' },
      body: '{"role":',
    });
    expect(res.status).toBe(400);
  });

  it("refuses an unknown role through better-auth's own endpoint too", async () => {
    const res = await post('/api/auth/admin/set-role', admin, {
      userId: candidate.id,
      role: 'owner',
    });
    expect(res.status).toBe(400);
    expect(await roleOf(candidate.id)).toBe('candidate');
  });
});

describe('the last admin', () => {
  it('cannot be demoted or deactivated, through Manage Users or better-auth', async () => {
    const demote = await putRole(admin.id, admin, 'recruiter');
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe(USER_ADMIN_TEXTS.lastAdmin);

    for (const [path, body] of [
      ['/api/auth/admin/set-role', { userId: admin.id, role: 'candidate' }],
      ['/api/auth/admin/set-role', { userId: admin.id, role: ['recruiter'] }],
      ['/api/auth/admin/update-user', { userId: admin.id, data: { role: 'recruiter' } }],
      ['/api/auth/admin/update-user', { userId: admin.id, data: { banned: true } }],
      ['/api/auth/admin/remove-user', { userId: admin.id }],
    ] as const) {
      const res = await post(path, admin, body);
      expect(res.status, path).toBe(409);
      expect((await res.json()).message).toBe(USER_ADMIN_TEXTS.lastAdmin);
    }
    expect(await roleOf(admin.id)).toBe('admin');
    expect(await bannedOf(admin.id)).toBe(false);
  });

  it('can step down once another admin exists, and then the other is the last', async () => {
    const second = await t.createUser('admin', { name: 'Second Admin' });
    const res = await putRole(second.id, admin, 'recruiter');
    expect(res.status).toBe(200);
    // Promote again, then let the second admin demote the first.
    expect((await putRole(second.id, admin, 'admin')).status).toBe(200);
    const second2 = { ...second, cookie: await t.signIn(second.email, second.password) };
    expect((await putRole(admin.id, second2, 'recruiter')).status).toBe(200);
    // Now `second` is the only admin: the first (a recruiter now) cannot act, second cannot leave.
    expect((await putRole(second.id, second2, 'candidate')).status).toBe(409);
    expect((await putRole(admin.id, second2, 'admin')).status).toBe(200);
  });

  it('is also kept by the database when a change gets past the service', async () => {
    const admins = await t.database.db.select().from(user).where(eq(user.role, 'admin'));
    // Demote all but one directly, then try the last one.
    for (const a of admins.slice(1)) {
      await t.database.db.update(user).set({ role: 'recruiter' }).where(eq(user.id, a.id));
    }
    await expect(
      t.database.db.update(user).set({ role: 'candidate' }).where(eq(user.id, admins[0]!.id)),
    ).rejects.toThrow();
    for (const a of admins.slice(1)) {
      await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, a.id));
    }
  });
});

describe('deactivate and reactivate', () => {
  it('deactivates with a reason: sessions end and sign-in is refused with a clear message', async () => {
    const target = await t.createUser('candidate', { name: 'Deac Tivated' });
    await t.signIn(target.email, target.password); // a second session
    expect(await sessionsOf(target.id)).toBe(2);

    const res = await post(`/api/admin/users/${target.id}/deactivate`, admin, {
      reason: '  Spam messages  ',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'deactivated',
      banReason: 'Spam messages',
      activeSessions: 0,
    });
    expect(await sessionsOf(target.id)).toBe(0);
    expect((await t.request('/api/profile', { as: target })).status).toBe(401);

    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: target.email, password: target.password },
    });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).message).toBe(USER_ADMIN_TEXTS.deactivatedSignIn);
    expect((await list('status=deactivated')).items.map((u) => u.id)).toContain(target.id);

    const back = await post(`/api/admin/users/${target.id}/reactivate`, admin);
    expect(back.status).toBe(200);
    expect((await back.json()).status).toBe('active');
    expect(await t.signIn(target.email, target.password)).toBeTruthy();
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason too long', { reason: 'x'.repeat(501) }],
    ['a reason with NUL', { reason: 'a\u0000b' }],
  ])('refuses %s with 400, changing nothing', async (_, json) => {
    const res = await post(`/api/admin/users/${candidate.id}/deactivate`, admin, json);
    expect(res.status).toBe(400);
    expect(await bannedOf(candidate.id)).toBe(false);
  });

  it('refuses deactivating yourself', async () => {
    const res = await post(`/api/admin/users/${admin.id}/deactivate`, admin, { reason: 'x' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(USER_ADMIN_TEXTS.cannotDeactivateSelf);
  });
});

describe('sessions and password reset', () => {
  it('revokes every session of a user', async () => {
    const target = await t.createUser('recruiter', { name: 'Signed In' });
    expect(await sessionsOf(target.id)).toBe(1);
    const res = await post(`/api/admin/users/${target.id}/revoke-sessions`, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).activeSessions).toBe(0);
    expect((await t.request('/api/profile', { as: target })).status).toBe(401);
  });

  it('sends the password reset e-mail', async () => {
    const res = await post(`/api/admin/users/${candidate.id}/password-reset`, admin);
    expect(res.status).toBe(200);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, candidate.email));
    expect(mails.map((m) => m.subject)).toContain('Reset your TalentForge password');
  });

  it('answers 404 for an unknown user', async () => {
    expect((await post('/api/admin/users/nobody/password-reset', admin)).status).toBe(404);
    expect((await post('/api/admin/users/nobody/revoke-sessions', admin)).status).toBe(404);
  });
});
