import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Journey data through the API, as the server tests' factories (src/server/test/factories.ts)
 * make it: a journey says only what matters to it, and every step must succeed.
 */

/** A published job of the recruiter's API client; the fields a journey cares about override. */
export async function postJob(api: APIRequestContext, fields: { title: string } & object) {
  const res = await api.post('/api/jobs', {
    data: {
      department: 'Engineering',
      locations: ['Berlin'],
      country: 'DE',
      workplaceType: 'remote',
      jobType: 'full-time',
      experience: '3-5',
      description: 'Build things.',
      status: 'published',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The candidate's application to a job, moved by the recruiter to `stage` when given. */
export async function applicationTo(
  jobId: string,
  candidate: APIRequestContext,
  recruiter?: { api: APIRequestContext; stage: string },
) {
  const applied = await candidate.post(`/api/jobs/${jobId}/applications`, {
    multipart: { coverLetter: 'Hello' },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: string }).id;
  if (recruiter) {
    const moved = await recruiter.api.post(`/api/jobs/${jobId}/applications/move`, {
      data: { applicationIds: [applicationId], stage: recruiter.stage },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return applicationId;
}
