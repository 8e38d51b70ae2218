import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_TEXTS } from '../../../domain/integrations';
import { auditLog, outbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'client-id',
    GOOGLE_CLIENT_SECRET: 'client-secret',
    GOOGLE_DISCOVERY_URL: 'https://id.example.test/.well-known/openid-configuration',
  });
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  candidate = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
});
afterAll(async () => {
  await t?.close();
});

const status = async (as: TestUser | null) => t.request('/api/admin/integrations', { as });

describe('integrations', () => {
  it('are for admins only', async () => {
    expect((await status(null)).status).toBe(401);
    expect((await status(recruiter)).status).toBe(403);
    expect((await status(candidate)).status).toBe(403);
    const post = (as: TestUser | null) =>
      t.request('/api/admin/integrations/test-mail', { method: 'POST', as });
    expect((await post(null)).status).toBe(401);
    expect((await post(recruiter)).status).toBe(403);
    expect((await post(candidate)).status).toBe(403);
  });

  it('report the real configuration and outbox, without credentials', async () => {
    const old = new Date(Date.now() - 3_600_000);
    await t.database.db.insert(outbox).values([
      { id: 'mail-old', to: 'a@example.test', subject: 's', text: 't', createdAt: old },
      { id: 'mail-failed', to: 'b@example.test', subject: 's', text: 't', status: 'failed' },
      { id: 'mail-sent', to: 'c@example.test', subject: 's', text: 't', status: 'sent' },
    ]);
    const body = await (await status(admin)).json();
    const counts = await t.database.db.select().from(outbox);
    expect(body.mail).toMatchObject({
      mode: 'log',
      smtpHost: null,
      pending: counts.filter((m) => m.status === 'pending').length,
      failed: 1,
      sent: counts.filter((m) => m.status === 'sent').length,
    });
    expect(body.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(3599);
    expect(body.google).toEqual({ configured: true, discoveryHost: 'id.example.test' });
    expect(body.sandbox.available).toBe(body.sandbox.reason === null);
    // Which limits are in force: a cgroup, or the operator's override; 'unavailable' when refused.
    if (body.sandbox.available) {
      expect(['cgroup-v2', 'cgroup-v1', 'no-cgroup-override']).toContain(body.sandbox.mode);
    } else {
      expect(body.sandbox.mode).toBe('unavailable');
    }
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.serverVersion).toMatch(/^\d+/);
    const text = JSON.stringify(body);
    expect(text).not.toContain('client-secret');
    expect(text).not.toContain('postgres:postgres');
    expect(text).not.toContain('test-secret');
  });

  it('send a test mail to the admin through the outbox, audited', async () => {
    const res = await t.request('/api/admin/integrations/test-mail', { method: 'POST', as: admin });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ to: admin.email, mode: 'log' });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.id, body.mailId));
    expect(row).toMatchObject({
      to: admin.email,
      subject: INTEGRATION_TEXTS.testMailSubject,
      status: 'pending',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'integrations.test-mail'));
    expect(entry).toMatchObject({ actorId: admin.id, targetId: body.mailId });
    // A few more, then the limit.
    for (let i = 0; i < 4; i++) {
      await t.request('/api/admin/integrations/test-mail', { method: 'POST', as: admin });
    }
    const limited = await t.request('/api/admin/integrations/test-mail', {
      method: 'POST',
      as: admin,
    });
    expect(limited.status).toBe(429);
  });
});
