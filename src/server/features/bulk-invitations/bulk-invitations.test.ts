import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { assessment, assessmentInvitation, outbox, user } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  templateId = (await createTemplate(t, admin, { title: 'Bulk test' })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const upload = (csv: string | Uint8Array, as: TestUser | null = rec, query = {}) => {
  const params = new URLSearchParams({ templateId, dueDate: defaultDueDate(), ...query });
  return t.request(`/api/assessments/bulk?${params}`, {
    method: 'POST',
    as,
    headers: { 'content-type': 'text/csv' },
    body: (typeof csv === 'string' ? new TextEncoder().encode(csv) : csv) as BodyInit,
  });
};
type Row = { row: number; email: string; outcome: string; reason: string | null };
const uploadOk = async (csv: string) => {
  const res = await upload(csv);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { rows: Row[]; assigned: number; invited: number; skipped: number };
};
const mailsTo = (email: string) => t.database.db.select().from(outbox).where(eq(outbox.to, email));
const inviteLink = async (email: string) => {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), like(outbox.text, '%/invitation/%')));
  const url = mail?.text.match(/https?:\/\/\S+\/invitation\/(\S+)/);
  if (!url) throw new Error(`no invitation mail to ${email}`);
  return url[1]!;
};

describe('bulk assignment', () => {
  it('assigns candidates, invites new addresses, skips the rest with the reason, per row', async () => {
    const rows = [
      'name,email',
      `Casey,${cand.email.toUpperCase()}`,
      'Nina New,nina@example.test',
      `Rita,${rec.email}`,
      `Ada,${admin.email}`,
      'Nina Again,NINA@example.test',
      'Bad,not-an-address',
      'Nameless,',
      ...Array.from({ length: 43 }, (_, i) => `Person ${i},person${i}@example.test`),
    ];
    const result = await uploadOk(rows.join('\n'));
    expect(result).toMatchObject({ assigned: 1, invited: 44, skipped: 5 });
    const byRow = new Map(result.rows.map((r) => [r.row, r]));
    expect(byRow.get(2)).toMatchObject({ outcome: 'assigned' });
    expect(byRow.get(3)).toMatchObject({ outcome: 'invited', email: 'nina@example.test' });
    expect(byRow.get(4)?.reason).toMatch(/recruiter's or admin's address/);
    expect(byRow.get(5)?.reason).toMatch(/recruiter's or admin's address/);
    expect(byRow.get(6)?.reason).toMatch(/^Duplicate row/);
    expect(byRow.get(7)?.reason).toBe('Malformed e-mail address');
    expect(byRow.get(8)?.reason).toBe('Malformed e-mail address');
    const assigned = await t.database.db
      .select()
      .from(assessment)
      .where(eq(assessment.candidateId, cand.id));
    expect(assigned).toHaveLength(1);
    expect((await mailsTo('nina@example.test'))[0]?.text).toContain('/invitation/');

    // The same file again: nothing twice.
    const again = await uploadOk(rows.join('\n'));
    expect(again).toMatchObject({ assigned: 0, invited: 0, skipped: 50 });
    expect(again.rows.find((r) => r.row === 2)?.reason).toBe('Already assigned this assessment');
    expect(again.rows.find((r) => r.row === 3)?.reason).toMatch(/^Already invited/);
    expect(await mailsTo('nina@example.test')).toHaveLength(1);
  });

  it('the invitation link signs up (verified, address from the invitation) and assigns', async () => {
    await uploadOk('Omar Invitee;omar@example.test;2099-12-31');
    const token = await inviteLink('omar@example.test');
    const info = await t.request(`/api/assessment-invitations/${token}`);
    expect(await info.json()).toMatchObject({
      email: 'omar@example.test',
      name: 'Omar Invitee',
      title: 'Bulk test',
      accepted: false,
      accountExists: false,
    });
    const signUp = (password = 'secret-password') =>
      t.request(`/api/assessment-invitations/${token}/sign-up`, {
        method: 'POST',
        json: { name: 'Omar I.', password },
      });
    expect((await signUp('short')).status).toBe(400);
    const res = await signUp();
    expect(res.status, await res.clone().text()).toBe(201);
    const { assessmentId, email } = await res.json();
    expect(email).toBe('omar@example.test');
    // No verification mail needed: the account signs in at once.
    const cookie = await t.signIn('omar@example.test', 'secret-password');
    const [me] = await t.database.db.select().from(user).where(eq(user.email, email));
    expect(me).toMatchObject({ role: 'candidate', emailVerified: true, name: 'Omar I.' });
    const a = await t.request(`/api/assessments/${assessmentId}`, { headers: { cookie } });
    expect(await a.json()).toMatchObject({ candidateId: me!.id, dueDate: '2099-12-31' });
    expect((await signUp()).status).toBe(409);
    // Uploading the row again now finds the account and its assessment.
    const again = await uploadOk('Omar Invitee;omar@example.test;2099-12-31');
    expect(again.rows[0]?.reason).toBe('Already assigned this assessment');
  });

  it('a candidate who signed up on their own takes the invitation signed in; others cannot', async () => {
    await uploadOk('Pia,pia@example.test');
    const token = await inviteLink('pia@example.test');
    const pia = await t.signUp({ email: 'pia@example.test', name: 'Pia' });
    expect(await (await t.request(`/api/assessment-invitations/${token}`)).json()).toMatchObject({
      accountExists: true,
    });
    const signUp = await t.request(`/api/assessment-invitations/${token}/sign-up`, {
      method: 'POST',
      json: { name: 'Pia', password: 'secret-password' },
    });
    expect(signUp.status).toBe(409);
    const accept = (as: TestUser) =>
      t.request(`/api/assessment-invitations/${token}/accept`, { method: 'POST', as });
    expect((await accept(cand)).status).toBe(403);
    const res = await accept(pia);
    expect(res.status).toBe(200);
    const { assessmentId } = await res.json();
    expect((await accept(pia)).status).toBe(200);
    const mine = await t.database.db
      .select()
      .from(assessment)
      .where(eq(assessment.candidateId, pia.id));
    expect(mine.map((m) => m.id)).toEqual([assessmentId]);
    expect((await t.request('/api/assessment-invitations/not-a-token')).status).toBe(404);
  });

  it('an invitation expires 14 days after it was mailed; uploading the row again sends a new link', async () => {
    const before = Date.now();
    await uploadOk('Una Invitee,una@example.test');
    const oldToken = await inviteLink('una@example.test');
    const [row] = await t.database.db
      .select()
      .from(assessmentInvitation)
      .where(eq(assessmentInvitation.email, 'una@example.test'));
    const days = ((row?.expiresAt.getTime() ?? 0) - before) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThan(14.01);
    // The mail says until when the link works, and whom to ask afterwards.
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      row?.expiresAt,
    );
    expect((await mailsTo('una@example.test'))[0]?.text).toContain(
      `The link works until ${until}; after that, ask Rita Recruiter to send it again.`,
    );
    // Fifteen days on: the link is refused with a clear message, and no account is made.
    await t.database.db
      .update(assessmentInvitation)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(assessmentInvitation.email, 'una@example.test'));
    const info = await t.request(`/api/assessment-invitations/${oldToken}`);
    expect(info.status).toBe(410);
    const expired = await info.json();
    expect(expired.message).toMatch(
      /^This invitation expired on \d{4}-\d{2}-\d{2}\. Ask Rita Recruiter to send it again$/,
    );
    expect(expired).toMatchObject({
      code: 'invitation-expired',
      params: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), name: 'Rita Recruiter' },
    });
    const signUp = await t.request(`/api/assessment-invitations/${oldToken}/sign-up`, {
      method: 'POST',
      json: { name: 'Una Invitee', password: 'secret-password' },
    });
    expect(signUp.status).toBe(410);
    expect(
      await t.database.db.select().from(user).where(eq(user.email, 'una@example.test')),
    ).toEqual([]);
    // A live invitation is still answered "Already invited"; an expired one is sent again.
    const again = await uploadOk('Una Invitee,una@example.test');
    expect(again.rows[0]).toMatchObject({ outcome: 'invited', reason: null });
    expect(await mailsTo('una@example.test')).toHaveLength(2);
    const newToken = (await mailsTo('una@example.test'))
      .map((m) => m.text.match(/\/invitation\/(\S+)/)?.[1])
      .find((token) => token && token !== oldToken);
    expect(newToken).toBeTruthy();
    expect((await t.request(`/api/assessment-invitations/${oldToken}`)).status).toBe(404);
    expect((await t.request(`/api/assessment-invitations/${newToken}`)).status).toBe(200);
    const third = await uploadOk('Una Invitee,una@example.test');
    expect(third.rows[0]).toMatchObject({
      outcome: 'skipped',
      reason: 'Already invited to this assessment',
    });
    // Signing up on their own does not take an expired invitation of another upload.
    await t.database.db
      .update(assessmentInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assessmentInvitation.email, 'una@example.test'));
    const una = await t.signUp({ email: 'una@example.test', name: 'Una Invitee' });
    const accept = await t.request(`/api/assessment-invitations/${newToken}/accept`, {
      method: 'POST',
      as: una,
    });
    expect(accept.status).toBe(410);
    expect(
      await t.database.db.select().from(assessment).where(eq(assessment.candidateId, una.id)),
    ).toEqual([]);
  });

  it('forgets the invitations to an address when its owner erases their account', async () => {
    await uploadOk('Ray Invitee,Ray@Example.test');
    const ray = await t.signUp({ email: 'ray@example.test', name: 'Ray Invitee' });
    const invitationsTo = () =>
      t.database.db
        .select()
        .from(assessmentInvitation)
        .where(eq(assessmentInvitation.email, 'ray@example.test'));
    expect(await invitationsTo()).toHaveLength(1);
    const erased = await t.request('/api/account/erase', {
      method: 'POST',
      as: ray,
      json: { password: ray.password },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await invitationsTo()).toEqual([]);
  });

  it('reads a BOM, semicolons and quoted commas; refuses non-UTF-8 and 10,000 rows by row', async () => {
    const ok = await uploadOk('\uFEFFname;email\n"Lee, Quinn";quinn@example.test\n');
    expect(ok.rows[0]).toMatchObject({ outcome: 'invited', email: 'quinn@example.test' });
    const latin1 = Uint8Array.from([...new TextEncoder().encode('Jos'), 0xe9, 0x2c, 0x6a]);
    const bad = await upload(latin1);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      row: 1,
      message: expect.stringMatching(/^Row 1 /),
      issues: [{ path: ['file'] }],
      code: 'bulk-row-not-utf8',
      params: { row: 1 },
    });
    const many = Array.from({ length: 10_000 }, (_, i) => `P ${i},p${i}@big.example`).join('\n');
    const big = await upload(many);
    expect(big.status).toBe(400);
    expect((await big.json()).message).toContain('10,000 rows');
    const emptyCount = await t.database.db
      .select()
      .from(outbox)
      .where(like(outbox.to, '%@big.example'));
    expect(emptyCount).toHaveLength(0);
  });

  it('refuses a bad row date per row, a past form date, other roles and other templates', async () => {
    const r = await uploadOk('Rae,rae@example.test,2001-01-01\nSam,sam@example.test,2030-02-31');
    expect(r.rows.map((x) => x.reason)).toEqual([
      expect.stringMatching(/due date/),
      expect.stringMatching(/due date/),
    ]);
    expect((await upload('A,a@example.test', rec, { dueDate: '2001-01-01' })).status).toBe(400);
    expect((await upload('A,a@example.test', cand)).status).toBe(403);
    expect((await upload('A,a@example.test', admin)).status).toBe(403);
    expect((await upload('A,a@example.test', null)).status).toBe(401);
    expect((await upload('A,a@example.test', rec, { templateId: 'nope' })).status).toBe(404);
  });
});
