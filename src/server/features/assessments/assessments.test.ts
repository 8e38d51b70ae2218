import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { outbox, recruiterAssignment } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

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
  await t.request('/api/profile', {
    method: 'PUT',
    as: recA,
    json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
  });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Password policy',
      roleName: 'Full Stack Developer',
      description: 'Add the rule',
      tasks: [
        { title: 'Implement', description: '', type: 'code' },
        { title: 'Test', description: '', type: 'code' },
        { title: 'Explain', description: '', type: 'text' },
      ],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const assign = (as: TestUser | null, over: Record<string, unknown> = {}) =>
  t.request('/api/assessments', {
    method: 'POST',
    as,
    json: {
      templateId,
      candidateId: candA.id,
      dueDate: defaultDueDate(),
      message: 'Good luck!',
      ...over,
    },
  });
const assignOk = async (over: Record<string, unknown> = {}, as = recA) => {
  const res = await assign(as, over);
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const get = (id: string, as: TestUser | null) => t.request(`/api/assessments/${id}`, { as });

describe('assigning', () => {
  it('copies the template, starts scheduled, links the recruiter and mails the candidate', async () => {
    const a = await assignOk();
    expect(a).toMatchObject({
      title: 'Password policy',
      roleName: 'Full Stack Developer',
      status: 'scheduled',
      candidateId: candA.id,
      candidateName: 'Casey Candidate',
      candidateEmail: candA.email,
      recruiterId: recA.id,
      recruiterName: 'Rita Recruiter',
      companyName: 'Northwind',
      message: 'Good luck!',
      dueDate: defaultDueDate(),
      startedAt: null,
    });
    expect(a.id).toMatch(/^assessment_\d+_/);
    expect(a.tasks.every((x: { completed: boolean }) => !x.completed)).toBe(true);
    expect(a.project.fileNames).toContain('README.md');
    const links = await t.database.db
      .select()
      .from(recruiterAssignment)
      .where(eq(recruiterAssignment.candidateId, candA.id));
    expect(links.map((l) => l.recruiterId)).toEqual([recA.id]);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, candA.email))
      .orderBy(outbox.createdAt);
    expect(mails.at(-1)?.text).toContain(`/assessment/${a.id}`);
  });

  it.each([
    [{ candidateId: '' }, 'Please select a candidate'],
    [{ dueDate: '' }, 'Please set a due date'],
    [{ dueDate: '2001-01-01' }, 'The due date must not be in the past'],
    [{ candidateId: 'no-such-user' }, 'Please select a candidate'],
  ])('refuses %j', async (over, message) => {
    const res = await assign(recA, over);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it('refuses a recruiter as the candidate, and non-recruiters as assigners', async () => {
    expect((await assign(recA, { candidateId: recB.id })).status).toBe(400);
    expect((await assign(candA)).status).toBe(403);
    expect((await assign(admin)).status).toBe(403);
    expect((await assign(null)).status).toBe(401);
  });

  it('refuses a template the recruiter is not authorised for', async () => {
    const only = await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: {
        title: 'Only B',
        roleName: 'Data Scientist',
        authorizedRecruiters: [recB.id],
        tasks: [],
      },
    });
    const res = await assign(recA, { templateId: (await only.json()).id });
    expect(res.status).toBe(403);
  });
});

describe('who sees what', () => {
  it('lists: own for candidates and recruiters, all for admins', async () => {
    const a = await assignOk();
    const b = await assignOk({ candidateId: candB.id }, recB);
    const ids = async (as: TestUser) =>
      ((await (await t.request('/api/assessments', { as })).json()) as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await ids(candA)).toContain(a.id);
    expect(await ids(candA)).not.toContain(b.id);
    expect(await ids(candB)).toEqual([b.id]);
    expect(await ids(recA)).not.toContain(b.id);
    expect(await ids(recB)).toEqual([b.id]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await t.request('/api/assessments')).status).toBe(401);
    expect((await t.request('/api/assessments?status=bogus', { as: candA })).status).toBe(400);
  });

  it("reading one: another candidate's or recruiter's gets 403 with the spec text; unknown 404", async () => {
    const a = await assignOk();
    expect((await get(a.id, candA)).status).toBe(200);
    expect((await get(a.id, recA)).status).toBe(200);
    expect((await get(a.id, admin)).status).toBe(200);
    for (const stranger of [candB, recB]) {
      const res = await get(a.id, stranger);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        message: 'You do not have permission to view this assessment',
      });
    }
    expect(await (await get('assessment_nope', candA)).json()).toEqual({
      message: 'Assessment not found',
    });
    expect((await get(a.id, null)).status).toBe(401);
  });
});

describe('working on it', () => {
  it('the first open starts the clock; only the candidate can start', async () => {
    const a = await assignOk();
    expect(
      (await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: recA })).status,
    ).toBe(403);
    const started = await (
      await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA })
    ).json();
    expect(started.status).toBe('in-progress');
    expect(started.startedAt).toBeTruthy();
    const again = await (
      await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA })
    ).json();
    expect(again.startedAt).toBe(started.startedAt);
  });

  it('ticking tracks progress only: every task ticked is still in progress', async () => {
    const a = await assignOk();
    const tick = (taskId: string, completed: boolean, as = candA) =>
      t.request(`/api/assessments/${a.id}/tasks/${taskId}`, {
        method: 'PUT',
        as,
        json: { completed },
      });
    let last: { status: string; completedDate: string | null } = a;
    for (const task of a.tasks) last = await (await tick(task.id, true)).json();
    expect(last).toMatchObject({ status: 'in-progress', completedDate: null });
    const unticked = await (await tick(a.tasks[0].id, false)).json();
    expect(unticked).toMatchObject({ status: 'in-progress', completedDate: null });
    expect((await tick(a.tasks[0].id, true, candB)).status).toBe(403);
    expect((await tick(a.tasks[0].id, true, recA)).status).toBe(403);
    expect((await tick('no-task', true)).status).toBe(404);
    expect((await tick(a.tasks[0].id, 'yes' as never)).status).toBe(400);
  });

  it('toggle-all follows the spec for the tasks, and never submits', async () => {
    const a = await assignOk();
    const toggle = (as = candA) =>
      t.request(`/api/assessments/${a.id}/toggle-all`, { method: 'POST', as });
    const done = await (await toggle()).json();
    expect(done.status).toBe('in-progress');
    expect(done.completedDate).toBeNull();
    expect(done.tasks.every((x: { completed: boolean }) => x.completed)).toBe(true);
    const undone = await (await toggle()).json();
    expect(undone.status).toBe('in-progress');
    expect(undone.tasks.some((x: { completed: boolean }) => x.completed)).toBe(false);
    expect((await toggle(candB)).status).toBe(403);
  });
});

describe('evaluation', () => {
  it('the owning recruiter scores it; others cannot; the candidate can no longer change it', async () => {
    const a = await assignOk();
    await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: candA });
    await t.request(`/api/assessments/${a.id}/submit`, { method: 'POST', as: candA });
    const evaluate = (as: TestUser | null, json: unknown) =>
      t.request(`/api/assessments/${a.id}/evaluation`, { method: 'PUT', as, json });
    expect((await evaluate(recA, { score: 101, feedback: '' })).status).toBe(400);
    expect((await evaluate(recA, { score: 7.5, feedback: '' })).status).toBe(400);
    expect((await evaluate(recB, { score: 50, feedback: '' })).status).toBe(403);
    expect((await evaluate(candA, { score: 100, feedback: '' })).status).toBe(403);
    const saved = await (await evaluate(recA, { score: 85, feedback: 'Solid work' })).json();
    expect(saved).toMatchObject({ score: 85, feedback: 'Solid work' });
    expect(saved.reviewedAt).toBeTruthy();
    const cleared = await (await evaluate(admin, { score: null, feedback: 'Re-review' })).json();
    expect(cleared.score).toBeNull();
    const res = await t.request(`/api/assessments/${a.id}/toggle-all`, {
      method: 'POST',
      as: candA,
    });
    expect(res.status).toBe(403);
  });
});

describe('files', () => {
  it('start from the template, save for the candidate only, and never go back in time', async () => {
    const a = await assignOk();
    const files = await (await t.request(`/api/assessments/${a.id}/files`, { as: candA })).json();
    const service = files.find((f: { fileName: string }) => f.fileName === 'auth.service.ts');
    expect(service.content).toContain('validatePassword');
    expect(service.editedAt).toBeNull();

    const put = (
      as: TestUser | null,
      content: string,
      editedAt: number,
      name = 'auth.service.ts',
    ) =>
      t.request(`/api/assessments/${a.id}/files/${encodeURIComponent(name)}`, {
        method: 'PUT',
        as,
        json: { content, editedAt },
      });
    expect((await put(candA, 'v2', 2000)).status).toBe(200);
    const stale = await put(candA, 'v1', 1000);
    expect(stale.status).toBe(409);
    expect((await stale.json()).file).toMatchObject({ content: 'v2', editedAt: 2000 });
    expect((await put(candB, 'evil', 3000)).status).toBe(403);
    expect((await put(recA, 'evil', 3000)).status).toBe(403);
    expect((await put(null, 'evil', 3000)).status).toBe(401);
    expect((await put(candA, 'x', 3000, 'nope.ts')).status).toBe(404);
    expect((await put(candA, 'x'.repeat(256 * 1024 + 1), 3000)).status).toBe(400);

    const asRecruiter = await (
      await t.request(`/api/assessments/${a.id}/files`, { as: recA })
    ).json();
    expect(
      asRecruiter.find((f: { fileName: string }) => f.fileName === 'auth.service.ts').content,
    ).toBe('v2');
    expect((await t.request(`/api/assessments/${a.id}/files`, { as: recB })).status).toBe(403);
    expect((await t.request(`/api/assessments/${a.id}/files`, { as: candB })).status).toBe(403);

    await t.request(`/api/assessments/${a.id}/toggle-all`, { method: 'POST', as: candA });
    expect((await put(candA, 'all ticked, not submitted', 4000)).status).toBe(200);
    await t.request(`/api/assessments/${a.id}/submit`, { method: 'POST', as: candA });
    const late = await put(candA, 'after submission', 5000);
    expect(late.status).toBe(403);
    expect((await late.json()).message).toBe(
      'This assessment has been submitted; it can no longer be changed',
    );
  });
});
