import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { renderRoutes } from '../../../test/render-routes';
import { AssessmentsScreen } from './assessments-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const candidate = {
  id: 'c1',
  name: 'Chloé Candidate',
  email: 'c@example.test',
  role: 'candidate' as const,
};

describe('Assessments in the reader language', () => {
  it('shows the filters, the card, its status and its due date in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([assessmentFixture()])),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['candidate-assessments']);
    renderRoutes(
      [{ path: '/assessments', element: <AssessmentsScreen /> }],
      '/assessments',
      candidate,
    );

    expect(await screen.findByRole('heading', { name: 'Backend Challenge' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Assessments' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Anstehend' })).toBeTruthy();
    // Status badge and the filter both say In Bearbeitung.
    expect(screen.getAllByText('In Bearbeitung').length).toBe(2);
    expect(screen.getByText('Unternehmen:')).toBeTruthy();
    // The due day in German: day before month.
    expect(screen.getByText('Fällig am 5. März 2026')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Fortschritt: 50 %' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Assessment fortsetzen/ })).toBeTruthy();
  });
});
