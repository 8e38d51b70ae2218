import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import { DEFAULT_DEPARTMENTS } from '../../../domain/departments';
import { NUL_TEXT } from '../../../domain/inputs';
import { auditLog, department } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  candidate = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
});
afterAll(async () => {
  await t?.close();
});

type Dept = {
  id: string;
  name: string;
  archived: boolean;
  templateCount: number;
  jobCount: number;
  adminCount: number;
  templates: { title: string }[];
};

const active = async (as: TestUser) =>
  ((await (await t.request('/api/departments', { as })).json()) as { name: string }[]).map(
    (d) => d.name,
  );
const managed = async () =>
  (await (await t.request('/api/departments/manage', { as: admin })).json()) as Dept[];
const add = (name: unknown, as: TestUser | null = admin) =>
  t.request('/api/departments', { method: 'POST', as, json: { name } });
const patch = (id: string, json: unknown, as: TestUser | null = admin) =>
  t.request(`/api/departments/${id}`, { method: 'PATCH', as, json });
const remove = (id: string, as: TestUser | null = admin) =>
  t.request(`/api/departments/${id}`, { method: 'DELETE', as });
const auditRows = (action: string, targetId?: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.action, action), targetId ? eq(auditLog.targetId, targetId) : undefined),
    );
const departmentRows = () => t.database.db.select().from(department);

const future = toIsoDate(new Date(Date.now() + 30 * 86_400_000));
const jobBody = (dept: string, over: Record<string, unknown> = {}) => ({
  title: 'Data Engineer',
  department: dept,
  locations: ['Berlin'],
  workplaceType: 'remote',
  jobType: 'full-time',
  experience: '3-5',
  description: 'Pipelines.',
  closingDate: future,
  status: 'published',
  ...over,
});
const postJob = (dept: string, over: Record<string, unknown> = {}) =>
  t.request('/api/jobs', { method: 'POST', as: recruiter, json: jobBody(dept, over) });
const postTemplate = (dept: string | undefined, title = 'Pipeline review') =>
  t.request('/api/templates', {
    method: 'POST',
    as: admin,
    json: { title, roleName: 'Data Engineer', tasks: [], ...(dept ? { department: dept } : {}) },
  });

describe('the seeded list', () => {
  it('starts with the spec six, readable by everyone signed in, by name', async () => {
    const sorted = [...DEFAULT_DEPARTMENTS].sort((a, b) => a.localeCompare(b));
    expect(await active(candidate)).toEqual(sorted);
    expect(await active(recruiter)).toEqual(sorted);
    expect((await t.request('/api/departments')).status).toBe(401);
  });

  it('the managed list (counts, templates) is for admins only', async () => {
    expect((await managed()).map((d) => d.name)).toContain('Engineering');
    expect((await t.request('/api/departments/manage', { as: recruiter })).status).toBe(403);
    expect((await t.request('/api/departments/manage', { as: candidate })).status).toBe(403);
  });
});

describe('adding', () => {
  it('adds a trimmed name and audits it in the same change', async () => {
    const res = await add('  Data    Science ');
    expect(res.status).toBe(201);
    const created = (await res.json()) as Dept;
    expect(created).toMatchObject({ name: 'Data Science', archived: false, templateCount: 0 });
    const [row] = await auditRows('department.create', created.id);
    expect(row).toMatchObject({ actorId: admin.id, targetType: 'department', before: null });
    expect(row?.after).toMatchObject({ name: 'Data Science' });
    expect(await active(candidate)).toContain('Data Science');
  });

  it('refuses a taken name whatever its case, and bad names, and changes nothing', async () => {
    const before = (await departmentRows()).length;
    const taken = await add('data science');
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe('A department named “Data Science” already exists');
    const cases: [unknown, string][] = [
      ['   ', 'Enter a department name'],
      ['x'.repeat(61), 'A department name has at most 60 characters'],
      // The input guard answers first, for every route.
      ['a\u0000b', NUL_TEXT],
      ['two\nlines', 'A department name must not contain line breaks or control characters'],
      [42, 'Enter a department name'],
    ];
    for (const [name, message] of cases) {
      const res = await add(name);
      expect(res.status, JSON.stringify(name)).toBe(400);
      const body = await res.json();
      expect(body.issues[0], JSON.stringify(name)).toMatchObject({ path: ['name'], message });
    }
    expect((await add('x'.repeat(60))).status).toBe(201);
    expect((await departmentRows()).length).toBe(before + 1);
  });

  it('only admins change departments', async () => {
    const before = (await departmentRows()).length;
    expect((await add('Finance', recruiter)).status).toBe(403);
    expect((await add('Finance', candidate)).status).toBe(403);
    expect((await add('Finance', null)).status).toBe(401);
    const [eng] = (await managed()).filter((d) => d.name === 'Engineering');
    expect((await patch(eng!.id, { name: 'Eng' }, recruiter)).status).toBe(403);
    expect((await patch(eng!.id, { archived: true }, candidate)).status).toBe(403);
    expect((await remove(eng!.id, recruiter)).status).toBe(403);
    expect((await departmentRows()).length).toBe(before);
    expect(await active(candidate)).toContain('Engineering');
  });
});

describe('renaming, filing and archiving', () => {
  let dept: Dept;
  let jobId: string;
  let templateId: string;

  beforeAll(async () => {
    dept = (await (await add('Analytics')).json()) as Dept;
  });

  it('templates and jobs are filed under a department by its name (any case)', async () => {
    const template = await postTemplate('analytics');
    expect(template.status).toBe(201);
    const tBody = await template.json();
    expect(tBody).toMatchObject({ department: 'Analytics', departmentId: dept.id });
    templateId = tBody.id;
    const posted = await postJob('ANALYTICS');
    expect(posted.status, await posted.clone().text()).toBe(201);
    const jBody = await posted.json();
    expect(jBody).toMatchObject({ department: 'Analytics', departmentId: dept.id });
    jobId = jBody.id;
    const unknown = await postJob('Astrology');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).issues[0].path).toEqual(['department']);
    const [row] = (await managed()).filter((d) => d.id === dept.id);
    expect(row).toMatchObject({ templateCount: 1, jobCount: 1 });
    expect(row?.templates.map((x) => x.title)).toEqual(['Pipeline review']);
  });

  it('a rename reaches templates, jobs and admin profiles at once, audited', async () => {
    const profile = await t.request('/api/profile', {
      method: 'PUT',
      as: admin,
      json: { name: 'Ada Admin', department: 'Analytics' },
    });
    expect(profile.status).toBe(200);
    const taken = await patch(dept.id, { name: 'engineering' });
    expect(taken.status).toBe(409);
    const res = await patch(dept.id, { name: 'Insights' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Insights', jobCount: 1, adminCount: 1 });
    const tpl = (
      (await (await t.request('/api/templates', { as: admin })).json()) as {
        id: string;
        department: string;
      }[]
    ).find((x) => x.id === templateId);
    expect(tpl?.department).toBe('Insights');
    expect(
      (await (await t.request(`/api/jobs/${jobId}`, { as: recruiter })).json()).department,
    ).toBe('Insights');
    expect((await (await t.request('/api/profile', { as: admin })).json()).details.department).toBe(
      'Insights',
    );
    const [audit] = await auditRows('department.rename', dept.id);
    expect(audit?.before).toMatchObject({ name: 'Analytics' });
    expect(audit?.after).toMatchObject({ name: 'Insights' });
    // A change that changes nothing records nothing.
    expect((await patch(dept.id, { name: 'Insights' })).status).toBe(200);
    expect(await auditRows('department.rename', dept.id)).toHaveLength(1);
    expect((await patch(dept.id, {})).status).toBe(400);
    expect((await patch('no-such-department', { name: 'X' })).status).toBe(404);
    expect((await patch('bad id!', { name: 'X' })).status).toBe(400);
  });

  it('archived: not offered for new templates and jobs; those that have it keep it', async () => {
    const res = await patch(dept.id, { archived: true });
    expect(res.status).toBe(200);
    expect(await auditRows('department.archive', dept.id)).toHaveLength(1);
    expect(await active(recruiter)).not.toContain('Insights');
    expect((await managed()).find((d) => d.id === dept.id)?.archived).toBe(true);

    const newJob = await postJob('Insights');
    expect(newJob.status).toBe(400);
    expect((await newJob.json()).message).toBe(
      '“Insights” is not an active department. Choose one from the list.',
    );
    expect((await postTemplate('Insights', 'Another')).status).toBe(400);
    // The job and the template that have it keep it through an edit.
    const edit = await t.request(`/api/jobs/${jobId}`, {
      method: 'PUT',
      as: recruiter,
      json: { ...jobBody('Insights'), status: undefined, title: 'Senior Data Engineer' },
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await edit.json()).toMatchObject({
      title: 'Senior Data Engineer',
      department: 'Insights',
    });
    const tplEdit = await t.request(`/api/templates/${templateId}`, {
      method: 'PUT',
      as: admin,
      json: { title: 'Pipeline review v2', roleName: 'Data Engineer', department: 'Insights' },
    });
    expect(tplEdit.status).toBe(200);
    // Another job cannot move into it; a copy of the job is not filed under it either.
    const other = (await (await postJob('Sales')).json()) as { id: string };
    const move = await t.request(`/api/jobs/${other.id}`, {
      method: 'PUT',
      as: recruiter,
      json: { ...jobBody('Insights'), status: undefined },
    });
    expect(move.status).toBe(400);
    const copy = await t.request(`/api/jobs/${jobId}/duplicate`, {
      method: 'POST',
      as: recruiter,
    });
    expect(copy.status).toBe(400);
    // The admin's profile keeps it too.
    expect(
      (
        await t.request('/api/profile', {
          method: 'PUT',
          as: admin,
          json: { name: 'Ada Admin', department: 'Insights' },
        })
      ).status,
    ).toBe(200);
    // Restored, it is offered again.
    expect((await patch(dept.id, { archived: false })).status).toBe(200);
    expect(await auditRows('department.restore', dept.id)).toHaveLength(1);
    expect(await active(recruiter)).toContain('Insights');
  });

  it('deleting is refused while anything uses it, saying how many; unused ones go', async () => {
    const refused = await remove(dept.id);
    expect(refused.status).toBe(409);
    const body = await refused.json();
    expect(body.message).toBe(
      '“Insights” cannot be deleted: 1 template, 1 job and 1 admin profile use it. Move them to another department or archive it instead.',
    );
    // The browser translates by code (decision 023).
    expect(body.code).toBe('department-in-use');
    expect(body.params).toEqual({ name: 'Insights', templates: 1, jobs: 1, admins: 1 });
    expect((await departmentRows()).some((d) => d.id === dept.id)).toBe(true);
    expect(await auditRows('department.delete', dept.id)).toHaveLength(0);

    const spare = (await (await add('Spare')).json()) as Dept;
    expect((await remove(spare.id)).status).toBe(204);
    expect((await departmentRows()).some((d) => d.id === spare.id)).toBe(false);
    const [audit] = await auditRows('department.delete', spare.id);
    expect(audit?.before).toMatchObject({ name: 'Spare' });
    expect(audit?.after).toBeNull();
    expect((await remove(spare.id)).status).toBe(404);
  });

  it('browse filters jobs by department', async () => {
    const found = await (
      await t.request(`/api/jobs?department=${encodeURIComponent('insights')}`, { as: candidate })
    ).json();
    expect(found.items.map((j: { id: string }) => j.id)).toEqual([jobId]);
    const none = await (await t.request('/api/jobs?department=Design', { as: candidate })).json();
    expect(none.items).toEqual([]);
  });
});

describe('audit in the same transaction', () => {
  it('a change whose audit row cannot be written is not made', async () => {
    const dept = (await (await add('Atomic')).json()) as Dept;
    await t.database.query(`
      create function refuse_department_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit refused for the test'; end; $$`);
    await t.database.query(`
      create trigger refuse_department_audit before insert on audit_log for each row
      when (new.action like 'department.%') execute function refuse_department_audit()`);
    try {
      expect((await patch(dept.id, { name: 'Atomic Renamed' })).status).toBe(500);
      expect((await add('Never Added')).status).toBe(500);
      expect((await remove(dept.id)).status).toBe(500);
    } finally {
      await t.database.query('drop trigger refuse_department_audit on audit_log');
      await t.database.query('drop function refuse_department_audit()');
    }
    const rows = await departmentRows();
    expect(rows.find((d) => d.id === dept.id)?.name).toBe('Atomic');
    expect(rows.some((d) => d.name === 'Never Added')).toBe(false);
  });
});
