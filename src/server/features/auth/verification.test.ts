import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_VERIFIED, SIGN_UP_ACCEPTED } from '../../../domain/verification';
import { outbox, user } from '../../db/schema';
import { cookieOf, createTestApp, type TestApp, verificationLink } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
const fresh = () => `verify-${++counter}-${Date.now().toString(36)}@example.test`;
const signUp = (json: Record<string, unknown>) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json });
const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));
const attempts = async (email: string) =>
  (await mailsTo(email)).filter((m) => m.subject.startsWith('Someone tried to sign up'));

describe('sign-up answers the same whether the address has an account', () => {
  it('same status and body, no session; the existing account is unchanged and its owner told', async () => {
    const email = fresh();
    const first = await signUp({
      name: 'One',
      email,
      password: 'secret1',
      accountType: 'candidate',
    });
    const again = await signUp({
      name: 'Two',
      email: email.toUpperCase(),
      password: 'secret2',
      accountType: 'recruiter',
    });
    const brandNew = await signUp({
      name: 'Three',
      email: fresh(),
      password: 'secret3',
      accountType: 'recruiter',
    });
    for (const res of [first, again, brandNew]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(SIGN_UP_ACCEPTED);
      expect(res.headers.getSetCookie().join(';')).not.toContain('session_token=');
    }
    const rows = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toMatchObject([{ name: 'One', role: 'candidate', emailVerified: false }]);
    // The owner hears of it; the first password still works once verified, the second never.
    const [attempt] = await attempts(email);
    expect(attempt?.text).toContain('Hello One,');
    expect(attempt?.text).toContain(`${t.env.APP_URL}/reset-password`);
    expect(attempt?.text).not.toContain('verify-email');
    await t.followVerificationMail(email);
    expect((await signIn(email, 'secret2')).status).toBe(401);
    expect((await signIn(email, 'secret1')).status).toBe(200);
  });

  it('refuses bad input the same for a taken address as for a new one', async () => {
    const taken = (await t.signUp()).email;
    for (const email of [taken, fresh()]) {
      const badType = await signUp({ name: 'X', email, password: 'secret1', accountType: 'admin' });
      expect(badType.status).toBe(400);
      expect((await badType.json()).message).toBe(
        'Choose an account type: Job Seeker or Recruiter',
      );
      const blank = await signUp({
        name: ' ',
        email,
        password: 'secret1',
        accountType: 'candidate',
      });
      expect(blank.status).toBe(400);
      expect((await blank.json()).message).toBe('Full name is required');
      const long = await signUp({
        name: 'x'.repeat(500),
        email,
        password: 'secret1',
        accountType: 'candidate',
      });
      expect(long.status).toBe(400);
      const short = await signUp({ name: 'X', email, password: '123', accountType: 'candidate' });
      expect(short.status).toBe(400);
    }
    expect(await attempts(taken)).toHaveLength(0);
  });

  it('mails the owner at most 3 times an hour about attempts', async () => {
    const { email } = await t.signUp();
    for (let i = 0; i < 5; i++) {
      const res = await signUp({ name: 'X', email, password: 'secret1', accountType: 'candidate' });
      expect(res.status).toBe(200);
    }
    expect(await attempts(email)).toHaveLength(3);
  });
});

describe('an unverified account', () => {
  it('cannot sign in until the mailed link is opened, which verifies it and signs in', async () => {
    const email = fresh();
    await signUp({ name: 'Vera Verify', email, password: 'secret1', accountType: 'recruiter' });
    const refused = await signIn(email, 'secret1');
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe(EMAIL_NOT_VERIFIED);
    // A wrong password says nothing about verification.
    expect((await signIn(email, 'wrong-pass')).status).toBe(401);

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Finish signing up to TalentForge');
    expect(mail?.text).toContain('Hello Vera Verify,');
    const follow = await t.request(await verificationLink(t, email));
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/login?verify=done');
    const session = await t.request('/api/auth/get-session', {
      headers: { cookie: cookieOf(follow) },
    });
    expect((await session.json()).user).toMatchObject({ email, role: 'recruiter' });
    expect((await signIn(email, 'secret1')).status).toBe(200);
  });

  it('gets a new link on request; unknown and verified addresses get the same answer and no mail', async () => {
    const email = fresh();
    await signUp({ name: 'Re Send', email, password: 'secret1', accountType: 'candidate' });
    const { email: verified } = await t.signUp();
    const before = (await mailsTo(verified)).length;
    const resend = (address: string) =>
      t.request('/api/auth/send-verification-email', {
        method: 'POST',
        json: { email: address, callbackURL: '/login?verify=done' },
      });
    for (const address of [email, verified, fresh()]) {
      const res = await resend(address);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: true });
    }
    expect(
      (await mailsTo(email)).filter((m) => m.subject === 'Finish signing up to TalentForge'),
    ).toHaveLength(2);
    expect(await mailsTo(verified)).toHaveLength(before);
    await t.followVerificationMail(email);
    expect((await signIn(email, 'secret1')).status).toBe(200);
  });

  it('a broken or forged link verifies nothing and lands on Log In with an error', async () => {
    const email = fresh();
    await signUp({ name: 'No Link', email, password: 'secret1', accountType: 'candidate' });
    const link = await verificationLink(t, email);
    const broken = await t.request(`${link.replace('token=', 'token=x')}`);
    expect(broken.status).toBe(302);
    expect(broken.headers.get('location')).toMatch(/^\/login\?verify=done&error=INVALID_TOKEN$/);
    expect(broken.headers.getSetCookie().join(';')).not.toContain('session_token=');
    expect((await signIn(email, 'secret1')).status).toBe(403);
  });

  it('is verified by a password reset link (it reached the address)', async () => {
    const email = fresh();
    await signUp({ name: 'Re Set', email, password: 'secret1', accountType: 'candidate' });
    await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/reset-password/new' },
    });
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), like(outbox.text, '%/reset-password/%')));
    const link = new URL(mail!.text.match(/http\S+reset-password\/\S+/)![0]);
    const follow = await t.request(link.pathname + link.search);
    const token = new URL(follow.headers.get('location')!, 'http://x').searchParams.get('token');
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'brand-new-pass', token },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'brand-new-pass')).status).toBe(200);
  });
});

describe('accounts made by admins and scripts', () => {
  it('are verified: create-admin and seed (createAccount), and Manage Users', async () => {
    const admin = await t.createUser('admin');
    const [made] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(made?.emailVerified).toBe(true);
    const email = fresh();
    const res = await t.request('/api/auth/admin/create-user', {
      method: 'POST',
      as: admin,
      json: { email, password: 'secret1', name: 'Made By Admin' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await signIn(email, 'secret1')).status).toBe(200);
  });

  it('every account that existed before verification is marked verified by the migration', async () => {
    const email = fresh();
    await signUp({ name: 'Old Timer', email, password: 'secret1', accountType: 'candidate' });
    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../../../drizzle/0022_accounts_verified.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.database.db.execute(statement);
    }
    expect((await signIn(email, 'secret1')).status).toBe(200);
  });
});
