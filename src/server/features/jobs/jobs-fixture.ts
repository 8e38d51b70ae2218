import { afterAll, beforeAll, expect } from 'vitest';
import { job } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createJob, createTemplate, jobBody as factoryJobBody } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

// The jobs tests' app, accounts and requests: jobs.test.ts (posting, listings, Manage Jobs)
// and apply-and-pipeline.test.ts (browse, apply, the pipeline) each start their own.

export let t: TestApp;
export let admin: TestUser;
export let recA: TestUser;
export let recB: TestUser;
export let candA: TestUser;
export let candB: TestUser;
export let candC: TestUser;
export let templateId: string;
export const events: BusMessage[] = [];

/** Registers the file's app and accounts (fresh per test file). */
export function withJobsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser('admin');
    recA = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
    recB = await t.signUp({ accountType: 'recruiter', name: 'Rob Recruiter' });
    candA = await t.signUp({ accountType: 'candidate', name: 'Casey Candidate' });
    candB = await t.signUp({ accountType: 'candidate', name: 'Bea Candidate' });
    candC = await t.signUp({ accountType: 'candidate', name: 'Cal Candidate' });
    await t.request('/api/profile', {
      method: 'PUT',
      as: recA,
      json: { name: 'Rita Recruiter', company: { name: 'Northwind' } },
    });
    templateId = (
      await createTemplate(t, admin, {
        title: 'Password policy',
        roleName: 'Full Stack Developer',
        tasks: [{ title: 'Implement', description: '', type: 'code' }],
      })
    ).id;
    t.bus.subscribe((m) => events.push(m));
  });
  afterAll(async () => {
    await t?.close();
  });
}

// The factory's job with a shown salary, a Markdown description and two openings.
export const details = {
  salaryMin: 80000,
  salaryMax: 110000,
  currency: 'EUR',
  showSalary: true,
  description: '# About\n\nBuild **things**.',
  openings: 2,
};
export const jobBody = (over: Record<string, unknown> = {}) =>
  factoryJobBody({ ...details, ...over });
export const post = (as: TestUser | null, over: Record<string, unknown> = {}) =>
  t.request('/api/jobs', { method: 'POST', as, json: jobBody(over) });
export const postOk = (over: Record<string, unknown> = {}, as = recA) =>
  createJob(t, as, { ...details, ...over });
export const applyForm = (coverLetter: string, resume?: { bytes: Uint8Array; name: string }) => {
  const form = new FormData();
  form.set('coverLetter', coverLetter);
  if (resume) form.set('resume', new File([resume.bytes as Uint8Array<ArrayBuffer>], resume.name));
  return form;
};
export const apply = (
  as: TestUser | null,
  jobId: string,
  form = applyForm('I would love to join.'),
) => t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as, body: form });
export const applyOk = async (as: TestUser, jobId: string) => {
  const res = await apply(as, jobId);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; stage: string };
};
export const move = (as: TestUser | null, jobId: string, body: Record<string, unknown>) =>
  t.request(`/api/jobs/${jobId}/applications/move`, { method: 'POST', as, json: body });
export const messageOf = async (res: Response) =>
  ((await res.json()) as { message: string }).message;
export const jobCount = async () => (await t.database.db.select({ id: job.id }).from(job)).length;
export const pdf = new TextEncoder().encode(
  '%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF',
);
