import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyCounts } from '../../../../domain/jobs';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { BrowseJobsScreen } from './browse-jobs-screen';
import { JobDetailScreen } from './job-detail-screen';
import { ListingsScreen } from './listings-screen';

/** The jobs screens in the reader's language: texts, plurals, dates and salaries (issue 20). */

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
  salaryMin: 50000,
  salaryMax: 70000,
  currency: 'EUR',
  showSalary: true,
  description: 'Build things.',
  openings: 2,
  closingDate: '2030-07-15',
  status: 'published',
  publishedAt: '2030-06-03T10:00:00.000Z',
  createdAt: '2030-06-01T10:00:00.000Z',
  updatedAt: '2030-06-03T10:00:00.000Z',
};

function stubFetch(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const answer = answers[`${init?.method ?? 'GET'} ${path.split('?')[0]}`];
      return answer ? answer() : new Response('{}', { status: 404 });
    }),
  );
}

// The growing text boxes listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const recruiter = { id: 'r1', name: 'Rita', email: 'r@x', role: 'recruiter' as const };
const candidate = { id: 'c1', name: 'Casey', email: 'c@x', role: 'candidate' as const };

describe('jobs screens in German', () => {
  it('My Listings: heading, status, plural counts, stages, German dates and euros', async () => {
    stubFetch({
      'GET /api/jobs/managed': () =>
        Response.json([
          {
            ...job,
            counts: { ...emptyCounts(), applied: 2, screening: 1 },
            total: 3,
            newApplications: 1,
          },
        ]),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['jobs']);
    renderRoutes(
      [{ path: '/recruiter/job-listings', element: <ListingsScreen /> }],
      '/recruiter/job-listings',
      recruiter,
    );

    expect(await screen.findByRole('heading', { name: 'Meine Stellen' })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Platform Engineer' });
    expect(within(card).getByText('Veröffentlicht')).toBeTruthy();
    expect(within(card).getByText('1 neu')).toBeTruthy();
    expect(within(card).getByText('Beworben: 2')).toBeTruthy();
    expect(within(card).getByText('Vorauswahl: 1')).toBeTruthy();
    // "3 Bewerbungen · Veröffentlicht am 3. Juni 2030 · Endet am 15. Juli 2030"
    expect(within(card).getByText(/3 Bewerbungen · Veröffentlicht am 3\. Juni 2030/)).toBeTruthy();
    expect(within(card).getByText(/Endet am 15\. Juli 2030/)).toBeTruthy();
    expect(within(card).getByText(/Remote · Vollzeit · 3-5 Jahre/)).toBeTruthy();
    expect(within(card).getByText(/^· 50\.000\s€ – 70\.000\s€$/)).toBeTruthy();
    expect(document.title).toContain('Meine Stellen');

    fireEvent.click(within(card).getByRole('button', { name: 'Aktionen: Platform Engineer' }));
    expect(await screen.findByRole('menuitem', { name: 'Bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Schließen' })).toBeTruthy();
  });

  it('Browse Jobs and a job: filters, cards and the application form', async () => {
    stubFetch({
      'GET /api/jobs': () =>
        Response.json({
          items: [{ ...job, excerpt: 'Build things.', applied: true }],
          nextCursor: null,
        }),
      'GET /api/departments/active': () => Response.json([]),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['jobs']);
    renderRoutes(
      [{ path: '/candidate/jobs', element: <BrowseJobsScreen /> }],
      '/candidate/jobs',
      candidate,
    );

    expect(await screen.findByRole('heading', { name: 'Stellen durchsuchen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter zurücksetzen' })).toBeTruthy();
    expect(screen.getByLabelText('Mindestgehalt')).toBeTruthy();
    expect(await screen.findByText(/veröffentlicht am 3\. Juni 2030/)).toBeTruthy();
    expect(screen.getByText('Beworben')).toBeTruthy();
  });

  it('a job a candidate opens: openings, closing date and Apply in German', async () => {
    stubFetch({
      'GET /api/jobs/j1': () => Response.json({ ...job, myApplication: null, canApply: true }),
      'GET /api/invitations/mine': () => Response.json([]),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['jobs', 'messages']);
    renderRoutes(
      [{ path: '/candidate/jobs/:jobId', element: <JobDetailScreen /> }],
      '/candidate/jobs/j1',
      candidate,
    );
    expect(await screen.findByText(/2 offene Stellen · endet am 15\. Juli 2030/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bewerbung absenden' }));
    // The shared rule's English message, shown in German.
    expect(await screen.findByText('Bitte schreiben Sie ein Anschreiben')).toBeTruthy();
  });
});
