import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessment, createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

/**
 * The candidate's assessment says whether hidden tests exist (issue 31: the start screen tells
 * the candidate), and nothing of what they are.
 */
let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let cand: TestUser;

const project = (hidden: boolean) => ({
  name: 'sum',
  branch: 'main',
  context: '',
  ticket: '',
  runner: 'node',
  files: [
    { path: 'sum.js', content: 'exports.sum = (a, b) => a + b;\n' },
    { path: 'sum.test.js', content: "require('node:test')('adds', () => {});\n" },
  ],
  ...(hidden
    ? { hiddenFiles: [{ path: 'sum.secret.test.js', content: '// hidden-marker-91c2\n' }] }
    : {}),
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
});
afterAll(async () => {
  await t?.close();
});

describe('hasHiddenTests', () => {
  it('is true for a project with hidden tests, false without, before the clock starts', async () => {
    const answers: Record<string, unknown> = {};
    for (const hidden of [true, false]) {
      const template = await createTemplate(t, admin, { project: project(hidden) });
      const { id } = await createAssessment(t, rec, { templateId: template.id, candidate: cand });
      const res = await t.request(`/api/assessments/${id}`, { as: cand });
      expect(res.status).toBe(200);
      const text = await res.text();
      // The candidate learns that there are hidden tests, never their names or contents.
      expect(text).not.toContain('sum.secret.test.js');
      expect(text).not.toContain('hidden-marker-91c2');
      const body = JSON.parse(text) as { status: string; project: Record<string, unknown> };
      expect(body.status).toBe('scheduled');
      answers[String(hidden)] = body.project.hasHiddenTests;
    }
    expect(answers).toEqual({ true: true, false: false });
  });
});
