import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect } from 'vitest';
import { imageForm, PNG_1PX } from '../../../../tests/fixtures/images';
import { defaultDueDate, toIsoDate } from '../../../domain/assessments';
import { createTemplate } from '../../test/factories';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness';

// The data-rights tests' app, people and a busy candidate: data-rights.test.ts (export) and
// erasure.test.ts (erasure by the user and by an admin) each start their own.

export let t: TestApp;
export let admin: TestUser;
export let recruiter: TestUser;
export let other: TestUser;
export let templateId: string;
let counter = 0;

export const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
export const candidateForm = (name: string, phone: string, bio: string) => ({
  name,
  phone,
  location: 'London',
  title: 'Backend Developer',
  skills: 'TypeScript',
  experience: '3-5',
  bio,
  education: 'BSc',
  jobPreferences: {
    jobType: ['full-time'],
    remote: true,
    salary: { min: 1, max: 2, currency: 'GBP' },
    location: ['London'],
  },
});
export const future = (days = 30) => toIsoDate(new Date(Date.now() + days * 86_400_000));

/** Registers the file's app and accounts (fresh per test file). */
export function withDataRightsApp() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser('admin', { name: 'Ada Admin' });
    recruiter = await t.signUp({ accountType: 'recruiter', name: 'Rita Recruiter' });
    other = await t.signUp({ accountType: 'candidate', name: 'Olga Other' });
    templateId = (
      await createTemplate(t, admin, {
        title: 'Password policy',
        roleName: 'Full Stack Developer',
        tasks: [
          { title: 'Implement', description: '', type: 'code' },
          { title: 'Explain', description: '', type: 'text' },
        ],
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });
}

export const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  expect(r.status, await r.clone().text()).toBe(status);
  return r;
};

/** A candidate with a photo, a scored assessment with a file and an answer, a conversation with
 * the recruiter and an application with a résumé. */
export async function busyCandidate(name = 'Casey Candidate') {
  const cand = await t.signUp({ accountType: 'candidate', name });
  await ok(
    t.request('/api/profile', {
      method: 'PUT',
      as: cand,
      json: candidateForm(name, '+44 20 7946 0000', 'I like types'),
    }),
  );
  await ok(t.request('/api/profile/image', { method: 'POST', as: cand, body: imageForm(PNG_1PX) }));
  const a = await (
    await ok(
      t.request('/api/assessments', {
        method: 'POST',
        as: recruiter,
        json: { templateId, candidateId: cand.id, dueDate: defaultDueDate(), message: 'Hi' },
      }),
      201,
    )
  ).json();
  await ok(t.request(`/api/assessments/${a.id}/start`, { method: 'POST', as: cand }));
  await ok(
    t.request(`/api/assessments/${a.id}/files/auth.service.ts`, {
      method: 'PUT',
      as: cand,
      json: { content: 'export const mine = 42;', editedAt: 1000 },
    }),
  );
  const textTask = (a.tasks as { id: string; type: string }[]).find((x) => x.type === 'text')!;
  await ok(
    t.request(`/api/assessments/${a.id}/answers/${textTask.id}`, {
      method: 'PUT',
      as: cand,
      json: { content: 'Because hashing.', editedAt: 1000 },
    }),
  );
  await ok(t.request(`/api/assessments/${a.id}/submit`, { method: 'POST', as: cand }));
  await ok(
    t.request(`/api/assessments/${a.id}/evaluation`, {
      method: 'PUT',
      as: recruiter,
      json: { score: 88, feedback: 'Clean and tested' },
    }),
  );
  const conv = await (
    await ok(
      t.request('/api/conversations', {
        method: 'POST',
        as: cand,
        json: {
          recipientIds: [recruiter.id],
          subject: `About the role ${++counter}`,
          message: 'Hello Rita, a question from me',
        },
      }),
      201,
    )
  ).json();
  await ok(
    t.request(`/api/conversations/${conv.id}/messages`, {
      method: 'POST',
      as: recruiter,
      json: { content: 'Happy to help', clientId: `client-id-${++counter}` },
    }),
    201,
  );
  const jobRes = await ok(
    t.request('/api/jobs', {
      method: 'POST',
      as: recruiter,
      json: {
        title: `Engineer ${++counter}`,
        department: 'Engineering',
        locations: ['Berlin'],
        workplaceType: 'hybrid',
        jobType: 'full-time',
        experience: '5-10',
        salaryMin: 1,
        salaryMax: 2,
        currency: 'EUR',
        showSalary: true,
        description: 'Build',
        openings: 1,
        closingDate: future(),
        status: 'published',
      },
    }),
    201,
  );
  const jobId = (await jobRes.json()).id;
  const form = new FormData();
  form.set('coverLetter', 'I would love to join.');
  form.set('resume', new File([pdf as Uint8Array<ArrayBuffer>], 'casey-cv.pdf'));
  const app = await (
    await ok(
      t.request(`/api/jobs/${jobId}/applications`, { method: 'POST', as: cand, body: form }),
      201,
    )
  ).json();
  return {
    cand,
    assessmentId: a.id as string,
    conversationId: conv.id as string,
    applicationId: app.id as string,
  };
}

export const readZip = async (res: Response) => {
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return { files, data: JSON.parse(strFromU8(files['data.json']!)) };
};
