import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '../../../../domain/analytics';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { AnalyticsScreen } from './analytics-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** /admin/analytics with the figures refused (only the filters matter here). */
function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/analytics/options'
        ? Response.json({ jobs: [], recruiters: [] })
        : Response.json({ message: 'Not now' }, { status: 403 }),
    ),
  );
  return renderRoutes(
    [{ path: '/admin/analytics', element: <AnalyticsScreen admin /> }],
    '/admin/analytics',
    { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
  );
}

describe('the analytics filters', () => {
  it('keep both dates when To and From change one right after the other', async () => {
    const { router } = setup();
    const to = await screen.findByLabelText('To');
    const from = screen.getByLabelText('From');
    // Both before the screen renders again (as in a busy browser): one act for the two.
    act(() => {
      fireEvent.change(to, { target: { value: '2020-01-31' } });
      fireEvent.change(from, { target: { value: '2020-01-01' } });
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2020-01-01&to=2020-01-31'),
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2020-01-31');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2020-01-01');
  });

  it('lets a cleared date go back to the default', async () => {
    const { router } = setup();
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '2021-03-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2021-03-01'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

const figures: Analytics = {
  range: { from: '2026-03-01', to: '2026-03-31', interval: 'day' },
  scope: { jobId: null, recruiterId: null },
  totals: { applications: 1250, hired: 3, openJobs: 4 },
  funnel: [
    { stage: 'applied', reached: 1250, current: 900, passRate: 0.284 },
    { stage: 'screening', reached: 355, current: 200, passRate: 0.5 },
    { stage: 'assessment', reached: 155, current: 100, passRate: 0.3 },
    { stage: 'interview', reached: 55, current: 40, passRate: 0.2 },
    { stage: 'offer', reached: 11, current: 8, passRate: 0.27 },
    { stage: 'hired', reached: 3, current: 3, passRate: null },
    { stage: 'rejected', reached: 5, current: 5, passRate: null },
    { stage: 'withdrawn', reached: 2, current: 2, passRate: null },
  ],
  timeToHire: { medianDays: 18.666, hires: 3 },
  timeInStage: [{ stage: 'screening', medianDays: 2.5, moves: 155 }],
  applicationsOverTime: [{ period: '2026-03-05', applications: 1250 }],
  assessments: {
    assigned: 10,
    submitted: 7,
    scored: 5,
    completionRate: 0.7,
    reviewTurnaroundHours: 6,
  },
  scoreDistribution: [{ label: '80–89', min: 80, max: 89, count: 5 }],
};

describe('analytics in German', () => {
  it('shows the figures, charts tables and dates in German formats', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/analytics/options'
          ? Response.json({ jobs: [], recruiters: [] })
          : Response.json(figures),
      ),
    );
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/admin/analytics', element: <AnalyticsScreen admin /> }],
      '/admin/analytics',
      { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertungen' })).toBeTruthy();
    expect(
      await screen.findByText(/^1\. März 2026 – 31\. März 2026 \(UTC\), pro Tag/),
    ).toBeTruthy();
    // German grouping, decimal comma, percent with a space, units in German.
    expect(screen.getAllByText('1.250').length).toBeGreaterThan(0);
    expect(screen.getByText('18,7 Tage')).toBeTruthy();
    expect(screen.getAllByText('70 %').length).toBeGreaterThan(0);
    expect(screen.getByText('6 Stunden')).toBeTruthy();
    expect(screen.getByText('7 von 10 eingereicht')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Trichter nach Phase' })).toBeTruthy();
    expect(screen.getAllByText('Vorauswahl').length).toBeGreaterThan(0);
    expect(screen.getByText('Abgelehnt: 5 · Zurückgezogen: 2')).toBeTruthy();
    expect(screen.getAllByText('5. März 2026').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Tabelle anzeigen' }).length).toBe(4);
    expect(screen.getByRole('link', { name: 'Stellenverwaltung' }).getAttribute('href')).toBe(
      '/admin/jobs',
    );
  });
});
