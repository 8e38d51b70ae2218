import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ManagedJob, STAGES } from '../../../../domain/jobs';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { screenWidth } from '../../../test/screen-width';
import { AdminJobsScreen } from './admin-jobs-screen';
import { EditJobScreen } from './edit-job-screen';
import { ListingsScreen } from './listings-screen';

// A published job posted before the form asked for a country: Google refuses its JobPosting.
// Manage Jobs and My Listings mark it and lead to its edit form, on the country field.

// The form's growing text boxes listen for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' as const };
const rita = { id: 'r1', name: 'Rita', email: 'rita@example.test', role: 'recruiter' as const };

const base: ManagedJob = {
  id: 'j1',
  recruiterId: 'r1',
  recruiterName: 'Rita Recruiter',
  companyName: 'Northwind',
  title: 'Old Platform Engineer',
  department: 'Engineering',
  departmentId: 'd1',
  locations: ['Berlin'],
  country: null,
  workplaceType: 'on-site',
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
  publishedAt: '2026-01-05T12:00:00.000Z',
  createdAt: '2026-01-05T12:00:00.000Z',
  updatedAt: '2026-01-05T12:00:00.000Z',
  counts: Object.fromEntries(STAGES.map((s) => [s, 0])) as ManagedJob['counts'],
  total: 0,
  newApplications: 0,
};
const jobs: ManagedJob[] = [
  base,
  { ...base, id: 'j2', title: 'New Platform Engineer', country: 'DE' },
  // A draft is on no careers page yet: the form asks for the country when it is published.
  { ...base, id: 'j3', title: 'Draft Engineer', status: 'draft', publishedAt: null },
];

function stubFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/jobs/managed') return Response.json(jobs);
      if (path === '/api/jobs/j1')
        return Response.json({ ...base, myApplication: null, canApply: false });
      if (path.startsWith('/api/departments'))
        return Response.json([{ id: 'd1', name: 'Engineering' }]);
      return Response.json([]);
    }),
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a published job without a country', () => {
  it('is marked on Manage Jobs, as a card at 375 px, with a link to its edit form', async () => {
    screenWidth('phone');
    stubFetch();
    await i18n.loadNamespaces(['jobs', 'common']);
    renderRoutes([{ path: '/admin/jobs', element: <AdminJobsScreen /> }], '/admin/jobs', admin);
    const list = await screen.findByRole('list', { name: 'Jobs' });
    const [old, fine, draft] = within(list).getAllByRole('listitem');
    expect(within(old!).getByText('⚠ No country: search engines skip this job')).toBeTruthy();
    const fix = within(old!).getByRole('link', {
      name: 'Add the country to Old Platform Engineer',
    });
    expect(fix.getAttribute('href')).toBe('/admin/jobs/j1/edit?focus=country');
    for (const card of [fine!, draft!]) {
      expect(within(card).queryByText(/No country/)).toBeNull();
      expect(within(card).queryByRole('link', { name: /Add the country/ })).toBeNull();
    }
  });

  it('is marked in German on the wide table and on My Listings', async () => {
    screenWidth('wide');
    stubFetch();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['jobs', 'common']);
    renderRoutes([{ path: '/admin/jobs', element: <AdminJobsScreen /> }], '/admin/jobs', admin);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText(/Kein Land/)).toHaveLength(1);
    expect(
      within(table).getByRole('link', { name: 'Land für Old Platform Engineer ergänzen' }),
    ).toBeTruthy();
    cleanup();

    renderRoutes(
      [{ path: '/recruiter/job-listings', element: <ListingsScreen /> }],
      '/recruiter/job-listings',
      rita,
    );
    const card = await screen.findByRole('article', { name: 'Old Platform Engineer' });
    expect(
      within(card).getByText('⚠ Kein Land: Suchmaschinen übergehen diese Stelle'),
    ).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: 'Land für Old Platform Engineer ergänzen' })
        .getAttribute('href'),
    ).toBe('/recruiter/job-listings/j1/edit?focus=country');
    expect(
      within(screen.getByRole('article', { name: 'New Platform Engineer' })).queryByText(
        /Kein Land/,
      ),
    ).toBeNull();
  });

  // The whole job form (Markdown editor included) on a loaded machine: a wait, not a time limit.
  it('leads an admin to the edit form with the country field focused', {
    timeout: 60_000,
  }, async () => {
    screenWidth('wide');
    stubFetch();
    await i18n.loadNamespaces(['jobs', 'common']);
    renderRoutes(
      [{ path: '/admin/jobs/:jobId/edit', element: <EditJobScreen admin /> }],
      '/admin/jobs/j1/edit?focus=country',
      admin,
    );
    const country = await screen.findByLabelText(
      /^Country/,
      { selector: 'input' },
      { timeout: 45_000 },
    );
    await waitFor(() => expect(document.activeElement).toBe(country));
    expect(screen.getByRole('link', { name: '← Back to the pipeline' }).getAttribute('href')).toBe(
      '/admin/jobs/j1',
    );
  });
});
