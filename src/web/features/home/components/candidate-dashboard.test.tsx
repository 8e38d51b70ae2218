import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient as appQueryClient } from '../../../app/query-client';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateDashboard, prefetchCandidateDashboard } from './candidate-dashboard';

/** The candidate's dashboard in the reader's language (issue 20). */

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const candidate = { id: 'c1', name: 'Chloé', email: 'c@x', role: 'candidate' as const };

describe('the candidate dashboard in German', () => {
  it('welcomes by name and says there are no assessments yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/assessments')
          ? Response.json([])
          : new Response('{}', { status: 404 }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['dashboards']);
    renderRoutes(
      [{ path: '/candidate', element: <CandidateDashboard /> }],
      '/candidate',
      candidate,
    );

    expect(
      await screen.findByRole('heading', { name: 'Willkommen, Chloé', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('Ihre Assessments und die nächsten Schritte.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ihre Assessments' })).toBeTruthy();
    expect(await screen.findByText('Sie haben noch keine Assessments.')).toBeTruthy();
    expect(document.title).toContain('Willkommen, Chloé');
  });
});

describe('the candidate dashboard opened by address', () => {
  const stubApi = () => {
    const fetch = vi.fn(async (path: string) =>
      path === '/api/profile' ? new Response('{}', { status: 404 }) : Response.json([]),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };
  const asked = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.map(([path]) => path);

  it("asks for its cards' data as soon as the session names a candidate", async () => {
    const fetch = stubApi();
    appQueryClient.setQueryData(['auth', 'session'], { ...candidate, image: null });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });

    await prefetchCandidateDashboard(client);

    expect(asked(fetch).sort()).toEqual([
      '/api/assessments',
      '/api/interviews/mine',
      '/api/profile',
    ]);
    expect(client.getQueryData(['assessments', 'list', 'all'])).toEqual([]);
    appQueryClient.clear();
  });

  it('asks for nothing when someone else is signed in', async () => {
    const fetch = stubApi();
    appQueryClient.setQueryData(['auth', 'session'], { ...candidate, role: 'recruiter' });

    await prefetchCandidateDashboard(new QueryClient());

    expect(asked(fetch)).toEqual([]);
    appQueryClient.clear();
  });
});
