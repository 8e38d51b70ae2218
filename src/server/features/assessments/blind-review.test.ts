import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate, toIsoDate } from '../../../domain/assessments';
import { pseudonym } from '../../../domain/blind-review';
import { auditLog, jobApplication, outbox } from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let rec: TestUser;
let other: TestUser;
let cand: TestUser;
let blindTemplate: string;
let openTemplate: string;

const NAME = 'Zelda Quartermaine';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  other = await t.signUp({ accountType: 'recruiter', name: 'Other Recruiter' });
  cand = await t.signUp({ accountType: 'candidate', name: NAME });
  await t.request('/api/profile', {
    method: 'PUT',
    as: cand,
    json: { name: NAME, phone: '+44 20 7946 0000' },
  });
  const make = async (blindReview: boolean) => {
    const res = await t.request('/api/templates', {
      method: 'POST',
      as: admin,
      json: { title: 'Blind', roleName: 'Dev', tasks: [], blindReview },
    });
    const body = await res.json();
    expect(body.blindReview).toBe(blindReview);
    return body.id as string;
  };
  blindTemplate = await make(true);
  openTemplate = await make(false);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const assign = async (templateId: string) => {
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as: rec,
    json: { templateId, candidateId: cand.id, dueDate: defaultDueDate() },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
};
const getText = async (path: string, as: TestUser) => {
  const res = await t.request(path, { as });
  expect(res.status).toBe(200);
  return res.text();
};
const reveal = (id: string, as: TestUser = rec) =>
  t.request(`/api/assessments/${id}/reveal`, { method: 'POST', as });

describe('blind review', () => {
  it('the reviewer gets a pseudonym and no identity until they score and reveal (audited)', async () => {
    const id = await assign(blindTemplate);
    const alias = pseudonym(id);
    expect(alias).toMatch(/^Candidate [0-9A-F]{4}$/);

    // The reviewer's answers carry no name, e-mail, phone or candidate id at all.
    for (const path of [`/api/assessments/${id}`, '/api/assessments']) {
      const text = await getText(path, rec);
      expect(text).not.toContain(NAME);
      expect(text).not.toContain(cand.email);
      expect(text).not.toContain('7946 0000');
      expect(text).not.toContain(cand.id);
    }
    const seen = JSON.parse(await getText(`/api/assessments/${id}`, rec));
    expect(seen).toMatchObject({
      candidateName: alias,
      candidateEmail: '',
      candidateId: null,
      identityHidden: true,
      blindReview: true,
    });
    // The candidate and admins see everything.
    expect(JSON.parse(await getText(`/api/assessments/${id}`, cand))).toMatchObject({
      candidateName: NAME,
      identityHidden: false,
    });
    expect(JSON.parse(await getText(`/api/assessments/${id}`, admin))).toMatchObject({
      candidateName: NAME,
      candidateEmail: cand.email,
      identityHidden: false,
    });

    // Submitting tells the reviewer by the pseudonym: bell and mail.
    expect(
      (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: cand })).status,
    ).toBe(200);
    const bell = await getText('/api/notifications', rec);
    expect(bell).toContain(alias);
    expect(bell).not.toContain(NAME);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, rec.email));
    expect(mails.at(-1)?.subject).toContain(alias);
    expect(mails.map((m) => m.text + m.subject).join()).not.toContain(NAME);

    // Runs the candidate asked for would carry their name: the reviewer sees the alias.
    expect(await getText(`/api/assessments/${id}/test-runs`, rec)).not.toContain(NAME);

    expect((await reveal(id)).status).toBe(409);
    const scored = await t.request(`/api/assessments/${id}/evaluation`, {
      method: 'PUT',
      as: rec,
      json: { score: 70, feedback: 'Good' },
    });
    expect(await scored.json()).toMatchObject({ candidateName: alias, identityHidden: true });
    expect((await reveal(id, other)).status).toBe(403);
    expect((await reveal(id, admin)).status).toBe(403);
    const res = await reveal(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      candidateName: NAME,
      candidateEmail: cand.email,
      candidateId: cand.id,
      identityHidden: false,
      identityRevealedAt: expect.any(String),
    });
    expect((await reveal(id)).status).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'assessment.identity-reveal')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: rec.id,
      action: 'assessment.identity-reveal',
      before: { shown: alias },
      after: { revealed: ['name', 'email', 'phone', 'photo'], score: 70 },
    });
  });

  it('the hiring pipeline names the applicant, so it shows no link, status or score of a blind assessment until revealed', async () => {
    await t.request('/api/profile', {
      method: 'PUT',
      as: rec,
      json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
    });
    const jobRes = await t.request('/api/jobs', {
      method: 'POST',
      as: rec,
      json: {
        title: 'Blind role',
        department: 'Engineering',
        locations: ['Remote'],
        workplaceType: 'remote',
        jobType: 'full-time',
        experience: '5-10',
        currency: 'EUR',
        showSalary: false,
        description: 'Build things.',
        openings: 1,
        closingDate: toIsoDate(new Date(Date.now() + 30 * 86_400_000)),
        status: 'published',
      },
    });
    expect(jobRes.status, await jobRes.clone().text()).toBe(201);
    const jobId = (await jobRes.json()).id as string;
    const form = new FormData();
    form.set('coverLetter', 'Hello');
    const applied = await t.request(`/api/jobs/${jobId}/applications`, {
      method: 'POST',
      as: cand,
      body: form,
    });
    expect(applied.status, await applied.clone().text()).toBe(201);
    const applicationId = (await applied.json()).id as string;
    const moved = await t.request(`/api/jobs/${jobId}/applications/move`, {
      method: 'POST',
      as: rec,
      json: {
        applicationIds: [applicationId],
        stage: 'assessment',
        assessment: { templateId: blindTemplate, dueDate: defaultDueDate(), message: '' },
      },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [link] = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.id, applicationId));
    const id = link!.assessmentId!;
    expect(
      (await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: cand })).status,
    ).toBe(200);
    const scored = await t.request(`/api/assessments/${id}/evaluation`, {
      method: 'PUT',
      as: rec,
      json: { score: 83, feedback: 'Solid' },
    });
    expect(scored.status).toBe(200);

    // Scored but not revealed: the named pipeline neither links to the assessment nor tells its score.
    for (const path of [`/api/jobs/${jobId}/applications`, `/api/applications/${applicationId}`]) {
      const text = await getText(path, rec);
      expect(text).toContain(NAME);
      expect(text).not.toContain(id);
      // The score as a JSON value (a bare '83' can occur inside any UUID).
      expect(text).not.toMatch(/:\s*83\b/);
      expect(text).not.toContain('submitted');
    }
    const [hidden] = JSON.parse(await getText(`/api/jobs/${jobId}/applications`, rec));
    expect(hidden.assessment).toMatchObject({
      id: null,
      score: null,
      identityHidden: true,
      title: 'Blind',
    });
    // Admins and the candidate see it as it is.
    const [asAdmin] = JSON.parse(await getText(`/api/jobs/${jobId}/applications`, admin));
    expect(asAdmin.assessment).toMatchObject({ id, score: 83, identityHidden: false });
    expect(await getText('/api/applications/mine', cand)).toContain(id);

    expect((await reveal(id)).status).toBe(200);
    const [shown] = JSON.parse(await getText(`/api/jobs/${jobId}/applications`, rec));
    expect(shown.assessment).toMatchObject({ id, score: 83, identityHidden: false });
  });

  it('without the switch nothing is hidden and there is nothing to reveal', async () => {
    const id = await assign(openTemplate);
    expect(JSON.parse(await getText(`/api/assessments/${id}`, rec))).toMatchObject({
      candidateName: NAME,
      identityHidden: false,
      blindReview: false,
    });
    expect((await reveal(id)).status).toBe(409);
  });

  it('an admin turns the switch off and on; assessments keep the setting they were assigned with', async () => {
    const id = await assign(blindTemplate);
    const res = await t.request(`/api/templates/${blindTemplate}`, {
      method: 'PUT',
      as: admin,
      json: { title: 'Blind', roleName: 'Dev', tasks: [], blindReview: false },
    });
    expect((await res.json()).blindReview).toBe(false);
    expect(JSON.parse(await getText(`/api/assessments/${id}`, rec)).identityHidden).toBe(true);
    expect(
      JSON.parse(await getText(`/api/assessments/${await assign(blindTemplate)}`, rec)),
    ).toMatchObject({ identityHidden: false });
  });
});
