import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessment, assessmentTemplate, jobApplication } from '../db/schema';
import {
  createApplication,
  createAssessment,
  createInterview,
  createJob,
  createTemplate,
} from './factories';
import { createTestApp, type TestApp, type TestUser } from './harness';

let t: TestApp;
let admin: TestUser;
let recruiter: TestUser;
let candidate: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  candidate = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('test factories', () => {
  it('create what a test asks for, with its overrides, through the app', async () => {
    const template = await createTemplate(t, admin, { title: 'Carts' });
    const [stored] = await t.database.db
      .select({ title: assessmentTemplate.title, roleName: assessmentTemplate.roleName })
      .from(assessmentTemplate)
      .where(eq(assessmentTemplate.id, template.id));
    expect(stored).toEqual({ title: 'Carts', roleName: 'Developer' });

    const assigned = await createAssessment(t, recruiter, {
      templateId: template.id,
      candidate,
      start: true,
    });
    const [row] = await t.database.db
      .select({ status: assessment.status, candidateId: assessment.candidateId })
      .from(assessment)
      .where(eq(assessment.id, assigned.id));
    expect(row).toEqual({ status: 'in-progress', candidateId: candidate.id });

    const job = await createJob(t, recruiter, { title: 'Platform Engineer' });
    expect(job).toMatchObject({ title: 'Platform Engineer', status: 'published' });
    const applied = await createApplication(t, candidate, job.id, {
      stage: 'interview',
      mover: recruiter,
    });
    const [app] = await t.database.db
      .select({ stage: jobApplication.stage })
      .from(jobApplication)
      .where(eq(jobApplication.id, applied.id));
    expect(app?.stage).toBe('interview');

    const interview = await createInterview(t, recruiter, applied.id);
    expect(interview.slots).toHaveLength(2);
  });

  it('fail with the server’s answer when the app refuses', async () => {
    await expect(createTemplate(t, candidate)).rejects.toThrow(
      /createTemplate: expected 201, got 403/,
    );
  });
});
