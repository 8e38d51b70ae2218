import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_TEXTS, type Analytics } from '../../../domain/analytics';
import { defaultDueDate } from '../../../domain/assessments';
import { applicationEvent, assessment, jobApplication } from '../../db/schema';
import { createApplication, createJob, createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

let t: TestApp;
let admin: TestUser;
let recA: TestUser;
let recB: TestUser;
let cands: TestUser[];
const jobs: Record<'a1' | 'a2' | 'b1', string> = { a1: '', a2: '', b1: '' };

/** Monday 3 March 2025, 10:00 UTC: day 0 of the made-up history. */
const BASE = Date.UTC(2025, 2, 3, 10);
const at = (days: number) => new Date(BASE + days * 86_400_000);
const RANGE = 'from=2025-03-01&to=2025-03-31';

async function ok(res: Response, status = 200) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
}

async function postJob(as: TestUser, title: string) {
  return (await createJob(t, as, { title, locations: ['Berlin'], experience: '3-5' })).id;
}

async function apply(as: TestUser, jobId: string) {
  return (await createApplication(t, as, jobId)).id;
}

async function move(as: TestUser, jobId: string, appId: string, stage: string, extra = {}) {
  await ok(
    await t.request(`/api/jobs/${jobId}/applications/move`, {
      method: 'POST',
      as,
      json: { applicationIds: [appId], stage, ...extra },
    }),
  );
}

/** Puts an application's history on the made-up calendar: its events in order, on these days. */
async function setHistory(appId: string, days: number[]) {
  const { db } = t.database;
  const events = await db
    .select({ id: applicationEvent.id })
    .from(applicationEvent)
    .where(eq(applicationEvent.applicationId, appId))
    .orderBy(asc(applicationEvent.createdAt), asc(applicationEvent.id));
  expect(events.length).toBe(days.length);
  for (const [i, e] of events.entries()) {
    await db
      .update(applicationEvent)
      .set({ createdAt: at(days[i]!) })
      .where(eq(applicationEvent.id, e.id));
  }
  await db
    .update(jobApplication)
    .set({ createdAt: at(days[0]!) })
    .where(eq(jobApplication.id, appId));
}

async function submitAndScore(
  id: string,
  candidate: TestUser,
  recruiter: TestUser,
  score: number,
  days: { assigned: number; submitted: number; reviewedHoursLater: number },
) {
  await ok(await t.request(`/api/assessments/${id}/submit`, { method: 'POST', as: candidate }));
  await ok(
    await t.request(`/api/assessments/${id}/evaluation`, {
      method: 'PUT',
      as: recruiter,
      json: { score, feedback: 'Thanks' },
    }),
  );
  await t.database.db
    .update(assessment)
    .set({
      createdAt: at(days.assigned),
      completedDate: at(days.submitted),
      reviewedAt: new Date(at(days.submitted).getTime() + days.reviewedHoursLater * 3_600_000),
    })
    .where(eq(assessment.id, id));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser('admin');
  recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  recB = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
  cands = [];
  for (const name of ['Cam', 'Dee', 'Eli', 'Fay', 'Gus']) {
    cands.push(await t.signUp({ accountType: 'candidate', name }));
  }
  const [c1, c2, c3, c4, c5] = cands as [TestUser, TestUser, TestUser, TestUser, TestUser];
  const template = await createTemplate(t, admin, {
    title: 'Password policy',
    roleName: 'Full Stack Developer',
    tasks: [{ title: 'Implement', description: '', type: 'code' }],
  });

  jobs.a1 = await postJob(recA, 'Platform Engineer');
  jobs.a2 = await postJob(recA, 'Data Engineer');
  jobs.b1 = await postJob(recB, 'Payments Engineer');

  // Job A1: c1 hired, c2 rejected after screening, c3 assessed then interviewing, c4 new.
  const a1c1 = await apply(c1, jobs.a1);
  for (const stage of ['screening', 'interview', 'offer', 'hired']) {
    await move(recA, jobs.a1, a1c1, stage);
  }
  await setHistory(a1c1, [0, 2, 5, 9, 10]);
  const a1c2 = await apply(c2, jobs.a1);
  await move(recA, jobs.a1, a1c2, 'screening');
  await move(recA, jobs.a1, a1c2, 'rejected', { reason: 'Not now' });
  await setHistory(a1c2, [1, 3, 4]);
  const a1c3 = await apply(c3, jobs.a1);
  await move(recA, jobs.a1, a1c3, 'assessment', {
    assessment: { templateId: template.id, dueDate: defaultDueDate(), message: '' },
  });
  await move(recA, jobs.a1, a1c3, 'interview');
  await setHistory(a1c3, [7, 8, 9]);
  const a1c4 = await apply(c4, jobs.a1);
  await setHistory(a1c4, [14]);
  // Job A2: c1 applied and withdrew.
  const a2c1 = await apply(c1, jobs.a2);
  await ok(await t.request(`/api/applications/${a2c1}/withdraw`, { method: 'POST', as: c1 }));
  await setHistory(a2c1, [20, 21]);
  // Rob's job B1: c5 in screening.
  const b1c5 = await apply(c5, jobs.b1);
  await move(recB, jobs.b1, b1c5, 'screening');
  await setHistory(b1c5, [2, 6]);
  // An application outside the range (February) counts nowhere.
  const early = await apply(c2, jobs.b1);
  await t.database.db
    .update(jobApplication)
    .set({ createdAt: new Date(Date.UTC(2025, 1, 10)) })
    .where(eq(jobApplication.id, early));

  // Assessments: c3's (through A1's pipeline) scored 88 after 6 hours; Rita's own to c4 not
  // submitted; Rob's to c5 scored 45 after 30 hours.
  const [linked] = await t.database.db
    .select({ id: jobApplication.assessmentId })
    .from(jobApplication)
    .where(eq(jobApplication.id, a1c3));
  await submitAndScore(linked!.id!, c3, recA, 88, {
    assigned: 8,
    submitted: 9,
    reviewedHoursLater: 6,
  });
  const assign = async (as: TestUser, candidate: TestUser) =>
    (
      (await ok(
        await t.request('/api/assessments', {
          method: 'POST',
          as,
          json: {
            templateId: template.id,
            candidateId: candidate.id,
            dueDate: defaultDueDate(),
            message: '',
          },
        }),
        201,
      )) as { id: string }
    ).id;
  const pending = await assign(recA, c4);
  await t.database.db
    .update(assessment)
    .set({ createdAt: at(15) })
    .where(eq(assessment.id, pending));
  const robs = await assign(recB, c5);
  await submitAndScore(robs, c5, recB, 45, { assigned: 3, submitted: 4, reviewedHoursLater: 30 });
});
afterAll(async () => {
  await t?.close();
});

const figures = async (as: TestUser, query = RANGE) =>
  (await ok(await t.request(`/api/analytics?${query}`, { as }))) as Analytics;
const step = (a: Analytics, stage: string) => a.funnel.find((s) => s.stage === stage)!;
const stageTime = (a: Analytics, stage: string) => a.timeInStage.find((s) => s.stage === stage)!;

describe('admin: every job', () => {
  it('computes the funnel with pass rates from the stage history', async () => {
    const a = await figures(admin);
    expect(a.range).toEqual({ from: '2025-03-01', to: '2025-03-31', interval: 'day' });
    expect(a.totals.applications).toBe(6);
    expect(a.totals.hired).toBe(1);
    expect(a.totals.openJobs).toBe(3);
    expect(a.funnel.map((s) => [s.stage, s.reached, s.current])).toEqual([
      ['applied', 6, 1],
      ['screening', 4, 1],
      ['assessment', 2, 0],
      ['interview', 2, 1],
      ['offer', 1, 0],
      ['hired', 1, 1],
      ['rejected', 1, 1],
      ['withdrawn', 1, 1],
    ]);
    expect(step(a, 'applied').passRate).toBeCloseTo(4 / 6);
    expect(step(a, 'screening').passRate).toBeCloseTo(0.5);
    expect(step(a, 'assessment').passRate).toBe(1);
    expect(step(a, 'interview').passRate).toBe(0.5);
    expect(step(a, 'offer').passRate).toBe(1);
    expect(step(a, 'hired').passRate).toBeNull();
  });

  it('gives median time to hire and in each stage, counting only stays that ended', async () => {
    const a = await figures(admin);
    expect(a.timeToHire).toEqual({ medianDays: 10, hires: 1 });
    expect(stageTime(a, 'applied')).toEqual({ stage: 'applied', medianDays: 2, moves: 5 });
    expect(stageTime(a, 'screening')).toEqual({ stage: 'screening', medianDays: 2, moves: 2 });
    expect(stageTime(a, 'assessment')).toEqual({ stage: 'assessment', medianDays: 1, moves: 1 });
    expect(stageTime(a, 'interview')).toEqual({ stage: 'interview', medianDays: 4, moves: 1 });
    expect(stageTime(a, 'offer')).toEqual({ stage: 'offer', medianDays: 1, moves: 1 });
    expect(a.timeInStage.map((s) => s.stage)).not.toContain('hired');
  });

  it('counts applications per day or per week, zero where none', async () => {
    const daily = await figures(admin);
    expect(daily.applicationsOverTime).toHaveLength(31);
    const byDay = Object.fromEntries(
      daily.applicationsOverTime.map((p) => [p.period, p.applications]),
    );
    expect(byDay).toMatchObject({
      '2025-03-01': 0,
      '2025-03-03': 1,
      '2025-03-04': 1,
      '2025-03-05': 1,
      '2025-03-10': 1,
      '2025-03-17': 1,
      '2025-03-23': 1,
    });
    const weekly = await figures(admin, `${RANGE}&interval=week`);
    expect(weekly.applicationsOverTime).toEqual([
      { period: '2025-02-24', applications: 0 },
      { period: '2025-03-03', applications: 3 },
      { period: '2025-03-10', applications: 1 },
      { period: '2025-03-17', applications: 2 },
      { period: '2025-03-24', applications: 0 },
      { period: '2025-03-31', applications: 0 },
    ]);
  });

  it('gives assessment completion, the score distribution and the review turnaround', async () => {
    const a = await figures(admin);
    expect(a.assessments).toEqual({
      assigned: 3,
      submitted: 2,
      scored: 2,
      completionRate: 2 / 3,
      reviewTurnaroundHours: 18,
    });
    expect(a.scoreDistribution).toHaveLength(10);
    expect(a.scoreDistribution.filter((b) => b.count > 0)).toEqual([
      { label: '40–49', min: 40, max: 49, count: 1 },
      { label: '80–89', min: 80, max: 89, count: 1 },
    ]);
  });

  it('narrows to a recruiter or a job', async () => {
    const rob = await figures(admin, `${RANGE}&recruiterId=${recB.id}`);
    expect(rob.scope.recruiterId).toBe(recB.id);
    expect(rob.totals.applications).toBe(1);
    expect(rob.assessments.assigned).toBe(1);
    const a2 = await figures(admin, `${RANGE}&jobId=${jobs.a2}`);
    expect(a2.totals.applications).toBe(1);
    expect(step(a2, 'withdrawn').current).toBe(1);
    expect(a2.assessments.assigned).toBe(0);
    const a1 = await figures(admin, `${RANGE}&jobId=${jobs.a1}`);
    expect(a1.assessments).toMatchObject({ assigned: 1, submitted: 1, scored: 1 });
    // A job and another recruiter together: nothing, not an error.
    const none = await figures(admin, `${RANGE}&jobId=${jobs.a1}&recruiterId=${recB.id}`);
    expect(none.totals.applications).toBe(0);
    expect(none.timeToHire).toEqual({ medianDays: null, hires: 0 });
    expect(none.assessments.completionRate).toBeNull();
  });

  it('defaults to the 90 days up to today', async () => {
    const a = await figures(admin, '');
    const today = new Date().toISOString().slice(0, 10);
    expect(a.range.to).toBe(today);
    expect(a.range.interval).toBe('week');
    // The made-up history is older than that.
    expect(a.totals.applications).toBe(0);
  });

  it('offers every job and recruiter to filter by', async () => {
    const options = (await ok(await t.request('/api/analytics/options', { as: admin }))) as {
      jobs: { id: string }[];
      recruiters: { id: string; name: string }[];
    };
    expect(options.jobs.map((j) => j.id).sort()).toEqual(Object.values(jobs).sort());
    expect(options.recruiters.map((r) => r.name)).toEqual(['Rita Recruiter', 'Rob Recruiter']);
  });
});

describe('recruiters: their own jobs only', () => {
  it('scopes every figure to the recruiter whatever the query says', async () => {
    const a = await figures(recA);
    expect(a.scope.recruiterId).toBe(recA.id);
    expect(a.totals.applications).toBe(5);
    expect(step(a, 'screening').reached).toBe(3);
    expect(a.assessments).toEqual({
      assigned: 2,
      submitted: 1,
      scored: 1,
      completionRate: 0.5,
      reviewTurnaroundHours: 6,
    });
    const own = await figures(recA, `${RANGE}&recruiterId=${recA.id}`);
    expect(own.totals.applications).toBe(5);
    const options = (await ok(await t.request('/api/analytics/options', { as: recA }))) as {
      jobs: { id: string }[];
      recruiters: unknown[];
    };
    expect(options.jobs.map((j) => j.id).sort()).toEqual([jobs.a1, jobs.a2].sort());
    expect(options.recruiters).toEqual([]);
  });

  it("refuses another recruiter's filter (403) and job (404), leaking nothing", async () => {
    const other = await t.request(`/api/analytics?${RANGE}&recruiterId=${recB.id}`, { as: recA });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe(
      ANALYTICS_TEXTS.recruiterFilterAdminOnly,
    );
    const job = await t.request(`/api/analytics?${RANGE}&jobId=${jobs.b1}`, { as: recA });
    expect(job.status).toBe(404);
    const body = (await job.json()) as Record<string, unknown>;
    expect(body).toEqual({ message: ANALYTICS_TEXTS.jobNotFound });
    const missing = await t.request(`/api/analytics?${RANGE}&jobId=no-such-job`, { as: recA });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(body);
  });
});

describe('who may look', () => {
  it('refuses candidates (403) and signed-out callers (401)', async () => {
    for (const path of [`/api/analytics?${RANGE}`, '/api/analytics/options']) {
      const cand = await t.request(path, { as: cands[0] });
      expect(cand.status).toBe(403);
      expect(((await cand.json()) as { message: string }).message).toBe(
        ANALYTICS_TEXTS.candidatesRefused,
      );
      expect((await t.request(path, { as: null })).status).toBe(401);
    }
    // Signed out hears 401 before its input is judged.
    expect((await t.request('/api/analytics?from=nope', { as: null })).status).toBe(401);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const cases: [string, string, string?][] = [
      ['from=2025-02-30', 'from', ANALYTICS_TEXTS.realDate],
      ['to=yesterday', 'to', ANALYTICS_TEXTS.realDate],
      ['from=2025-03-31&to=2025-03-01', 'from', ANALYTICS_TEXTS.fromAfterTo],
      ['from=2020-01-01&to=2025-01-01', 'to', ANALYTICS_TEXTS.rangeTooLong],
      ['from=2000-01-01', 'to', ANALYTICS_TEXTS.rangeTooLong],
      ['from=2999-01-01', 'from', ANALYTICS_TEXTS.fromAfterTo],
      ['jobId=not%20an%20id', 'jobId'],
      [`jobId=${'x'.repeat(101)}`, 'jobId'],
      ['recruiterId=%00', 'recruiterId'],
      ['interval=month', 'interval'],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.request(`/api/analytics?${query}`, { as: admin });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { issues?: { path: string[]; message: string }[] };
      expect(body.issues?.[0]?.path[0], query).toBe(field);
      if (message) expect(body.issues?.[0]?.message, query).toBe(message);
    }
  });

  it("answers 404 for an admin's unknown recruiter", async () => {
    const res = await t.request(`/api/analytics?recruiterId=${cands[0]!.id}`, { as: admin });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toBe(
      ANALYTICS_TEXTS.recruiterNotFound,
    );
  });
});
