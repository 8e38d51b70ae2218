import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiTemplateSettings, STARTER_RUBRIC } from '../../../domain/ai-review';
import { aiTemplateSettings, assessmentTemplate, auditLog } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

/** Issue 34: the AI tab of the create form is saved with the template, in the same request. */

let t: TestApp;
let admin: TestUser;
let rec: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin', { name: 'Ada Admin' });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const rubric = STARTER_RUBRIC.map((c) =>
  c.id === 'tests' ? { ...c, title: 'Tests, eigene', weight: 4 } : c,
);
const create = (title: string, aiReview?: unknown, as: TestUser = admin) =>
  t.request('/api/templates', {
    method: 'POST',
    as,
    json: { title, roleName: 'Dev', tasks: [], ...(aiReview === undefined ? {} : { aiReview }) },
  });
const templatesTitled = (title: string) =>
  t.database.db.select().from(assessmentTemplate).where(eq(assessmentTemplate.title, title));

describe('creating a template with its AI-assisted review', () => {
  it('saves the AI settings and rubric with the template, audited', async () => {
    const aiReview: AiTemplateSettings = { useAiReview: true, scoreBeforeAi: true, rubric };
    const res = await create('With AI', aiReview);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const read = await t.request(`/api/templates/${id}/ai-review`, { as: admin });
    expect(await read.json()).toEqual(aiReview);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(['template.ai-settings', 'template.create']);
  });

  it('without aiReview the template is created as before: AI review off, no settings row', async () => {
    const res = await create('Without AI');
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const rows = await t.database.db
      .select()
      .from(aiTemplateSettings)
      .where(eq(aiTemplateSettings.templateId, id));
    expect(rows).toEqual([]);
    const read = await t.request(`/api/templates/${id}/ai-review`, { as: admin });
    expect(await read.json()).toMatchObject({ useAiReview: false });
  });

  it('refuses an invalid rubric with its field issues, and saves nothing', async () => {
    const twice = rubric.map((c, i) =>
      i === 1 ? { ...c, levels: [c.levels[0], { ...c.levels[1]!, level: 0 }] } : c,
    );
    const res = await create('Refused AI', {
      useAiReview: true,
      scoreBeforeAi: false,
      rubric: twice,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: (string | number)[]; message: string }[] };
    expect(body.issues).toContainEqual({
      path: ['aiReview', 'rubric', 1, 'levels'],
      message: 'Each level appears once',
    });
    const tooFew = await create('Refused AI', {
      useAiReview: true,
      scoreBeforeAi: false,
      rubric: rubric.slice(0, 1),
    });
    expect(tooFew.status).toBe(400);
    expect(((await tooFew.json()) as { issues: unknown[] }).issues).toContainEqual({
      path: ['aiReview', 'rubric'],
      message: 'A rubric has 2 to 8 criteria',
    });
    expect(await templatesTitled('Refused AI')).toEqual([]);
  });

  it('is the admin’s: a recruiter cannot create a template with AI settings', async () => {
    const res = await create(
      'Recruiter AI',
      { useAiReview: true, scoreBeforeAi: false, rubric },
      rec,
    );
    expect(res.status).toBe(403);
    expect(await templatesTitled('Recruiter AI')).toEqual([]);
  });
});
