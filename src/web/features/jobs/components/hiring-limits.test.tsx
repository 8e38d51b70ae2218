import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HIRING_LIMIT_TEXTS } from '../../../../domain/hiring-limits';
import { emptyCounts } from '../../../../domain/jobs';
import { renderRoutes } from '../../../test/render-routes';
import { InviteToApplyModal } from '../../candidates-search';
import { useCreateJob } from '../api/jobs';
import { emptyJobForm } from '../lib/job-form';
import { JobDetailScreen } from './job-detail-screen';
import { JobForm } from './job-form';

/**
 * Past a hiring limit the server answers 429 with how long to wait: Post Job, Invite to Apply
 * and Apply show that sentence and keep what was typed.
 */

const tooMany = (message: string) =>
  Response.json({ message, retryAfterSeconds: 1800 }, { status: 429 });

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

function stubFetch(answers: Record<string, (init?: RequestInit) => Response>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${path}`;
      calls.push(key);
      const answer = answers[key];
      return answer ? answer(init) : new Response('{}', { status: 404 });
    }),
  );
  return calls;
}

// The growing text boxes listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hiring limits in the forms', () => {
  it('Apply shows how long to wait and keeps the cover letter', async () => {
    const message = HIRING_LIMIT_TEXTS.applications(1800);
    const calls = stubFetch({
      'GET /api/jobs/j1': () => Response.json({ ...job, myApplication: null, canApply: true }),
      'GET /api/invitations/mine': () => Response.json([]),
      'POST /api/jobs/j1/applications': () => tooMany(message),
    });
    renderRoutes(
      [{ path: '/candidate/jobs/:jobId', element: <JobDetailScreen /> }],
      '/candidate/jobs/j1',
      {
        id: 'c1',
        name: 'Casey',
        email: 'c@x',
        role: 'candidate',
      },
    );
    const letter = await screen.findByLabelText(/Cover letter/);
    fireEvent.change(letter, { target: { value: 'I would love to join.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(message).toContain('Please wait 30 minutes');
    expect((screen.getByLabelText(/Cover letter/) as HTMLTextAreaElement).value).toBe(
      'I would love to join.',
    );
    expect(calls).toContain('POST /api/jobs/j1/applications');
  });

  it('Invite to Apply shows how long to wait and keeps the message', async () => {
    const message = HIRING_LIMIT_TEXTS.invitationsReceived(7200);
    stubFetch({
      'GET /api/jobs/managed': () =>
        Response.json([{ ...job, counts: emptyCounts(), total: 0, newApplications: 0 }]),
      'GET /api/candidates/c1/invitations': () => Response.json([]),
      'POST /api/jobs/j1/invitations': () => tooMany(message),
    });
    renderRoutes(
      [
        {
          path: '/recruiter/candidates',
          element: (
            <InviteToApplyModal candidate={{ id: 'c1', name: 'Casey' }} onClose={() => {}} />
          ),
        },
      ],
      '/recruiter/candidates',
      { id: 'r1', name: 'Rita', email: 'r@x', role: 'recruiter' },
    );
    const select = await screen.findByPlaceholderText('Choose one of your open jobs');
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Platform Engineer' }));
    const note = screen.getByLabelText(/Message \(optional\)/);
    fireEvent.change(note, { target: { value: 'You would fit well.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect((screen.getByLabelText(/Message \(optional\)/) as HTMLTextAreaElement).value).toBe(
      'You would fit well.',
    );
  });

  it('Post Job shows how long to wait and keeps the form', async () => {
    const message = HIRING_LIMIT_TEXTS.jobs(1800);
    stubFetch({
      'GET /api/departments': () => Response.json([{ id: 'd1', name: 'Engineering' }]),
      'POST /api/jobs': () => tooMany(message),
    });
    // Post Job's own wiring (useCreateJob's error into the form), with the fields filled in.
    function PostJob() {
      const create = useCreateJob();
      return (
        <JobForm
          initial={{
            ...emptyJobForm(),
            title: 'Platform Engineer',
            department: 'Engineering',
            locations: ['Berlin'],
            country: 'DE',
            workplaceType: 'remote',
            jobType: 'full-time',
            experience: '3-5',
            description: 'Build things.',
          }}
          mode="new"
          pending={create.isPending}
          error={create.error}
          onSubmit={(input) => create.mutateAsync(input)}
        />
      );
    }
    renderRoutes([{ path: '/recruiter/post-job', element: <PostJob /> }], '/recruiter/post-job', {
      id: 'r1',
      name: 'Rita',
      email: 'r@x',
      role: 'recruiter',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Job' }));
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
    expect((screen.getByLabelText(/Job title/) as HTMLInputElement).value).toBe(
      'Platform Engineer',
    );
  });
});
