import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, user } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signUp = (json: Record<string, unknown>) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json });

describe('sign-up', () => {
  it.each(['candidate', 'recruiter'])('creates a %s with the chosen account type', async (type) => {
    const email = `${type}-signup@example.test`;
    const res = await signUp({
      name: 'Ada Lovelace',
      email,
      password: 'secret1',
      accountType: type,
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.role).toBe(type);
    expect(row?.name).toBe('Ada Lovelace');
  });

  it('never creates an admin, whatever the request says', async () => {
    const asType = await signUp({
      name: 'M',
      email: 'a1@example.test',
      password: 'secret1',
      accountType: 'admin',
    });
    expect(asType.status).toBe(400);
    expect((await asType.json()).message).toBe('Choose an account type: Job Seeker or Recruiter');
    const asRole = await signUp({
      name: 'M',
      email: 'a2@example.test',
      password: 'secret1',
      accountType: 'candidate',
      role: 'admin',
    });
    expect(asRole.status).toBe(400);
    const missing = await signUp({ name: 'M', email: 'a3@example.test', password: 'secret1' });
    expect(missing.status).toBe(400);
    const admins = await t.database.db.select().from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(0);
  });

  it('refuses an empty name', async () => {
    const res = await signUp({
      name: '  ',
      email: 'noname@example.test',
      password: 'secret1',
      accountType: 'candidate',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Full name is required');
  });

  it('refuses a password shorter than 6 characters', async () => {
    const res = await signUp({
      name: 'S',
      email: 'short@example.test',
      password: '12345',
      accountType: 'candidate',
    });
    expect(res.status).toBe(400);
    const rows = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'short@example.test'));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in and session', () => {
  it('carries the role in the session', async () => {
    const rec = await t.signUp({ accountType: 'recruiter' });
    const res = await t.request('/api/auth/get-session', { as: rec });
    expect((await res.json()).user.role).toBe('recruiter');
  });

  it('refuses a wrong password', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: someone.email, password: 'not-the-password' },
    });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('Invalid email or password');
  });

  it('sets an HttpOnly SameSite=Lax session cookie', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: someone.email, password: someone.password },
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('applies a role change on the next request', async () => {
    const someone = await t.signUp();
    await t.database.db.update(user).set({ role: 'recruiter' }).where(eq(user.id, someone.id));
    // A change made in SQL by hand is seen within the session cache's 30 s; the app's own
    // role changes (set-role) announce it, as here.
    t.sessionsChanged();
    const res = await t.request('/api/profile', { as: someone });
    expect((await res.json()).role).toBe('recruiter');
  });

  it('refuses sign-in from another site', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { email: someone.email, password: someone.password },
    });
    expect(res.status).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a link through the outbox, and the link sets a new password', async () => {
    const someone = await t.signUp();
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: someone.email, redirectTo: '/reset-password/new' },
    });
    expect(res.status).toBe(200);
    const subject = 'Reset your TalentForge password';
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, someone.email), eq(outbox.subject, subject)));
    expect(mail?.subject).toBe(subject);
    const link = mail?.text.match(/http\S+/)?.[0];
    expect(link).toContain('/api/auth/reset-password/');

    const follow = await t.request(new URL(link!).pathname + new URL(link!).search);
    expect(follow.status).toBe(302);
    const token = new URL(follow.headers.get('location')!, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.status).toBe(200);
    await expect(t.signIn(someone.email, someone.password)).rejects.toThrow();
    expect(await t.signIn(someone.email, 'brand-new-pass')).toContain('session_token');
  });

  it('answers the same for an unknown email and mails nothing', async () => {
    const res = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: 'nobody@example.test', redirectTo: '/reset-password/new' },
    });
    expect(res.status).toBe(200);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'nobody@example.test'));
    expect(mails).toHaveLength(0);
  });
});

describe('public config', () => {
  it('says whether Google sign-in is configured', async () => {
    const res = await t.request('/api/config');
    expect(await res.json()).toEqual({
      googleEnabled: false,
      supportEmail: 'support@talentforge.example',
      defaultLanguage: 'en',
    });
  });
});
