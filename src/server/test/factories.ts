import { defaultDueDate, toIsoDate } from '../../domain/assessments';
import type { TestApp, TestUser } from './harness';

/**
 * Test data through the real app's API, so a test says only what matters to it
 * (STYLE point 7): each factory posts a valid body with the caller's overrides
 * and fails, with the server's answer, when the app refuses it.
 */

type Body = Record<string, unknown>;

const DAY = 86_400_000;

/** The date `days` from today (yyyy-mm-dd). */
export const futureDate = (days = 30) => toIsoDate(new Date(Date.now() + days * DAY));

async function expectStatus<T>(res: Response, what: string, status: number): Promise<T> {
  if (res.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${res.status}: ${await res.text()}`);
  }
  return (await res.json()) as T;
}

export const templateBody = (over: Body = {}): Body => ({
  title: 'Sum',
  roleName: 'Developer',
  tasks: [],
  ...over,
});

/** A template (admins and recruiters may create one). */
export async function createTemplate(
  t: TestApp,
  as: TestUser,
  over: Body = {},
): Promise<{ id: string }> {
  const res = await t.request('/api/templates', { method: 'POST', as, json: templateBody(over) });
  return expectStatus(res, 'createTemplate', 201);
}

export const jobBody = (over: Body = {}): Body => ({
  title: 'Senior TypeScript Engineer',
  department: 'Engineering',
  locations: ['Berlin', 'Remote EU'],
  workplaceType: 'hybrid',
  jobType: 'full-time',
  experience: '5-10',
  description: 'Build things.',
  openings: 1,
  closingDate: futureDate(),
  status: 'published',
  ...over,
});

/** A job posted by a recruiter: published and open for 30 days unless said. */
export async function createJob(
  t: TestApp,
  as: TestUser,
  over: Body = {},
): Promise<{ id: string; status: string; title: string }> {
  const res = await t.request('/api/jobs', { method: 'POST', as, json: jobBody(over) });
  return expectStatus(res, 'createJob', 201);
}

/** A candidate's application to a job; moved on to `stage` by `mover` (the job's recruiter) when given. */
export async function createApplication(
  t: TestApp,
  candidate: TestUser,
  jobId: string,
  options: { coverLetter?: string; stage?: string; mover?: TestUser } = {},
): Promise<{ id: string }> {
  const form = new FormData();
  form.set('coverLetter', options.coverLetter ?? 'I would love to join.');
  const res = await t.request(`/api/jobs/${jobId}/applications`, {
    method: 'POST',
    as: candidate,
    body: form,
  });
  const { id } = await expectStatus<{ id: string }>(res, 'createApplication', 201);
  if (options.stage) {
    if (!options.mover) throw new Error('createApplication: a stage needs the mover (a recruiter)');
    const moved = await t.request(`/api/jobs/${jobId}/applications/move`, {
      method: 'POST',
      as: options.mover,
      json: { applicationIds: [id], stage: options.stage },
    });
    await expectStatus(moved, 'createApplication (move)', 200);
  }
  return { id };
}

/** An assessment assigned by a recruiter, due on the default date unless said; started by the candidate when `start`. */
export async function createAssessment(
  t: TestApp,
  as: TestUser,
  input: { templateId: string; candidate: TestUser; start?: boolean } & Body,
): Promise<{ id: string }> {
  const { templateId, candidate, start, ...over } = input;
  const res = await t.request('/api/assessments', {
    method: 'POST',
    as,
    json: { templateId, candidateId: candidate.id, dueDate: defaultDueDate(), ...over },
  });
  const { id } = await expectStatus<{ id: string }>(res, 'createAssessment', 201);
  if (start) {
    const started = await t.request(`/api/assessments/${id}/start`, {
      method: 'POST',
      as: candidate,
    });
    if (!started.ok) {
      throw new Error(`createAssessment (start): got ${started.status}: ${await started.text()}`);
    }
  }
  return { id };
}

/** A slot `days` ahead at `time` on the clocks of Berlin. */
export const interviewSlot = (days: number, time = '10:00', over: Body = {}): Body => ({
  date: futureDate(days),
  time,
  durationMinutes: 45,
  timeZone: 'Europe/Berlin',
  location: 'https://meet.example.test/abc',
  ...over,
});

/** An interview proposed by a recruiter on an application in the interview stage: two slots, the recruiter interviewing. */
export async function createInterview(
  t: TestApp,
  as: TestUser,
  applicationId: string,
  over: Body = {},
): Promise<{ id: string; slots: { id: string; startsAt: string }[] }> {
  const res = await t.request(`/api/applications/${applicationId}/interviews`, {
    method: 'POST',
    as,
    json: { slots: [interviewSlot(3), interviewSlot(4)], interviewerIds: [as.id], ...over },
  });
  return expectStatus(res, 'createInterview', 201);
}
