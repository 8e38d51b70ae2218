import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate, toIsoDate } from '../../../domain/assessments';
import { assessment, assessmentNotification, outbox, taskAnswer } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { AssessmentJobs } from './jobs';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let candA: TestUser;
let candB: TestUser;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Other Recruiter' });
  candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  candB = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Backend API review',
      roleName: 'Backend',
      durationHours: 2,
      tasks: [
        { title: 'Implement', description: '', type: 'code' },
        { title: 'Explain', description: '', type: 'text' },
        { title: 'Document', description: '', type: 'document' },
      ],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: API answers read loosely in assertions
type Json = Record<string, any>;

async function assigned(over: Record<string, unknown> = {}, as = recA): Promise<Json> {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as,
    json: { templateId, candidateId: candA.id, dueDate: defaultDueDate(), ...over },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}
async function started(over: Record<string, unknown> = {}) {
  const a = await assigned(over);
  const res = await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA });
  expect(res.status).toBe(200);
  return res.json() as Promise<Json>;
}
const submit = (id: string, as: TestUser | null = candA) =>
  t.request(`/api/assessments/${id}/submit`, { method: 'POST', as });
const evaluate = (id: string, json: unknown, as: TestUser = recA) =>
  t.request(`/api/assessments/${id}/evaluation`, { method: 'PUT', as, json });
const saveFile = (id: string, content: string, editedAt: number, as = candA) =>
  t.request(`/api/assessments/${id}/files/auth.service.ts`, {
    method: 'PUT',
    as,
    json: { content, editedAt },
  });
const saveAnswer = (id: string, taskId: string, content: string, editedAt: number, as = candA) =>
  t.request(`/api/assessments/${id}/answers/${taskId}`, {
    method: 'PUT',
    as,
    json: { content, editedAt },
  });
const row = async (id: string) =>
  (await t.database.db.select().from(assessment).where(eq(assessment.id, id)))[0]!;
// Oldest first: PostgreSQL returns rows in no set order once the mailer has updated them.
const mailsTo = (email: string) =>
  t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt);
const bell = async (as: TestUser) =>
  (await (await t.request('/api/notifications', { as })).json()) as Json;
/** Moves the start back so that the 2-hour timer ran out (plus the grace) `minutes` ago. */
const expireTimer = (id: string, minutes = 5) =>
  t.database.db
    .update(assessment)
    .set({ startedAt: new Date(Date.now() - (120 + minutes) * 60_000) })
    .where(eq(assessment.id, id));

describe('scoring waits for the submission', () => {
  it('is refused, with a clear message, for a scheduled and an in-progress assessment', async () => {
    const a = await assigned();
    for (const _ of [0, 1]) {
      const res = await evaluate(a.id, { score: 80, feedback: 'Early' });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(
        'The candidate has not submitted this assessment yet; it can be scored once it is submitted',
      );
      await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA });
    }
    const stored = await row(a.id);
    expect(stored).toMatchObject({ score: null, feedback: null, reviewedAt: null });
    expect(stored.status).toBe('in-progress');
  });

  it.each([
    [-1, 'Score must be a number from 0 to 100'],
    [7.5, 'Score must be a whole number'],
    [0.1, 'Score must be a whole number'],
    [101, 'Score must be a number from 0 to 100'],
    ['80', 'Score must be a number from 0 to 100'],
  ])('refuses the score %j (not rounded) and stores nothing', async (score, message) => {
    const a = await started();
    expect((await submit(a.id)).status).toBe(200);
    const res = await evaluate(a.id, { score, feedback: 'x' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
    expect(await row(a.id)).toMatchObject({ score: null, reviewedAt: null });
  });

  it('a score tells the candidate: a bell item and an e-mail', async () => {
    const a = await started();
    await submit(a.id);
    const before = (await mailsTo(candA.email)).length;
    const res = await evaluate(a.id, { score: 0, feedback: 'Needs tests' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ score: 0, feedback: 'Needs tests' });
    const mails = await mailsTo(candA.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('Your assessment was reviewed: Backend API review');
    expect(mails.at(-1)!.text).toContain('scored it 0 out of 100');
    const items = (await bell(candA)).items as Json[];
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'assessment', event: 'scored', assessmentId: a.id }),
    );
    // Saving the same score again (a feedback typo) does not tell them twice.
    await evaluate(a.id, { score: 0, feedback: 'Needs more tests' });
    expect((await mailsTo(candA.email)).length).toBe(before + 1);
  });
});

describe('submitting', () => {
  it('only the candidate submits, once; the recruiter gets a bell item and an e-mail', async () => {
    const a = await started();
    expect((await submit(a.id, recA)).status).toBe(403);
    expect((await submit(a.id, candB)).status).toBe(403);
    expect((await submit(a.id, null)).status).toBe(401);
    const before = (await mailsTo(recA.email)).length;
    const res = await submit(a.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'completed', submittedBy: 'candidate' });
    expect(body.completedDate).toBeTruthy();

    const again = await submit(a.id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('This assessment has already been submitted');

    const mails = await mailsTo(recA.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe('Submitted: Backend API review by Casey Candidate');
    expect(mails.at(-1)!.text).toContain(`/recruiter/results?assessment=${a.id}`);
    const rows = await t.database.db
      .select()
      .from(assessmentNotification)
      .where(eq(assessmentNotification.assessmentId, a.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: recA.id, event: 'submitted', readAt: null });

    const recruiterBell = await bell(recA);
    const item = (recruiterBell.items as Json[]).find((i) => i.assessmentId === a.id);
    expect(item).toMatchObject({ kind: 'assessment', event: 'submitted', from: 'Casey Candidate' });
    expect(recruiterBell.unreadAssessmentNews).toBeGreaterThan(0);
    // Someone else cannot mark it read; the recruiter can.
    const foreign = await t.request(`/api/notifications/${item!.id}/read`, {
      method: 'POST',
      as: recB,
    });
    expect(foreign.status).toBe(404);
    const read = await t.request(`/api/notifications/${item!.id}/read`, {
      method: 'POST',
      as: recA,
    });
    expect(read.status).toBe(204);
    expect(((await bell(recA)).items as Json[]).some((i) => i.id === item!.id)).toBe(false);
  });

  it('after submission nothing the candidate sends is taken', async () => {
    const a = await started();
    const text = a.tasks.find((x: Json) => x.type === 'text');
    expect((await saveAnswer(a.id, text.id, 'my answer', 1000)).status).toBe(200);
    await submit(a.id);
    const refused = [
      await saveFile(a.id, 'late', 2000),
      await saveAnswer(a.id, text.id, 'late', 2000),
      await t.request(`/api/assessments/${a.id}/tasks/${text.id}`, {
        method: 'PUT',
        as: candA,
        json: { completed: true },
      }),
      await t.request(`/api/assessments/${a.id}/toggle-all`, { method: 'POST', as: candA }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(
        'This assessment has been submitted; it can no longer be changed',
      );
    }
    const answers = await (
      await t.request(`/api/assessments/${a.id}/answers`, { as: recA })
    ).json();
    expect(answers.find((x: Json) => x.taskId === text.id).content).toBe('my answer');
  });

  it('when the time is up a save is refused with a message and the work is submitted', async () => {
    const a = await started();
    expect((await saveFile(a.id, 'in time', 1000)).status).toBe(200);
    await expireTimer(a.id);
    const late = await saveFile(a.id, 'too late', 2000);
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe(
      'The time for this assessment is up; your work has been submitted',
    );
    expect(await row(a.id)).toMatchObject({ status: 'completed', submittedBy: 'timeout' });
    const files = await (await t.request(`/api/assessments/${a.id}/files`, { as: recA })).json();
    expect(files.find((f: Json) => f.fileName === 'auth.service.ts').content).toBe('in time');
  });

  it('an overdue assessment is submitted when next read, or by the periodic sweep', async () => {
    const read = await started();
    await expireTimer(read.id);
    const res = await t.request(`/api/assessments/${read.id}`, { as: recA });
    expect(await res.json()).toMatchObject({ status: 'completed', submittedBy: 'timeout' });

    const listed = await started();
    await expireTimer(listed.id);
    const list = (await (await t.request('/api/assessments', { as: candA })).json()) as Json[];
    expect(list.find((x) => x.id === listed.id)).toMatchObject({ status: 'completed' });

    const swept = await started();
    const fresh = await started();
    await expireTimer(swept.id);
    const jobs = new AssessmentJobs(
      { db: t.database.db, bus: t.bus, mailer: t.mailer, appUrl: t.env.APP_URL },
      { info: () => {}, error: () => {} } as never,
    );
    await jobs.runOnce();
    expect((await row(swept.id)).status).toBe('completed');
    expect((await row(fresh.id)).status).toBe('in-progress');
    // Within the grace after the timer a last save still lands.
    await t.database.db
      .update(assessment)
      .set({ startedAt: new Date(Date.now() - 120 * 60_000 - 5_000) })
      .where(eq(assessment.id, fresh.id));
    expect((await saveFile(fresh.id, 'last autosave', 3000)).status).toBe(200);
  });
});

describe('written answers', () => {
  it('save like files: newest edit wins, the candidate only, text and document tasks only', async () => {
    const a = await started();
    const text = a.tasks.find((x: Json) => x.type === 'text');
    const doc = a.tasks.find((x: Json) => x.type === 'document');
    const code = a.tasks.find((x: Json) => x.type === 'code');
    const listed = await (
      await t.request(`/api/assessments/${a.id}/answers`, { as: candA })
    ).json();
    expect(listed.map((x: Json) => x.taskId)).toEqual([text.id, doc.id]);
    expect(listed[0]).toMatchObject({ content: '', editedAt: null });

    expect((await saveAnswer(a.id, doc.id, '# Design\n\nv2', 2000)).status).toBe(200);
    const stale = await saveAnswer(a.id, doc.id, 'v1', 1000);
    expect(stale.status).toBe(409);
    expect((await stale.json()).answer).toMatchObject({
      content: '# Design\n\nv2',
      editedAt: 2000,
    });
    expect((await saveAnswer(a.id, code.id, 'x', 3000)).status).toBe(400);
    expect((await saveAnswer(a.id, 'nope', 'x', 3000)).status).toBe(404);
    expect((await saveAnswer(a.id, text.id, 'x', 3000, candB)).status).toBe(403);
    expect((await saveAnswer(a.id, text.id, 'x', 3000, recA as never)).status).toBe(403);
    expect((await saveAnswer(a.id, text.id, 'a\u0000b', 3000)).status).toBe(400);
    expect((await saveAnswer(a.id, text.id, 'x'.repeat(50_001), 3000)).status).toBe(400);
    expect((await saveAnswer(a.id, text.id, 'x', -1)).status).toBe(400);
    const stored = await t.database.db
      .select()
      .from(taskAnswer)
      .where(and(eq(taskAnswer.assessmentId, a.id), eq(taskAnswer.taskId, text.id)));
    expect(stored).toHaveLength(0);

    const asRecruiter = await (
      await t.request(`/api/assessments/${a.id}/answers`, { as: recA })
    ).json();
    expect(asRecruiter.find((x: Json) => x.taskId === doc.id).content).toBe('# Design\n\nv2');
    expect((await t.request(`/api/assessments/${a.id}/answers`, { as: recB })).status).toBe(403);
    expect((await t.request(`/api/assessments/${a.id}/answers`, { as: candB })).status).toBe(403);
  });
});

describe('due dates', () => {
  it('the owning recruiter or an admin extends it; the candidate is e-mailed', async () => {
    const a = await assigned();
    const change = (dueDate: unknown, as: TestUser) =>
      t.request(`/api/assessments/${a.id}/due-date`, { method: 'PUT', as, json: { dueDate } });
    const later = toIsoDate(new Date(Date.now() + 10 * 86_400_000));
    expect((await change(later, candA)).status).toBe(403);
    expect((await change(later, recB)).status).toBe(403);
    expect((await change('2030-02-30', recA)).status).toBe(400);
    expect((await change('soon', recA)).status).toBe(400);
    const earlier = await change(toIsoDate(new Date()), recA);
    expect(earlier.status).toBe(400);
    expect((await earlier.json()).message).toContain('must be after the current one');
    expect((await row(a.id)).dueDate).toBe(defaultDueDate());

    const before = (await mailsTo(candA.email)).length;
    const res = await change(later, recA);
    expect(res.status).toBe(200);
    expect((await res.json()).dueDate).toBe(later);
    const mails = await mailsTo(candA.email);
    expect(mails.length).toBe(before + 1);
    // Written for the reader: the day in their language's long form (docs/decisions/023).
    const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${later}T00:00:00Z`),
    );
    expect(mails.at(-1)!.subject).toBe(`New due date for Backend API review: ${longDay}`);
    const latest = toIsoDate(new Date(Date.now() + 12 * 86_400_000));
    expect((await change(latest, admin)).status).toBe(200);
    const items = (await bell(candA)).items as Json[];
    expect(items).toContainEqual(
      expect.objectContaining({ event: 'due-date', assessmentId: a.id }),
    );

    await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA });
    await submit(a.id);
    expect((await change(toIsoDate(new Date(Date.now() + 20 * 86_400_000)), recA)).status).toBe(
      409,
    );
  });

  it('one reminder a day before the due date, never twice, also across a restart', async () => {
    const dueDate = toIsoDate(new Date(Date.now() + 2 * 86_400_000));
    const a = await assigned({ dueDate });
    const done = await started({ dueDate });
    await submit(done.id);
    const noon = new Date(`${dueDate}T00:00:00Z`);
    const logger = { info: () => {}, error: () => {} } as never;
    const deps = { db: t.database.db, bus: t.bus, mailer: t.mailer, appUrl: t.env.APP_URL };
    const reminders = async () =>
      (await mailsTo(candA.email)).filter((m) => m.subject.startsWith('Reminder:'));
    const before = (await reminders()).length;

    // Two days ahead: too early.
    await new AssessmentJobs(deps, logger).runOnce(new Date(noon.getTime() - 86_400_000));
    expect((await reminders()).length).toBe(before);
    // Within a day of the due moment (the end of the due date): one, for the unsubmitted one.
    await new AssessmentJobs(deps, logger).runOnce(new Date(noon.getTime() + 3_600_000));
    await new AssessmentJobs(deps, logger).runOnce(new Date(noon.getTime() + 7_200_000));
    const sent = await reminders();
    expect(sent.length).toBe(before + 1);
    expect(sent.at(-1)!.text).toContain(`/assessment/${a.id}`);
    expect((await row(a.id)).reminderSentAt).not.toBeNull();
    expect((await row(done.id)).reminderSentAt).toBeNull();
  });
});

describe('conversations about an assessment', () => {
  it('Message Recruiter finds the conversation started from the assessment', async () => {
    const a = await assigned();
    const lookup = async (as: TestUser) =>
      (await (await t.request(`/api/assessments/${a.id}/conversation`, { as })).json()) as Json;
    expect(await lookup(candA)).toEqual({ conversationId: null });
    const res = await t.request('/api/conversations', {
      method: 'POST',
      as: candA,
      json: {
        recipientIds: [recA.id],
        subject: 'Re: Backend API review',
        message: 'A question about task 2',
        assessmentId: a.id,
      },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(await lookup(candA)).toEqual({ conversationId: created.id });
    expect(await lookup(recA)).toEqual({ conversationId: created.id });
    expect(await lookup(candB)).toEqual({ conversationId: null });

    // Linking to an assessment one cannot see is refused.
    const other = await assigned({ candidateId: candB.id }, recB);
    const refused = await t.request('/api/conversations', {
      method: 'POST',
      as: candA,
      json: { recipientIds: [recA.id], subject: 'x', message: 'y', assessmentId: other.id },
    });
    expect(refused.status).toBe(400);
  });
});
