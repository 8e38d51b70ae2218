import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT_TEXTS, defaultDueDate } from '../../../domain/assessments';
import { assessment, jobApplication, outbox, user } from '../../db/schema';
import { createApplication, createJob, createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let recruiter: TestUser;
let templateId: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser('admin');
  recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  templateId = (
    await createTemplate(t, admin, {
      title: 'Password policy',
      roleName: 'Full Stack Developer',
      tasks: [{ title: 'Implement', description: '', type: 'code' }],
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const postJob = async () =>
  (
    await createJob(t, recruiter, {
      title: 'Assessed role',
      locations: ['Berlin'],
      salaryMin: null,
      salaryMax: null,
      currency: 'EUR',
      showSalary: false,
    })
  ).id;
const applyTo = async (as: TestUser, jobId: string) => (await createApplication(t, as, jobId)).id;

describe('moving applications to Assessment', () => {
  it('moves none of them when one assignment is refused: no stage, assessment or mail', async () => {
    const jobId = await postJob();
    const fine = await t.signUp({ accountType: 'candidate', name: 'Fina Fine' });
    const refused = await t.signUp({ accountType: 'candidate', name: 'Rolf Refused' });
    const fineApp = await applyTo(fine, jobId);
    const refusedApp = await applyTo(refused, jobId);
    // The refused one is the older application, so it is assigned after the fine one
    // (newest first): the fine one's assignment must be undone with it.
    await t.database.db
      .update(jobApplication)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(jobApplication.id, refusedApp));
    // No longer a candidate: assign answers 400.
    await t.database.db.update(user).set({ role: 'recruiter' }).where(eq(user.id, refused.id));
    const emails = [fine.email, refused.email];
    const mailsBefore = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.to, emails));

    const res = await t.request(`/api/jobs/${jobId}/applications/move`, {
      method: 'POST',
      as: recruiter,
      json: {
        applicationIds: [fineApp, refusedApp],
        stage: 'assessment',
        assessment: { templateId, dueDate: defaultDueDate(), message: 'Good luck' },
      },
    });

    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      ASSESSMENT_TEXTS.selectCandidate,
    );
    const apps = await t.database.db
      .select({ stage: jobApplication.stage, assessmentId: jobApplication.assessmentId })
      .from(jobApplication)
      .where(inArray(jobApplication.id, [fineApp, refusedApp]));
    expect(apps).toEqual([
      { stage: 'applied', assessmentId: null },
      { stage: 'applied', assessmentId: null },
    ]);
    const assessments = await t.database.db
      .select({ id: assessment.id })
      .from(assessment)
      .where(inArray(assessment.candidateId, [fine.id, refused.id]));
    expect(assessments).toEqual([]);
    const mailsAfter = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(inArray(outbox.to, emails));
    expect(mailsAfter).toEqual(mailsBefore);
  });
});
