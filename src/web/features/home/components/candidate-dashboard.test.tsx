import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateDashboard } from './candidate-dashboard';

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
