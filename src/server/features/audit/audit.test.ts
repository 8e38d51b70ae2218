import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, setting } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { audited } from './audit';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recruiter = await t.createUser('recruiter', { name: 'Rita Recruiter' });
  candidate = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
});
afterAll(async () => {
  await t?.close();
});

const rowsFor = (action: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

const template = {
  title: 'Audit me',
  roleName: 'Backend Developer',
  description: '',
  tasks: [{ title: 'Do it', description: '', type: 'code' }],
};

describe('what the audit log records', () => {
  it('template create, update and delete, with before and after', async () => {
    const created = await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: template,
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const updated = await t.request(`/api/templates/${id}`, {
      method: 'PUT',
      as: admin,
      json: { ...template, title: 'Audit me v2' },
    });
    expect(updated.status).toBe(200);
    expect((await t.request(`/api/templates/${id}`, { method: 'DELETE', as: admin })).status).toBe(
      204,
    );

    const [create] = await rowsFor('template.create');
    expect(create).toMatchObject({ actorId: admin.id, actorName: 'Ada Admin', targetId: id });
    expect(create?.after).toMatchObject({ title: 'Audit me' });
    const [update] = await rowsFor('template.update');
    expect(update?.before).toMatchObject({ title: 'Audit me' });
    expect(update?.after).toMatchObject({ title: 'Audit me v2' });
    const [remove] = await rowsFor('template.delete');
    expect(remove).toMatchObject({ targetId: id, after: null });
  });

  it('a refused change records nothing', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    const res = await t.request('/api/templates', {
      method: 'POST',
      as: recruiter,
      json: template,
    });
    expect(res.status).toBe(403);
    const missing = await t.request('/api/templates/nope', {
      method: 'PUT',
      as: admin,
      json: template,
    });
    expect(missing.status).toBe(404);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });

  it('a recruiter evaluation', async () => {
    const created = await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: template,
    });
    const templateId = (await created.json()).id;
    const assigned = await t.request('/api/assessments', {
      method: 'POST',
      as: recruiter,
      json: { templateId, candidateId: candidate.id, dueDate: '2099-01-01', message: '' },
    });
    expect(assigned.status).toBe(201);
    const { id } = await assigned.json();
    // Scoring needs the candidate's submission first.
    const submitted = await t.request(`/api/assessments/${id}/submit`, {
      method: 'POST',
      as: candidate,
    });
    expect(submitted.status).toBe(200);
    const res = await t.request(`/api/assessments/${id}/evaluation`, {
      method: 'PUT',
      as: recruiter,
      json: { score: 88, feedback: 'Solid' },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsFor('assessment.evaluate');
    expect(row).toMatchObject({
      actorId: recruiter.id,
      targetId: id,
      after: { score: 88, feedback: 'Solid' },
    });
  });

  it('role changes and bans through better-auth admin endpoints', async () => {
    const target = await t.signUp({ accountType: 'candidate', name: 'Target' });
    const setRole = await t.request('/api/auth/admin/set-role', {
      method: 'POST',
      as: admin,
      json: { userId: target.id, role: 'recruiter' },
    });
    expect(setRole.status).toBe(200);
    const ban = await t.request('/api/auth/admin/ban-user', {
      method: 'POST',
      as: admin,
      json: { userId: target.id, banReason: 'spam' },
    });
    expect(ban.status).toBe(200);
    expect((await rowsFor('user.set-role'))[0]).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      after: { role: 'recruiter' },
    });
    expect((await rowsFor('user.ban-user'))[0]).toMatchObject({ targetId: target.id });
    // A refused one (not an admin) is not recorded.
    const refused = await t.request('/api/auth/admin/set-role', {
      method: 'POST',
      as: recruiter,
      json: { userId: target.id, role: 'admin' },
    });
    expect(refused.status).toBe(403);
    expect(await rowsFor('user.set-role')).toHaveLength(1);
  });
});

describe('transactions and immutability', () => {
  it('a change that fails part-way leaves neither the change nor its audit row', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    await expect(
      audited(
        t.database.db,
        async (tx) => {
          await tx.insert(setting).values({ key: 'audit-probe', value: { a: 1 } });
          await tx.insert(setting).values({ key: 'audit-probe', value: { a: 2 } }); // duplicate key
        },
        () => ({ actor: null, action: 'probe', targetType: 'setting' }),
      ),
    ).rejects.toThrow();
    expect(
      await t.database.db.select().from(setting).where(eq(setting.key, 'audit-probe')),
    ).toEqual([]);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });

  it('a failing audit write undoes the change it describes', async () => {
    await expect(
      audited(
        t.database.db,
        (tx) => tx.insert(setting).values({ key: 'audit-probe-2', value: {} }),
        () => ({ actor: null, action: 'x'.repeat(10), targetType: null as unknown as string }),
      ),
    ).rejects.toThrow();
    expect(
      await t.database.db.select().from(setting).where(eq(setting.key, 'audit-probe-2')),
    ).toEqual([]);
  });

  it('refuses updates and deletes of entries, even straight in the database', async () => {
    await expect(t.database.query(`update audit_log set action = 'forged'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('delete from audit_log')).rejects.toThrow(/append-only/);
    expect((await t.database.db.select().from(auditLog)).length).toBeGreaterThan(0);
    // And the app has no route for it.
    expect((await t.request('/api/audit/1', { method: 'DELETE', as: admin })).status).toBe(404);
  });
});

describe('browsing', () => {
  it('admins page and filter by actor, action and dates; others are refused', async () => {
    const all = await t.request('/api/audit', { as: admin });
    expect(all.status).toBe(200);
    const page = await all.json();
    expect(page.entries.length).toBeGreaterThan(3);
    const ids = page.entries.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const byActor = await (await t.request('/api/audit?actor=rita', { as: admin })).json();
    expect(byActor.entries.every((e: { actorId: string }) => e.actorId === recruiter.id)).toBe(
      true,
    );
    expect(byActor.entries.length).toBeGreaterThan(0);
    const byAction = await (await t.request('/api/audit?action=template.', { as: admin })).json();
    expect(byAction.entries.map((e: { action: string }) => e.action).sort()).toEqual(
      expect.arrayContaining(['template.create', 'template.delete', 'template.update']),
    );
    const future = await (await t.request('/api/audit?from=2099-01-01', { as: admin })).json();
    expect(future.entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await (
      await t.request(`/api/audit?from=${today}&to=${today}`, { as: admin })
    ).json();
    expect(ranged.entries.length).toBe(page.entries.length);

    for (const bad of [
      'from=2030-02-30',
      'to=yesterday',
      'cursor=abc',
      `actor=${'a'.repeat(201)}`,
    ]) {
      expect((await t.request(`/api/audit?${bad}`, { as: admin })).status).toBe(400);
    }
    expect((await t.request('/api/audit', { as: recruiter })).status).toBe(403);
    expect((await t.request('/api/audit', { as: candidate })).status).toBe(403);
    expect((await t.request('/api/audit')).status).toBe(401);
  });

  it('pages 50 at a time with a cursor', async () => {
    for (let i = 0; i < 55; i++) {
      await t.database.db
        .insert(auditLog)
        .values({ actorName: 'System', action: 'paging.probe', targetType: 'none' });
    }
    const first = await (await t.request('/api/audit?action=paging', { as: admin })).json();
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await (
      await t.request(`/api/audit?action=paging&cursor=${first.nextCursor}`, { as: admin })
    ).json();
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
  });
});
