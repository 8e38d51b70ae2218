import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../../domain/assessments';
import { PATH_TEXTS } from '../../../domain/project-paths';
import { candidateFile } from '../../db/schema';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';
import { filesForRun } from '../test-runs/test-runs.service';

/** Issue 24: the candidate creates, renames and deletes files; every rule on the server. */

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;
let other: TestUser;

const project = (candidatesMayEditTests?: boolean) => ({
  name: 'shop',
  branch: 'main',
  context: '',
  ticket: 'Add a discount',
  runner: 'node',
  files: [
    { path: 'src/cart.ts', content: 'export const total = 1;\n' },
    { path: 'src/old.ts', content: 'old\n' },
    { path: 'README.md', content: '# Shop\n' },
    { path: 'test/cart.test.ts', content: 'visible test\n' },
  ],
  hiddenFiles: [{ path: 'test/hidden.test.ts', content: 'hidden test\n' }],
  ...(candidatesMayEditTests === undefined ? {} : { candidatesMayEditTests }),
});

const makeTemplate = async (mayEdit?: boolean) =>
  (await createTemplate(t, admin, { title: 'Cart', roleName: 'Dev', project: project(mayEdit) }))
    .id;

let templateId: string;
let openTemplateId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
  other = await t.signUp({ accountType: 'candidate', name: 'Other Candidate' });
  templateId = await makeTemplate();
  openTemplateId = await makeTemplate(true);
});
afterAll(async () => {
  await t?.close();
});

const assign = async (id = templateId) => {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: rec,
    json: { templateId: id, candidateId: cand.id, dueDate: defaultDueDate(), message: '' },
  });
  expect(res.status).toBe(201);
  const a = await res.json();
  await t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: cand });
  return a.id as string;
};

type File = {
  fileName: string;
  content: string;
  change?: string | null;
  renamedFrom?: string | null;
};
let clock = 10_000;
const tick = () => {
  clock += 1000;
  return clock;
};
const change = (id: string, body: Record<string, unknown>, as: TestUser = cand) =>
  t.request(`/api/assessments/${id}/file-changes`, {
    method: 'POST',
    as,
    json: { editedAt: tick(), ...body },
  });
const files = async (id: string, as: TestUser = cand): Promise<File[]> =>
  (await t.request(`/api/assessments/${id}/files`, { as })).json();
const names = async (id: string) =>
  (await files(id))
    .filter((f) => f.change !== 'deleted')
    .map((f) => f.fileName)
    .sort();
const put = (id: string, name: string, content: string, editedAt = tick()) =>
  t.request(`/api/assessments/${id}/files/${encodeURIComponent(name)}`, {
    method: 'PUT',
    as: cand,
    json: { content, editedAt },
  });

describe('creating, renaming and deleting files', () => {
  it('creates, renames, deletes; reviewers see them marked; a run gets the project as it is', async () => {
    const id = await assign();
    expect(
      (await change(id, { op: 'create', path: 'src/util.ts', content: 'export const x = 2;' }))
        .status,
    ).toBe(200);
    expect((await put(id, 'src/util.ts', 'export const x = 3;')).status).toBe(200);
    expect(
      (await change(id, { op: 'rename', path: 'src/util.ts', to: 'src/lib/util.ts' })).status,
    ).toBe(200);
    expect(
      (await change(id, { op: 'rename', path: 'README.md', to: 'docs/README.md' })).status,
    ).toBe(200);
    expect((await change(id, { op: 'delete', path: 'src/old.ts' })).status).toBe(200);
    expect(await names(id)).toEqual([
      'docs/README.md',
      'src/cart.ts',
      'src/lib/util.ts',
      'test/cart.test.ts',
    ]);

    const seen = await files(id, rec);
    const mark = (name: string) => seen.find((f) => f.fileName === name);
    expect(mark('src/lib/util.ts')).toMatchObject({
      change: 'added',
      content: 'export const x = 3;',
    });
    expect(mark('docs/README.md')).toMatchObject({
      change: 'renamed',
      renamedFrom: 'README.md',
      content: '# Shop\n',
    });
    expect(mark('src/old.ts')).toMatchObject({ change: 'deleted' });
    expect(mark('src/cart.ts')?.change).toBeNull();

    const timeline = await (
      await t.request(`/api/assessments/${id}/file-changes`, { as: rec })
    ).json();
    expect(timeline.map((c: { op: string }) => c.op)).toEqual([
      'create',
      'rename',
      'rename',
      'delete',
    ]);
    expect((await t.request(`/api/assessments/${id}/file-changes`, { as: cand })).status).toBe(403);

    const run = await filesForRun(t.database.db, id, true);
    expect(run!.files.map((f) => f.path).sort()).toEqual([
      'docs/README.md',
      'src/cart.ts',
      'src/lib/util.ts',
      'test/cart.test.ts',
      'test/hidden.test.ts',
    ]);
    expect(run!.files.find((f) => f.path === 'src/lib/util.ts')?.content).toBe(
      'export const x = 3;',
    );
  });

  it('refuses each path rule with a 4xx naming it, and changes nothing', async () => {
    const id = await assign();
    const before = await files(id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ op: 'create', path: '../etc/passwd' }, 400, PATH_TEXTS.dotSegment],
      [{ op: 'create', path: '/abs.ts' }, 400, PATH_TEXTS.absolute],
      [{ op: 'create', path: 'a//b.ts' }, 400, PATH_TEXTS.emptySegment],
      // NUL is refused by the input rules of every request (008), naming it.
      [{ op: 'create', path: 'a\u0000.ts' }, 400, 'NUL'],
      [{ op: 'create', path: 'a\u0007.ts' }, 400, PATH_TEXTS.control],
      [{ op: 'create', path: 'cv\u202Ets.exe' }, 400, PATH_TEXTS.bidi],
      [{ op: 'create', path: `${'a'.repeat(201)}` }, 400, PATH_TEXTS.tooLong],
      [{ op: 'create', path: 'SRC/Cart.ts' }, 409, PATH_TEXTS.caseClash('src/cart.ts')],
      [{ op: 'create', path: 'src/cart.ts' }, 409, PATH_TEXTS.exists('src/cart.ts')],
      [{ op: 'create', path: 'src' }, 409, PATH_TEXTS.folderExists('src')],
      [{ op: 'create', path: 'src/cart.ts/x.ts' }, 409, PATH_TEXTS.fileInTheWay('src/cart.ts')],
      [
        { op: 'create', path: 'test/hidden.test.ts' },
        403,
        PATH_TEXTS.protectedPath('test/hidden.test.ts'),
      ],
      [
        { op: 'rename', path: 'test/cart.test.ts', to: 'x.ts' },
        403,
        PATH_TEXTS.protectedPath('test/cart.test.ts'),
      ],
      [
        { op: 'rename', path: 'src/cart.ts', to: 'test/hidden.test.ts' },
        403,
        PATH_TEXTS.protectedPath('test/hidden.test.ts'),
      ],
      [
        { op: 'rename', path: 'src/cart.ts', to: 'README.MD' },
        409,
        PATH_TEXTS.caseClash('README.md'),
      ],
      [
        { op: 'delete', path: 'test/cart.test.ts' },
        403,
        PATH_TEXTS.protectedPath('test/cart.test.ts'),
      ],
      [{ op: 'delete', path: 'test' }, 403, PATH_TEXTS.protectedPath('test/cart.test.ts')],
      [{ op: 'delete', path: 'nope.ts' }, 404, PATH_TEXTS.notFound('nope.ts')],
      [
        { op: 'create', path: 'big.txt', content: 'x'.repeat(256 * 1024 + 1) },
        400,
        PATH_TEXTS.fileTooLarge,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await change(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const json = await res.json();
      expect(JSON.stringify(json), JSON.stringify(body).slice(0, 80)).toContain(
        JSON.stringify(message).slice(1, -1),
      );
    }
    // Overwriting a visible test is refused too; another candidate changes nothing.
    expect((await put(id, 'test/cart.test.ts', 'rigged')).status).toBe(403);
    expect((await change(id, { op: 'create', path: 'x.ts' }, other)).status).toBe(403);
    expect(await files(id)).toEqual(before);
  });

  it('a template that allows it lets candidates change the visible tests, never the hidden ones', async () => {
    const id = await assign(openTemplateId);
    expect((await put(id, 'test/cart.test.ts', 'mine')).status).toBe(200);
    expect(
      (await change(id, { op: 'rename', path: 'test/cart.test.ts', to: 'test/cart2.test.ts' }))
        .status,
    ).toBe(200);
    expect((await change(id, { op: 'create', path: 'test/hidden.test.ts' })).status).toBe(403);
  });

  it("the template's switch is set on its own and keeps the project", async () => {
    const id = await makeTemplate();
    const put = await t.request(`/api/templates/${id}`, {
      method: 'PUT',
      as: admin,
      json: { title: 'Cart', roleName: 'Dev', candidatesMayEditTests: true },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const saved = (await put.json()).project;
    expect(saved.candidatesMayEditTests).toBe(true);
    expect(saved.files.map((f: { path: string }) => f.path)).toContain('test/cart.test.ts');
    const created = await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: {
        title: 'Cart 2',
        roleName: 'Dev',
        starterProject: 'javascript',
        candidatesMayEditTests: true,
      },
    });
    expect((await created.json()).project.candidatesMayEditTests).toBe(true);
  });

  it('names the limits: 200 files, 5 MB in all', async () => {
    const id = await assign();
    const db = t.database.db;
    const row = (fileName: string, content: string) => ({
      assessmentId: id,
      fileName,
      candidateId: cand.id,
      content,
      editedAt: 1,
      origin: null,
    });
    // 4 template files and 19 of 256 KB: under 5 MB; a 20th of 256 KB is over.
    const full = 'y'.repeat(256 * 1024);
    await db
      .insert(candidateFile)
      .values(Array.from({ length: 19 }, (_, i) => row(`big/${i}.txt`, full)));
    const tooBig = await change(id, { op: 'create', path: 'big/last.txt', content: full });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).message).toBe(PATH_TEXTS.projectTooLarge);
    // The autosave of a template file that would cross 5 MB is refused the same way.
    const grow = await put(id, 'src/cart.ts', full);
    expect(grow.status).toBe(413);
    expect((await grow.json()).message).toBe(PATH_TEXTS.projectTooLarge);
    await db.delete(candidateFile).where(eq(candidateFile.assessmentId, id));

    await db
      .insert(candidateFile)
      .values(Array.from({ length: 196 }, (_, i) => row(`many/${i}.ts`, '')));
    const over = await change(id, { op: 'create', path: 'many/last.ts' });
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe(PATH_TEXTS.tooManyFiles);
    expect((await files(id)).length).toBe(200);
  });

  it('two tabs creating one path: one wins, the other is told; an edit racing a rename lands under the new name', async () => {
    const id = await assign();
    const [a, b] = await Promise.all([
      change(id, { op: 'create', path: 'src/new.ts', content: 'tab A' }),
      change(id, { op: 'create', path: 'src/NEW.ts', content: 'tab B' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await names(id)).filter((n) => n.toLowerCase() === 'src/new.ts')).toHaveLength(1);

    // Tab A edits cart.ts (edit time 1) while tab B renames it; A's save arrives after.
    const editedAt = tick();
    expect(
      (await change(id, { op: 'rename', path: 'src/cart.ts', to: 'src/basket.ts' })).status,
    ).toBe(200);
    const late = await put(id, 'src/cart.ts', 'edited before the rename', editedAt);
    expect(late.status).toBe(200);
    expect((await late.json()).fileName).toBe('src/basket.ts');
    const all = await files(id);
    expect(all.find((f) => f.fileName === 'src/basket.ts')?.content).toBe(
      'edited before the rename',
    );
    expect(all.some((f) => f.fileName === 'src/cart.ts')).toBe(false);

    // A save older than a delete does not bring the file back; a newer one (another tab) does.
    const before = tick();
    expect((await change(id, { op: 'delete', path: 'src/old.ts' })).status).toBe(200);
    expect((await put(id, 'src/old.ts', 'stale', before)).status).toBe(409);
    expect(await names(id)).not.toContain('src/old.ts');
    expect((await put(id, 'src/old.ts', 'typed later in another tab')).status).toBe(200);
    expect(await names(id)).toContain('src/old.ts');
  });

  it('after submission nothing changes', async () => {
    const id = await assign();
    expect(
      (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: cand })).status,
    ).toBe(200);
    const before = await files(id);
    for (const body of [
      { op: 'create', path: 'late.ts' },
      { op: 'rename', path: 'src/cart.ts', to: 'src/x.ts' },
      { op: 'delete', path: 'src/cart.ts' },
    ]) {
      const res = await change(id, body);
      expect(res.status).toBe(403);
    }
    expect((await put(id, 'src/cart.ts', 'late')).status).toBe(403);
    expect(await files(id)).toEqual(before);
  });
});
