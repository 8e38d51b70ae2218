import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { PipelineScreen } from './pipeline-screen';

// The recruiter's mail about a candidate's calendar decline links to
// /recruiter/job-listings/<job>?application=<id>: the pipeline opens that application.

const rita = {
  id: 'r1',
  name: 'Rita Recruiter',
  email: 'rita@example.test',
  role: 'recruiter',
} as const;

const job = {
  id: 'j1',
  recruiterId: 'r1',
  recruiterName: 'Rita Recruiter',
  companyName: 'Northwind',
  title: 'Platform Engineer',
  department: 'Engineering',
  departmentId: 'd1',
  locations: ['Berlin'],
  workplaceType: 'remote',
  jobType: 'full-time',
  experience: '3-5',
  salaryMin: null,
  salaryMax: null,
  currency: 'EUR',
  showSalary: true,
  description: 'Build things.',
  openings: 1,
  closingDate: null,
  status: 'published',
  publishedAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

/** The job and its (empty) pipeline answer; anything else is a 404. Records each call. */
function stubFetch() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${path}`;
      calls.push(key);
      if (key === 'GET /api/jobs/j1')
        return Response.json({ ...job, myApplication: null, canApply: true });
      if (key === 'GET /api/jobs/j1/applications') return Response.json([]);
      return new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pipeline opened from a link', () => {
  it('opens the application named by ?application=', async () => {
    const calls = stubFetch();
    renderRoutes(
      [{ path: '/recruiter/job-listings/:jobId', element: <PipelineScreen /> }],
      '/recruiter/job-listings/j1?application=a1',
      rita,
    );
    await waitFor(() => expect(calls).toContain('GET /api/applications/a1'));
  });

  it('opens none without it', async () => {
    const calls = stubFetch();
    renderRoutes(
      [{ path: '/recruiter/job-listings/:jobId', element: <PipelineScreen /> }],
      '/recruiter/job-listings/j1',
      rita,
    );
    await waitFor(() => expect(calls).toContain('GET /api/jobs/j1/applications'));
    expect(calls.filter((c) => c.startsWith('GET /api/applications/'))).toEqual([]);
  });
});
