import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { INVITATION_TEXTS, type Invitation } from '../../../domain/invitations';
import { JOB_TEXTS } from '../../../domain/jobs';
import type { Notifications } from '../../../domain/messaging';
import { jobInvitation, outbox, profile } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestApp, TEST_APP_URL, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let casey: TestUser;
let bea: TestUser;
let hidden: TestUser;
let quiet: TestUser;
let open: string;
const events: BusMessage[] = [];

const future = (days = 30) => toIsoDate(new Date(Date.now() + days * 86_400_000));

async function ok(res: Response, status = 200) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
}

async function postJob(as: TestUser, over: Record<string, unknown> = {}) {
  const body = (await ok(
    await t.request('/api/jobs', {
      method: 'POST',
      as,
      json: {
        title: 'Platform Engineer',
        department: 'Engineering',
        locations: ['Berlin'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '3-5',
        description: 'Build things.',
        closingDate: future(),
        status: 'published',
        ...over,
      },
    }),
    201,
  )) as { id: string };
  return body.id;
}

const invite = (as: TestUser | null, jobId: string, body: unknown) =>
  t.request(`/api/jobs/${jobId}/invitations`, { method: 'POST', as, json: body });
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const invitationRows = (jobId: string) =>
  t.database.db.select().from(jobInvitation).where(eq(jobInvitation.jobId, jobId));
const mailsTo = (to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to));
const bell = async (as: TestUser) =>
  (await ok(await t.request('/api/notifications', { as }))) as Notifications;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
  casey = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  bea = await t.signUp({ accountType: 'candidate', name: 'Bea Candidate' });
  hidden = await t.signUp({ accountType: 'candidate', name: 'Hidden Candidate' });
  quiet = await t.signUp({ accountType: 'candidate', name: 'Quiet Candidate' });
  await ok(
    await t.request('/api/profile', {
      method: 'PUT',
      as: recA,
      json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
    }),
  );
  await ok(
    await t.request('/api/profile', {
      method: 'PUT',
      as: hidden,
      json: { name: hidden.name, jobPreferences: {}, discoverable: false },
    }),
  );
  // Quiet turned e-mail notifications off (the profile field messaging also honours).
  await ok(
    await t.request('/api/profile', {
      method: 'PUT',
      as: quiet,
      json: { name: quiet.name, jobPreferences: {} },
    }),
  );
  await t.database.db
    .update(profile)
    .set({
      details: sql`jsonb_set(coalesce(${profile.details}, '{}'::jsonb), '{notificationPreferences}', '{"email": false, "browser": true}'::jsonb)`,
    })
    .where(eq(profile.userId, quiet.id));
  open = await postJob(recA);
  t.bus.subscribe((m) => events.push(m));
});
afterAll(async () => {
  await t?.close();
});

describe('inviting a candidate to apply', () => {
  it('records the invitation, mails a link to the job and rings the bell', async () => {
    const res = await invite(recA, open, { candidateId: casey.id, message: 'You would fit in.' });
    const made = (await ok(res, 201)) as Invitation;
    expect(made).toMatchObject({
      jobId: open,
      jobTitle: 'Platform Engineer',
      companyName: 'Northwind',
      candidateId: casey.id,
      recruiterId: recA.id,
      recruiterName: 'Rita Recruiter',
      message: 'You would fit in.',
      readAt: null,
      jobOpen: true,
      applied: false,
    });
    const mails = await mailsTo(casey.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Rita Recruiter invites you to apply: Platform Engineer');
    expect(mails[0]!.text).toContain(`${TEST_APP_URL}/candidate/jobs/${open}`);
    expect(mails[0]!.text).toContain('Rita Recruiter at Northwind');
    expect(mails[0]!.text).toContain('"You would fit in."');
    // Delivered with Casey's unsubscribe link (mail/mail-headers.ts), not a conversation's Reply-To.
    expect(mails[0]).toMatchObject({ recipientId: casey.id, conversationId: null });
    // On PostgreSQL the bus is LISTEN/NOTIFY: the event arrives after the answer.
    await expect.poll(() => events.some((e) => e.event.type === 'invitation.changed')).toBe(true);

    const rung = await bell(casey);
    expect(rung.unreadJobInvitations).toBe(1);
    expect(rung.count).toBe(1);
    expect(rung.items).toEqual([
      {
        kind: 'job-invitation',
        id: made.id,
        jobId: open,
        title: 'Platform Engineer',
        from: 'Rita Recruiter (Northwind)',
        at: made.createdAt,
      },
    ]);
    const mine = (await ok(
      await t.request('/api/invitations/mine', { as: casey }),
    )) as Invitation[];
    expect(mine.map((i) => i.id)).toEqual([made.id]);
    const sent = (await ok(
      await t.request(`/api/candidates/${casey.id}/invitations`, { as: recA }),
    )) as Invitation[];
    expect(sent.map((i) => i.jobId)).toEqual([open]);
    // Rob sent Casey nothing, and sees nothing of Rita's.
    expect(
      await ok(await t.request(`/api/candidates/${casey.id}/invitations`, { as: recB })),
    ).toEqual([]);

    // Opening it from the bell marks it read (only the candidate's own).
    expect(
      (await t.request(`/api/notifications/${made.id}/read`, { method: 'POST', as: bea })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/invitations/${made.id}/read`, { method: 'POST', as: bea })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/notifications/${made.id}/read`, { method: 'POST', as: casey })).status,
    ).toBe(204);
    expect((await bell(casey)).unreadJobInvitations).toBe(0);
    expect(
      (await t.request(`/api/invitations/${made.id}/read`, { method: 'POST', as: casey })).status,
    ).toBe(204);
    const [row] = await invitationRows(open);
    expect(row?.readAt).not.toBeNull();
  });

  it('refuses a second invitation to the same job, sending nothing more', async () => {
    const again = await invite(recA, open, { candidateId: casey.id });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe(INVITATION_TEXTS.alreadyInvited);
    expect(await invitationRows(open)).toHaveLength(1);
    expect(await mailsTo(casey.email)).toHaveLength(1);
  });

  it('keeps the bell item but sends no mail to a candidate who turned e-mail off', async () => {
    await ok(await invite(recA, open, { candidateId: quiet.id }), 201);
    expect(await mailsTo(quiet.email)).toHaveLength(0);
    expect((await bell(quiet)).unreadJobInvitations).toBe(1);
  });

  it('refuses a candidate who already applied', async () => {
    const jobId = await postJob(recA, { title: 'Applied already' });
    const form = new FormData();
    form.set('coverLetter', 'Hello');
    await ok(
      await t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as: bea, body: form }),
      201,
    );
    const res = await invite(recA, jobId, { candidateId: bea.id });
    expect(res.status).toBe(409);
    expect(await messageOf(res)).toBe(INVITATION_TEXTS.alreadyApplied);
    expect(await invitationRows(jobId)).toHaveLength(0);
  });

  it('refuses hidden, unknown and non-candidate people alike (404)', async () => {
    for (const candidateId of [hidden.id, recB.id, admin.id, 'no-such-user']) {
      const res = await invite(recA, open, { candidateId });
      expect(res.status, candidateId).toBe(404);
      expect(await messageOf(res)).toBe(INVITATION_TEXTS.candidateNotFound);
    }
    const rows = await t.database.db
      .select()
      .from(jobInvitation)
      .where(and(eq(jobInvitation.jobId, open), eq(jobInvitation.candidateId, hidden.id)));
    expect(rows).toHaveLength(0);
  });

  it("refuses another recruiter's job, a missing one, drafts, closed and archived jobs", async () => {
    const robs = await postJob(recB, { title: "Rob's job" });
    const theirs = await invite(recA, robs, { candidateId: bea.id });
    expect(theirs.status).toBe(403);
    expect(await messageOf(theirs)).toBe(JOB_TEXTS.notYourJob);
    const missing = await invite(recA, 'no-such-job', { candidateId: bea.id });
    expect(missing.status).toBe(404);
    expect(await messageOf(missing)).toBe(JOB_TEXTS.jobNotFound);
    const draft = await postJob(recA, { title: 'Draft', status: 'draft' });
    const res = await invite(recA, draft, { candidateId: bea.id });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(INVITATION_TEXTS.jobDraft);
    for (const action of ['close', 'archive']) {
      const jobId = await postJob(recA, { title: action });
      await ok(
        await t.request(`/api/jobs/${jobId}/status`, {
          method: 'POST',
          as: recA,
          json: { action },
        }),
      );
      const refused = await invite(recA, jobId, { candidateId: bea.id });
      expect(refused.status, action).toBe(400);
      expect(await messageOf(refused)).toBe(INVITATION_TEXTS.jobNotOpen);
      expect(await invitationRows(jobId)).toHaveLength(0);
    }
    expect(await invitationRows(robs)).toHaveLength(0);
    expect(await invitationRows(draft)).toHaveLength(0);
  });

  it('refuses candidates and admins (403) and signed-out callers (401)', async () => {
    for (const who of [casey, admin]) {
      const res = await invite(who, open, { candidateId: bea.id });
      expect(res.status).toBe(403);
      expect(await messageOf(res)).toBe(INVITATION_TEXTS.onlyRecruiters);
    }
    expect((await invite(null, open, { candidateId: bea.id })).status).toBe(401);
    expect((await t.request('/api/invitations/mine', { as: recA })).status).toBe(403);
    expect((await t.request('/api/invitations/mine', { as: null })).status).toBe(401);
    expect((await t.request(`/api/candidates/${bea.id}/invitations`, { as: casey })).status).toBe(
      403,
    );
    expect((await invitationRows(open)).map((r) => r.candidateId)).not.toContain(bea.id);
  });

  it('answers bad input with a 400 naming the field, and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'candidateId'],
      [{ candidateId: 'not an id!' }, 'candidateId'],
      [{ candidateId: 42 }, 'candidateId'],
      [{ candidateId: bea.id, message: 'x'.repeat(1001) }, 'message'],
      [{ candidateId: bea.id, message: 7 }, 'message'],
    ];
    for (const [body, field] of cases) {
      const res = await invite(recA, open, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const parsed = (await res.json()) as { issues?: { path: string[] }[] };
      expect(parsed.issues?.[0]?.path[0], JSON.stringify(body)).toBe(field);
    }
    const nul = await invite(recA, open, { candidateId: bea.id, message: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const bad = await t.request(`/api/jobs/${open}/invitations`, {
      method: 'POST',
      as: recA,
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    const badJob = await invite(recA, 'bad id!', { candidateId: bea.id });
    expect(badJob.status).toBe(400);
    expect((await invitationRows(open)).map((r) => r.candidateId)).not.toContain(bea.id);
  });
});
