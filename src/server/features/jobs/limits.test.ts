import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../domain/assessments';
import {
  department,
  job,
  jobApplication,
  jobInvitation,
  outbox,
  usageLimit,
} from '../../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

/**
 * The hiring abuse limits (issue 17): jobs posted per recruiter, invitations sent per recruiter
 * and received per candidate, applications per candidate. Counted in the database; a refused or
 * failed attempt does not count; past the limit a 429 says how long to wait.
 */

let t: TestApp;
let rec: TestUser;
let rec2: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    JOB_RATE_LIMIT: '3',
    APPLICATION_RATE_LIMIT: '2',
    INVITATION_RATE_LIMIT: '3',
    CANDIDATE_INVITATION_RATE_LIMIT: '2',
  });
  rec = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
  rec2 = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const future = (days = 30) => toIsoDate(new Date(Date.now() + days * 86_400_000));
const jobBody = (over: Record<string, unknown> = {}) => ({
  title: 'Engineer',
  department: 'Engineering',
  locations: ['Berlin'],
  workplaceType: 'remote',
  jobType: 'full-time',
  experience: '3-5',
  description: 'Build things.',
  closingDate: future(),
  status: 'published',
  ...over,
});
const post = (as: TestUser, over: Record<string, unknown> = {}) =>
  t.request('/api/jobs', { method: 'POST', as, json: jobBody(over) });
/** Jobs made without the API (they do not count against anyone). */
async function seedJobs(recruiter: TestUser, n: number) {
  const [eng] = await t.database.db
    .select({ id: department.id })
    .from(department)
    .where(eq(department.name, 'Engineering'));
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `seeded-${recruiter.id.slice(0, 8)}-${i}-${Date.now()}`;
    await t.database.db.insert(job).values({
      id,
      recruiterId: recruiter.id,
      title: `Seeded ${i}`,
      departmentId: eng!.id,
      locations: ['Berlin'],
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '3-5',
      description: 'Seeded.',
      status: 'published',
      publishedAt: new Date(),
    });
    ids.push(id);
  }
  return ids;
}
const refusal = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(429);
  const body = (await res.json()) as {
    message: string;
    retryAfterSeconds: number;
    code: string;
    params: { seconds: number };
  };
  expect(body.retryAfterSeconds).toBeGreaterThan(0);
  // The browser translates by code, the wait from the seconds (decision 023).
  expect(body.code).toMatch(/^wait-/);
  expect(body.params).toEqual({ seconds: body.retryAfterSeconds });
  return body;
};
/** Moves a limit's window an hour and a day back: as if the time had passed. */
const expire = (key: string) =>
  t.database.db
    .update(usageLimit)
    .set({ windowStart: new Date(Date.now() - 25 * 3_600_000) })
    .where(eq(usageLimit.key, key));

describe('posting jobs', () => {
  it('refuses the recruiter past the limit with a readable wait; others and later are fine', async () => {
    const count = async () =>
      (await t.database.db.select().from(job).where(eq(job.recruiterId, rec.id))).length;
    // A refused post does not count.
    expect((await post(rec, { department: 'No such department' })).status).toBe(400);
    const first = await post(rec);
    expect(first.status).toBe(201);
    expect((await post(rec, { status: 'draft' })).status).toBe(201);
    // Duplicate makes a job too.
    const firstId = ((await first.json()) as { id: string }).id;
    expect(
      (await t.request(`/api/jobs/${firstId}/duplicate`, { method: 'POST', as: rec })).status,
    ).toBe(201);
    const before = await count();
    const refused = await refusal(await post(rec));
    expect(refused.message).toMatch(
      /^You have posted many jobs in a short time\. Please wait (\d+ minutes|1 hour) before posting another\.$/,
    );
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    await refusal(await t.request(`/api/jobs/${firstId}/duplicate`, { method: 'POST', as: rec }));
    expect(await count()).toBe(before);
    expect((await post(rec2)).status).toBe(201);
    await expire(`job-post:${rec.id}`);
    expect((await post(rec)).status).toBe(201);
  });
});

describe('applying', () => {
  it('refuses the candidate past the limit, stores no résumé and counts only real applications', async () => {
    const cand = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
    const jobs = await seedJobs(rec2, 4);
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF');
    const apply = (jobId: string) => {
      const form = new FormData();
      form.set('coverLetter', 'Hello');
      form.set('resume', new File([pdf], 'cv.pdf'));
      return t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as: cand, body: form });
    };
    const resumes = async () =>
      (await readdir(path.join(t.dataDir, 'files', 'resumes')).catch(() => [] as string[])).length;
    expect((await apply(jobs[0]!)).status).toBe(201);
    // Applying twice to one job is refused (409) and does not count.
    expect((await apply(jobs[0]!)).status).toBe(409);
    expect((await apply(jobs[1]!)).status).toBe(201);
    const stored = await resumes();
    expect(stored).toBeGreaterThan(0);
    const refused = await refusal(await apply(jobs[2]!));
    expect(refused.message).toMatch(
      /^You have sent many applications in a short time\. Please wait (\d+ minutes|1 hour) before applying again\.$/,
    );
    expect(await resumes()).toBe(stored);
    const mine = await t.database.db
      .select()
      .from(jobApplication)
      .where(eq(jobApplication.candidateId, cand.id));
    expect(mine).toHaveLength(2);
    await expire(`application:${cand.id}`);
    expect((await apply(jobs[2]!)).status).toBe(201);
  });
});

describe('inviting to apply', () => {
  it('limits what a recruiter sends and what a candidate receives, each with its own message', async () => {
    const sender = await t.signUp({ accountType: 'recruiter', name: 'Sam Sender' });
    const x = await t.signUp({ accountType: 'candidate', name: 'Xena Candidate' });
    const y = await t.signUp({ accountType: 'candidate', name: 'Yuri Candidate' });
    const jobs = await seedJobs(sender, 4);
    const [otherJob] = await seedJobs(rec, 1);
    const invite = (as: TestUser, jobId: string, candidateId: string) =>
      t.request(`/api/jobs/${jobId}/invitations`, {
        method: 'POST',
        as,
        json: { candidateId, message: 'Have a look' },
      });
    expect((await invite(sender, jobs[0]!, x.id)).status).toBe(201);
    // A refused invitation (already invited) counts for neither.
    expect((await invite(sender, jobs[0]!, x.id)).status).toBe(409);
    expect((await invite(sender, jobs[1]!, x.id)).status).toBe(201);
    // The candidate has had their two: anyone's third is refused.
    const full = await refusal(await invite(sender, jobs[2]!, x.id));
    expect(full.message).toMatch(
      /^This candidate has received many invitations recently\. Please try again in \d+ hours\.$/,
    );
    expect((await refusal(await invite(rec, otherJob!, x.id))).message).toBe(full.message);
    // The sender's third goes to someone else; the fourth is refused whoever it is for.
    expect((await invite(sender, jobs[0]!, y.id)).status).toBe(201);
    const sent = await refusal(await invite(sender, jobs[1]!, y.id));
    expect(sent.message).toMatch(
      /^You have sent many invitations in a short time\. Please wait (\d+ minutes|1 hour) before inviting again\.$/,
    );
    const toX = await t.database.db
      .select()
      .from(jobInvitation)
      .where(eq(jobInvitation.candidateId, x.id));
    expect(toX).toHaveLength(2);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, x.email))).toHaveLength(2);
  });
});
