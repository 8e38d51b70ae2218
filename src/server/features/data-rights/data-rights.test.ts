import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, or } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageForm, PNG_1PX } from '../../../../tests/fixtures/images';
import { defaultDueDate, toIsoDate } from '../../../domain/assessments';
import { DATA_RIGHTS_TEXTS } from '../../../domain/data-rights';
import { USER_ADMIN_TEXTS } from '../../../domain/users';
import {
  assessment,
  auditLog,
  candidateFile,
  candidateSearch,
  interview,
  jobApplication,
  message,
  outbox,
  profile,
  session,
  taskAnswer,
  user,
} from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { REMOVE_USER_REFUSED } from './remove-user-hook';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let other: TestUser;
let templateId: string;
let counter = 0;

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
const candidateForm = (name: string, phone: string, bio: string) => ({
  name,
  phone,
  location: 'London',
  title: 'Backend Developer',
  skills: 'TypeScript',
  experience: '3-5',
  bio,
  education: 'BSc',
  jobPreferences: {
    jobType: ['full-time'],
    remote: true,
    salary: { min: 1, max: 2, currency: 'GBP' },
    location: ['London'],
  },
});
const future = (days = 30) => toIsoDate(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  other = await t.signUp({ accountType: 'candidate', name: 'Olga Other' });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Password policy',
      roleName: 'Full Stack Developer',
      tasks: [
        { title: 'Implement', description: '', type: 'code' },
        { title: 'Explain', description: '', type: 'text' },
      ],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
};

/** A candidate with a photo, a scored assessment with a file and an answer, a conversation with
 * the recruiter and an application with a résumé. */
async function busyCandidate(name = 'Casey Candidate') {
  const cand = await t.signUp({ accountType: 'candidate', name });
  await ok(
    t.request('/api/profile', {
      method: 'PUT',
      as: cand,
      json: candidateForm(name, '+44 20 7946 0000', 'I like types'),
    }),
  );
  await ok(t.request('/api/profile/image', { method: 'POST', as: cand, body: imageForm(PNG_1PX) }));
  const a = await (
    await ok(
      t.request('/api/assessments', {
        method: 'POST',
        as: recruiter,
        json: { templateId, candidateId: cand.id, dueDate: defaultDueDate(), message: 'Hi' },
      }),
      201,
    )
  ).json();
  await ok(t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: cand }));
  await ok(
    t.request(`/api/assessments/${a.id}/files/auth.service.ts`, {
      method: 'PUT',
      as: cand,
      json: { content: 'export const mine = 42;', editedAt: 1000 },
    }),
  );
  const textTask = (a.tasks as { id: string; type: string }[]).find((x) => x.type === 'text')!;
  await ok(
    t.request(`/api/assessments/${a.id}/answers/${textTask.id}`, {
      method: 'PUT',
      as: cand,
      json: { content: 'Because hashing.', editedAt: 1000 },
    }),
  );
  await ok(t.request(`/api/assessments/${a.id}/submit`, { method: 'POST', as: cand }));
  await ok(
    t.request(`/api/assessments/${a.id}/evaluation`, {
      method: 'PUT',
      as: recruiter,
      json: { score: 88, feedback: 'Clean and tested' },
    }),
  );
  const conv = await (
    await ok(
      t.request('/api/conversations', {
        method: 'POST',
        as: cand,
        json: {
          recipientIds: [recruiter.id],
          subject: `About the role ${++counter}`,
          message: 'Hello Rita, a question from me',
        },
      }),
      201,
    )
  ).json();
  await ok(
    t.request(`/api/conversations/${conv.id}/messages`, {
      method: 'POST',
      as: recruiter,
      json: { content: 'Happy to help', clientId: `client-id-${++counter}` },
    }),
    201,
  );
  const jobRes = await ok(
    t.request('/api/jobs', {
      method: 'POST',
      as: recruiter,
      json: {
        title: `Engineer ${++counter}`,
        department: 'Engineering',
        locations: ['Berlin'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '5-10',
        salaryMin: 1,
        salaryMax: 2,
        currency: 'EUR',
        showSalary: true,
        description: 'Build',
        openings: 1,
        closingDate: future(),
        status: 'published',
      },
    }),
    201,
  );
  const jobId = (await jobRes.json()).id;
  const form = new FormData();
  form.set('coverLetter', 'I would love to join.');
  form.set('resume', new File([pdf as Uint8Array<ArrayBuffer>], 'casey-cv.pdf'));
  const app = await (
    await ok(
      t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as: cand, body: form }),
      201,
    )
  ).json();
  return {
    cand,
    assessmentId: a.id as string,
    conversationId: conv.id as string,
    applicationId: app.id as string,
  };
}

const readZip = async (res: Response) => {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return { files, data: JSON.parse(strFromU8(files['data.json']!)) };
};

describe('export', () => {
  it('gives the candidate everything about them, with their files, and nothing of others', async () => {
    const { cand, assessmentId, applicationId } = await busyCandidate();
    // Someone else's data that must not appear.
    await ok(
      t.request('/api/profile', {
        method: 'PUT',
        as: other,
        json: candidateForm('Olga Other', '+1 555 0100', 'secret bio of olga'),
      }),
    );
    const res = await ok(t.request('/api/account/export', { as: cand }));
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="talentforge-data-casey-candidate-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { files, data } = await readZip(res);

    expect(data.account).toMatchObject({ id: cand.id, email: cand.email, role: 'candidate' });
    expect(data.account.signInMethods).toEqual([expect.objectContaining({ method: 'password' })]);
    expect(data.profile.details).toMatchObject({ phone: '+44 20 7946 0000', bio: 'I like types' });
    expect(files[data.profile.photo]).toEqual(new Uint8Array(PNG_1PX));

    const a = data.assessments.find((x: { id: string }) => x.id === assessmentId);
    expect(a).toMatchObject({
      score: 88,
      feedback: 'Clean and tested',
      recruiterName: 'Rita Recruiter',
    });
    expect(a.answers).toEqual([
      expect.objectContaining({ content: 'Because hashing.', task: 'Explain' }),
    ]);
    const file = a.workspaceFiles.find(
      (f: { fileName: string }) => f.fileName === 'auth.service.ts',
    );
    expect(strFromU8(files[file.file]!)).toBe('export const mine = 42;');
    // Only the runs a candidate sees: never the hidden tests'.
    for (const run of a.testRuns) expect(run.trigger).not.toBe('submit');
    expect(data.invitations).toContainEqual(
      expect.objectContaining({ assessmentId, opened: true }),
    );
    expect(data.notifications).toContainEqual(expect.objectContaining({ event: 'scored' }));

    const app = data.applications.find((x: { id: string }) => x.id === applicationId);
    expect(app).toMatchObject({ coverLetter: 'I would love to join.', status: 'Submitted' });
    expect(files[app.resume]).toEqual(pdf);

    const conv = data.conversations[0];
    expect(conv.participants).toContainEqual({ name: 'Rita Recruiter', role: 'recruiter' });
    expect(conv.messages.map((m: { from: string }) => m.from)).toEqual(['you', 'Rita Recruiter']);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toMatch(/token/i);

    const text = strFromU8(files['data.json']!);
    for (const leak of [recruiter.email, other.email, admin.email, 'secret bio of olga', 'Olga']) {
      expect(text).not.toContain(leak);
    }
    expect(text).not.toMatch(/"password":|scrypt|\$2[aby]\$/);
    // The download is itself on record.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.export'));
    expect(entry).toMatchObject({ actorId: cand.id, targetId: cand.id });
  });

  it('needs a session; recruiters and admins get their own account too', async () => {
    expect((await t.request('/api/account/export', { as: null })).status).toBe(401);
    const { data } = await readZip(await ok(t.request('/api/account/export', { as: recruiter })));
    expect(data.account).toMatchObject({ id: recruiter.id, role: 'recruiter' });
    expect(data.jobsPosted.length).toBeGreaterThan(0);
    expect(data.assessments).toBeUndefined();
    const mine = await readZip(await ok(t.request('/api/account/export', { as: admin })));
    expect(mine.data.account).toMatchObject({ id: admin.id, role: 'admin' });
  });

  it('an admin exports a user on request, with a reason; nobody else may', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Asked Export' });
    const post = (as: TestUser | null, json: unknown, id = cand.id) =>
      t.request(`/api/admin/users/${id}/export`, { method: 'POST', as, json });
    expect((await post(null, { reason: 'x' })).status).toBe(401);
    expect((await post(recruiter, { reason: 'x' })).status).toBe(403);
    expect((await post(other, { reason: 'x' })).status).toBe(403);
    expect((await post(recruiter, { nonsense: true })).status).toBe(403);
    expect((await post(admin, { reason: '  ' })).status).toBe(400);
    expect((await post(admin, { reason: 'x' }, 'no-such-user')).status).toBe(404);
    const res = await ok(post(admin, { reason: 'E-mail from the candidate, ticket 42' }));
    const { data } = await readZip(res);
    expect(data.account).toMatchObject({ id: cand.id, email: cand.email });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, cand.id));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'user.export',
        actorId: admin.id,
        after: expect.objectContaining({
          by: 'admin',
          reason: 'E-mail from the candidate, ticket 42',
        }),
      }),
    );
  });
});

describe('export of interviews', () => {
  it('gives the candidate their interviews without scorecards, and an interviewer the scorecards they wrote', async () => {
    const colleague = await t.signUp({ accountType: 'recruiter', name: 'Ivan Interviewer' });
    for (const who of [recruiter, colleague]) {
      await ok(
        t.request('/api/profile', {
          method: 'PUT',
          as: who,
          json: { name: who.name, company: { name: 'Northwind' } },
        }),
      );
    }
    const { cand, applicationId } = await busyCandidate('Ina Interviewee');
    const [row] = await t.database.db
      .select({ jobId: jobApplication.jobId })
      .from(jobApplication)
      .where(eq(jobApplication.id, applicationId));
    const jobId = row!.jobId;
    await ok(
      t.request(`/api/jobs/${jobId}/applications/move`, {
        method: 'POST',
        as: recruiter,
        json: { applicationIds: [applicationId], stage: 'interview' },
      }),
    );
    const slot = (days: number) => ({
      date: toIsoDate(new Date(Date.now() + days * 86_400_000)),
      time: '10:00',
      durationMinutes: 45,
      timeZone: 'Europe/Berlin',
      location: 'https://meet.example.test/ina',
    });
    const proposed = await (
      await ok(
        t.request(`/api/applications/${applicationId}/interviews`, {
          method: 'POST',
          as: recruiter,
          json: { slots: [slot(3), slot(4)], interviewerIds: [recruiter.id, colleague.id] },
        }),
        201,
      )
    ).json();
    await ok(
      t.request(`/api/interviews/${proposed.id}/pick`, {
        method: 'POST',
        as: cand,
        json: { slotId: proposed.slots[0].id },
      }),
    );
    await ok(
      t.request(`/api/jobs/${jobId}/scorecard-criteria`, {
        method: 'PUT',
        as: recruiter,
        json: { criteria: ['Coding'] },
      }),
    );
    // The interview has begun: scorecards may be written.
    const began = new Date(Date.now() - 3_600_000);
    await t.database.db
      .update(interview)
      .set({ startsAt: began })
      .where(eq(interview.id, proposed.id));
    await ok(
      t.request(`/api/interviews/${proposed.id}/scorecard`, {
        method: 'PUT',
        as: colleague,
        json: {
          ratings: [{ criterion: 'Coding', rating: 2 }],
          recommendation: 'no',
          notes: 'Private hiring-team note about Ina',
        },
      }),
    );

    const mine = await readZip(await ok(t.request('/api/account/export', { as: cand })));
    expect(mine.data.interviews).toEqual([
      expect.objectContaining({
        id: proposed.id,
        applicationId,
        status: 'scheduled',
        company: 'Northwind',
        scheduled: expect.objectContaining({
          startsAt: began.toISOString(),
          durationMinutes: 45,
          timeZone: 'Europe/Berlin',
          location: 'https://meet.example.test/ina',
        }),
        interviewers: ['Ivan Interviewer', 'Rita Recruiter'],
      }),
    ]);
    expect(mine.data.interviews[0].timesOffered).toHaveLength(2);
    const candidateText = strFromU8(mine.files['data.json']!);
    expect(candidateText).not.toContain('Private hiring-team note');
    expect(candidateText).not.toMatch(/"recommendation"|"ratings"|scorecardsWritten/);

    const theirs = await readZip(await ok(t.request('/api/account/export', { as: colleague })));
    expect(theirs.data.scorecardsWritten).toEqual([
      expect.objectContaining({
        interviewId: proposed.id,
        candidate: 'Ina Interviewee',
        ratings: [{ criterion: 'Coding', rating: 2 }],
        recommendation: 'no',
        notes: 'Private hiring-team note about Ina',
      }),
    ]);
    expect(theirs.data.interviews).toEqual([
      expect.objectContaining({ id: proposed.id, yourPart: ['interviewer'], status: 'scheduled' }),
    ]);
    // The organiser's export lists the interview but not the colleague's scorecard.
    const organiser = await readZip(await ok(t.request('/api/account/export', { as: recruiter })));
    expect(organiser.data.interviews).toContainEqual(
      expect.objectContaining({ id: proposed.id, yourPart: ['organiser', 'interviewer'] }),
    );
    expect(organiser.data.scorecardsWritten).toEqual([]);
  });
});

describe('erasure by the user', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Careful Candidate' });
    const erase = (json: unknown) =>
      t.request('/api/account/erase', { method: 'POST', as: cand, json });
    const wrong = await erase({ password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(DATA_RIGHTS_TEXTS.wrongPassword);
    expect((await erase({})).status).toBe(400);
    expect((await erase({ password: 'x', role: 'admin' })).status).toBe(400);
    expect((await erase({ password: 'a\u0000b' })).status).toBe(400);
    expect((await t.request('/api/account/erase', { method: 'POST', json: {} })).status).toBe(401);
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(1);
    expect((await t.request('/api/profile', { as: cand })).status).toBe(200);
  });

  it('deletes the account and keeps assessments and messages anonymised', async () => {
    const { cand, assessmentId, conversationId, applicationId } =
      await busyCandidate('Erin Eraser');
    const method = await (await t.request('/api/account/erase-method', { as: cand })).json();
    expect(method).toEqual({ confirmWith: 'password' });
    const res = await ok(
      t.request('/api/account/erase', {
        method: 'POST',
        as: cand,
        json: { password: cand.password },
      }),
    );
    expect(await res.json()).toMatchObject({
      erased: true,
      userId: cand.id,
      assessmentsKept: 1,
      messagesKept: 1,
      filesDeleted: 2,
    });
    const db = t.database.db;

    // Gone: account, sessions, profile, search entry, application, photo file.
    expect(await db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, cand.id))).toHaveLength(0);
    expect(await db.select().from(profile).where(eq(profile.userId, cand.id))).toHaveLength(0);
    expect(
      await db.select().from(candidateSearch).where(eq(candidateSearch.userId, cand.id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(jobApplication).where(eq(jobApplication.id, applicationId)),
    ).toHaveLength(0);
    expect(await db.select().from(outbox).where(eq(outbox.to, cand.email))).toHaveLength(0);
    // The recruiter's mail about the submission named them: it stays, redacted.
    const toRecruiter = await db.select().from(outbox).where(eq(outbox.to, recruiter.email));
    expect(toRecruiter.map((m) => m.subject)).toContain(
      'Submitted: Password policy by Erased user',
    );
    expect(JSON.stringify(toRecruiter)).not.toMatch(/erin eraser/i);
    expect(existsSync(path.join(t.dataDir, 'files', 'profile-images', cand.id))).toBe(false);
    expect((await t.request('/api/profile', { as: cand })).status).toBe(401);

    // Kept for the recruiter, anonymised.
    const details = await (
      await ok(t.request(`/api/assessments/${assessmentId}`, { as: recruiter }))
    ).json();
    expect(details).toMatchObject({
      candidateId: null,
      candidateName: DATA_RIGHTS_TEXTS.erasedCandidate,
      candidateEmail: '',
      candidatePhone: '',
      score: 88,
    });
    expect(details.candidateErasedAt).toBeTruthy();
    const list = await (await ok(t.request('/api/assessments', { as: recruiter }))).json();
    expect(list.map((a: { id: string }) => a.id)).toContain(assessmentId);
    const fileRows = await db
      .select()
      .from(candidateFile)
      .where(eq(candidateFile.assessmentId, assessmentId));
    expect(fileRows[0]).toMatchObject({ candidateId: null, content: 'export const mine = 42;' });
    const answers = await db
      .select()
      .from(taskAnswer)
      .where(eq(taskAnswer.assessmentId, assessmentId));
    expect(answers[0]).toMatchObject({ candidateId: null });
    const stored = await db.select().from(assessment).where(eq(assessment.id, assessmentId));
    expect(JSON.stringify(stored)).not.toContain('Erin');

    const conv = await (
      await ok(t.request(`/api/conversations/${conversationId}`, { as: recruiter }))
    ).json();
    expect(conv.participants).toContainEqual({
      id: cand.id,
      displayName: 'Unknown User',
      role: 'unknown',
      email: '',
    });
    const messages = await (
      await ok(t.request(`/api/conversations/${conversationId}/messages`, { as: recruiter }))
    ).json();
    const items = (messages.items ?? messages.messages ?? messages) as {
      senderName: string;
      content: string;
    }[];
    expect(items.find((m) => m.content.startsWith('Hello Rita'))?.senderName).toBe('Unknown User');
    expect(
      await db.select().from(message).where(eq(message.senderName, 'Erin Eraser')),
    ).toHaveLength(0);
  });

  it('cannot sign in afterwards, and the e-mail can sign up again as a new account', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Gone Soon' });
    const open = await (
      await ok(
        t.request('/api/assessments', {
          method: 'POST',
          as: recruiter,
          json: { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
        }),
        201,
      )
    ).json();
    await ok(
      t.request('/api/account/erase', {
        method: 'POST',
        as: cand,
        json: { password: cand.password },
      }),
    );
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: cand.email, password: cand.password },
    });
    expect(signIn.status).toBe(401);
    // The open assessment stays as a record: nobody is left to give more time to.
    const later = await t.request(`/api/assessments/${open.id}/due-date`, {
      method: 'PUT',
      as: recruiter,
      json: { dueDate: future(60) },
    });
    expect(later.status).toBe(409);
    expect((await later.json()).message).toMatch(/erased their account/);
    const again = await t.signUp({
      accountType: 'candidate',
      name: 'Back Again',
      email: cand.email,
    });
    expect(again.id).not.toBe(cand.id);
    const profileRes = await (await ok(t.request('/api/profile', { as: again }))).json();
    expect(profileRes).toMatchObject({ name: 'Back Again', email: cand.email });
  });

  it('asks a Google-only account for its e-mail instead of a password', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Google Only' });
    const { account } = await import('../../db/schema');
    await t.database.db.update(account).set({ password: null }).where(eq(account.userId, cand.id));
    const method = await (await t.request('/api/account/erase-method', { as: cand })).json();
    expect(method).toEqual({ confirmWith: 'email' });
    const erase = (json: unknown) =>
      t.request('/api/account/erase', { method: 'POST', as: cand, json });
    expect((await (await erase({ email: 'someone@else.test' })).json()).message).toBe(
      DATA_RIGHTS_TEXTS.wrongEmail,
    );
    await ok(erase({ email: `  ${cand.email.toUpperCase()} ` }));
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);
  });
});

describe('erasure by an admin', () => {
  it('erases on request with a reason, audited without the name or e-mail', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Requested Erasure' });
    // An earlier audit entry about them names them: the erasure redacts it.
    await ok(
      t.request(`/api/admin/users/${cand.id}/deactivate`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Requested Erasure asked to pause' },
      }),
    );
    const post = (as: TestUser | null, json: unknown, id = cand.id) =>
      t.request(`/api/admin/users/${id}/erase`, { method: 'POST', as, json });
    expect((await post(recruiter, { reason: 'x' })).status).toBe(403);
    expect((await post(other, { reason: 'x' })).status).toBe(403);
    expect((await post(admin, {})).status).toBe(400);
    expect((await post(admin, { reason: 'x' }, admin.id)).status).toBe(400);
    await ok(post(admin, { reason: 'Letter of 3 May' }));
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(0);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, cand.id), eq(auditLog.actorId, cand.id)));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['user.ban-user', 'user.erase']),
    );
    expect(JSON.stringify(entries)).not.toContain(cand.email);
    const erasure = entries.find((e) => e.action === 'user.erase')!;
    expect(erasure).toMatchObject({
      actorId: admin.id,
      after: expect.objectContaining({ by: 'admin', reason: 'Letter of 3 May', role: 'candidate' }),
    });
    const list = await (await ok(t.request('/api/admin/erasures', { as: admin }))).json();
    expect(list.items[0]).toMatchObject({
      userId: cand.id,
      by: 'admin',
      adminName: 'Ada Admin',
      reason: 'Letter of 3 May',
    });
    expect((await t.request('/api/admin/erasures', { as: recruiter })).status).toBe(403);
  });

  it('replaces the name and e-mail inside free text: reasons, mails to others', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Nora Quill' });
    const shout = cand.email.toUpperCase();
    await ok(
      t.request(`/api/admin/users/${cand.id}/deactivate`, {
        method: 'POST',
        as: admin,
        json: { reason: `nora  QUILL asked (${shout}), not Nora Quillson nor x${cand.email}` },
      }),
    );
    const { enqueueMail } = await import('../../mail/outbox');
    const mailId = await enqueueMail(t.database.db, {
      to: other.email,
      subject: 'About Nora Quill',
      text: `Nora Quill <${cand.email}> wrote. Nora Quillson and ${cand.email}.uk stay.`,
      html: '<p>NORA QUILL</p>',
    });
    await ok(
      t.request(`/api/admin/users/${cand.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: `Letter from nora quill (${cand.email}).` },
      }),
    );
    const db = t.database.db;
    const [ban] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cand.id), eq(auditLog.action, 'user.ban-user')));
    expect(JSON.stringify(ban?.after)).toContain(
      `Erased user asked (Erased user), not Nora Quillson nor x${cand.email}`,
    );
    const list = await (await ok(t.request('/api/admin/erasures', { as: admin }))).json();
    expect(list.items[0]).toMatchObject({
      userId: cand.id,
      reason: 'Letter from Erased user (Erased user).',
    });
    const [mail] = await db.select().from(outbox).where(eq(outbox.id, mailId));
    expect(mail).toMatchObject({
      subject: 'About Erased user',
      text: `Erased user <Erased user> wrote. Nora Quillson and ${cand.email}.uk stay.`,
      html: '<p>Erased user</p>',
    });
  });

  it('never erases the last admin, and the audit log stays append-only', async () => {
    const second = await t.createUser('admin', { name: 'Second Admin' });
    // The first admin erases the second on request: allowed, another admin remains.
    await ok(
      t.request(`/api/admin/users/${second.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Left the company' },
      }),
    );
    // The only admin erasing themselves is refused.
    const self = await t.request('/api/account/erase', {
      method: 'POST',
      as: admin,
      json: { password: admin.password },
    });
    expect(self.status).toBe(409);
    expect((await self.json()).message).toBe(USER_ADMIN_TEXTS.lastAdmin);
    await expect(
      t.database.db
        .update(auditLog)
        .set({ actorName: 'tampered' })
        .where(eq(auditLog.actorId, admin.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });

  it('refuses a recruiter who still owns jobs or assessments', async () => {
    const res = await t.request(`/api/admin/users/${recruiter.id}/erase`, {
      method: 'POST',
      as: admin,
      json: { reason: 'Asked' },
    });
    expect(res.status).toBe(409);
    const refused = await res.json();
    expect(refused.message).toMatch(/still owns \d+ jobs? and \d+ assessments?/);
    expect(refused.code).toBe('recruiter-has-records');
    expect(refused.params).toEqual({ jobs: expect.any(Number), assessments: expect.any(Number) });
    const fresh = await t.signUp({ accountType: 'recruiter', name: 'New Recruiter' });
    await ok(
      t.request(`/api/admin/users/${fresh.id}/erase`, {
        method: 'POST',
        as: admin,
        json: { reason: 'Asked' },
      }),
    );
  });

  it("routes better-auth's remove-user to the erasure", async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Not Removed' });
    const res = await t.request('/api/auth/admin/remove-user', {
      method: 'POST',
      as: admin,
      json: { userId: cand.id },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(REMOVE_USER_REFUSED);
    expect(await t.database.db.select().from(user).where(eq(user.id, cand.id))).toHaveLength(1);
  });
});
