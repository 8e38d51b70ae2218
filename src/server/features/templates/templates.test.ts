import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recruiterA: TestUser;
let recruiterB: TestUser;
let candidate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recruiterA = await t.signUp({ accountType: 'recruiter', name: 'Rec A' });
  recruiterB = await t.signUp({ accountType: 'recruiter', name: 'Rec B' });
  candidate = await t.signUp({ accountType: 'candidate', name: 'Cand' });
});
afterAll(async () => {
  await t?.close();
});

const template = (over: Record<string, unknown> = {}) => ({
  title: 'Backend assessment',
  roleName: 'Full Stack Developer',
  description: 'Build it',
  tasks: [
    { title: 'Implement the rule', description: 'See ticket', type: 'code' },
    { title: '   ', description: 'dropped', type: 'text' },
    { title: 'Document it', description: '', type: 'document' },
  ],
  ...over,
});
const create = (as: TestUser | null, body: unknown) =>
  t.request('/api/templates', { method: 'POST', as, json: body });

describe('templates', () => {
  it('an admin creates one: untitled tasks dropped, the default project and duration applied', async () => {
    const res = await create(admin, template());
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.tasks.map((x: { title: string }) => x.title)).toEqual([
      'Implement the rule',
      'Document it',
    ]);
    expect(body).toMatchObject({ active: true, durationHours: 2, authorizedRecruiters: [] });
    expect(body.project.files.map((f: { path: string }) => f.path)).toEqual([
      'auth.service.ts',
      'user.model.ts',
      'auth.controller.ts',
      'auth.routes.ts',
      'auth.middleware.ts',
      'auth.types.ts',
      'auth.test.ts',
      'README.md',
    ]);
  });

  it('new templates take the default duration saved in settings', async () => {
    const saved = await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultDurationHours: 4 },
    });
    expect(await saved.json()).toEqual({ defaultDurationHours: 4, defaultLanguage: 'en' });
    expect((await (await create(admin, template())).json()).durationHours).toBe(4);
    expect(
      (
        await t.request('/api/settings', {
          method: 'PUT',
          as: admin,
          json: { defaultDurationHours: 5 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request('/api/settings', {
          method: 'PUT',
          as: recruiterA,
          json: { defaultDurationHours: 1 },
        })
      ).status,
    ).toBe(403);
    await t.request('/api/settings', {
      method: 'PUT',
      as: admin,
      json: { defaultDurationHours: 2 },
    });
  });

  it.each([
    [{ title: '' }, 'title: Title is required'],
    [{ roleName: ' ' }, 'roleName: Role is required'],
    [{ tasks: [{ title: 'x', type: 'video' }] }, 'tasks.0.type'],
    [{ durationHours: 5 }, 'Choose 1, 2, 3, 4 or 8 hours'],
  ])('refuses bad input %j', async (over, message) => {
    const res = await create(admin, template(over));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it('refuses authorising someone who is not a recruiter', async () => {
    const res = await create(admin, template({ authorizedRecruiters: [candidate.id] }));
    expect(res.status).toBe(400);
  });

  it('only admins write templates', async () => {
    expect((await create(recruiterA, template())).status).toBe(403);
    expect((await create(candidate, template())).status).toBe(403);
    expect((await create(null, template())).status).toBe(401);
    const id = (await (await create(admin, template())).json()).id;
    expect(
      (await t.request(`/api/templates/${id}`, { method: 'PUT', as: recruiterA, json: template() }))
        .status,
    ).toBe(403);
    expect(
      (await t.request(`/api/templates/${id}`, { method: 'DELETE', as: candidate })).status,
    ).toBe(403);
  });

  it('recruiters see only active templates they are authorised for; candidates none', async () => {
    const onlyA = await (
      await create(admin, template({ title: 'Only A', authorizedRecruiters: [recruiterA.id] }))
    ).json();
    const inactive = await (
      await create(admin, template({ title: 'Inactive', active: false }))
    ).json();
    const titlesFor = async (as: TestUser) =>
      ((await (await t.request('/api/templates', { as })).json()) as { title: string }[]).map(
        (x) => x.title,
      );
    expect(await titlesFor(recruiterA)).toContain(onlyA.title);
    expect(await titlesFor(recruiterB)).not.toContain(onlyA.title);
    expect(await titlesFor(recruiterA)).not.toContain(inactive.title);
    expect(await titlesFor(admin)).toEqual(expect.arrayContaining([onlyA.title, inactive.title]));
    expect((await t.request('/api/templates', { as: candidate })).status).toBe(403);
  });

  it('edits keep the project and task ids, and a delete removes it', async () => {
    const created = await (await create(admin, template())).json();
    const res = await t.request(`/api/templates/${created.id}`, {
      method: 'PUT',
      as: admin,
      json: { ...template({ title: 'Renamed', active: false }), tasks: created.tasks },
    });
    expect(res.status).toBe(200);
    const edited = await res.json();
    expect(edited).toMatchObject({ title: 'Renamed', active: false });
    expect(edited.tasks.map((x: { id: string }) => x.id)).toEqual(
      created.tasks.map((x: { id: string }) => x.id),
    );
    expect(edited.project).toEqual(created.project);
    expect(
      (await t.request(`/api/templates/${created.id}`, { method: 'DELETE', as: admin })).status,
    ).toBe(204);
    expect(
      (await t.request(`/api/templates/${created.id}`, { method: 'DELETE', as: admin })).status,
    ).toBe(404);
  });
});

describe('people lists', () => {
  it('recruiters and admins search candidates; candidates cannot', async () => {
    const res = await t.request('/api/users/candidates?q=CAND', { as: recruiterA });
    expect(await res.json()).toEqual([{ id: candidate.id, name: 'Cand', email: candidate.email }]);
    expect((await t.request('/api/users/candidates', { as: candidate })).status).toBe(403);
    const recruiters = await (await t.request('/api/users/recruiters', { as: admin })).json();
    expect(recruiters.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([recruiterA.id, recruiterB.id]),
    );
    expect((await t.request('/api/users/recruiters', { as: recruiterA })).status).toBe(403);
  });
});
