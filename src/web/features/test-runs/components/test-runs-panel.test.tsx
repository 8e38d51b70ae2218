import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestRun } from '../../../../domain/test-runs';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { TestRunsPanel } from './test-runs-panel';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const run = (over: Partial<TestRun>): TestRun => ({
  id: 'r1',
  assessmentId: 'a1',
  requestedById: 'c1',
  requestedByName: 'Chloé',
  trigger: 'reviewer',
  includeHidden: true,
  status: 'failed',
  passed: 2,
  failed: 1,
  skipped: 0,
  failures: [{ name: 'rejects short passwords', message: 'expected 400' }],
  output: '',
  durationMs: 1500,
  createdAt: '2026-03-05T10:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  ...over,
});

describe('Run Tests in the reader language', () => {
  it('shows the runs, their counts, status, trigger and date in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          runnable: true,
          reason: null,
          runs: [
            run({
              failures: [
                { name: 'rejects short passwords', message: 'expected 400' },
                {
                  name: 'hidden tests',
                  message: "1 of the template's 3 tests reported no result.",
                },
              ],
            }),
            run({ id: 'r2', status: 'passed', passed: 3, failed: 0 }),
          ],
        }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['test-runs', 'messages']);
    renderRoutes(
      [{ path: '/', element: <TestRunsPanel assessmentId="a1" canRun reviewer /> }],
      '/',
    );

    expect(
      await screen.findByRole('button', { name: 'Tests ausführen (mit verborgenen Tests)' }),
    ).toBeTruthy();
    expect(screen.getByTestId('runnable-badge').textContent).toBe('Tests ausführbar');
    expect(screen.getAllByTestId('run-status')[0]?.textContent).toBe('Fehlgeschlagen');
    expect(screen.getAllByTestId('run-counts')[0]?.textContent).toBe(
      '2 bestanden, 1 fehlgeschlagen',
    );
    // Trigger, German date and duration ("1,5 Sek.").
    expect(
      screen.getAllByText(/Prüfer \(mit verborgenen Tests\) · 5\. März 2026.* · 1,5 Sek\./).length,
    ).toBe(2);
    expect(screen.getByText('Früherer Lauf (1)')).toBeTruthy();
    // The platform's own note on a failure in German; the test's assertion text as it came.
    expect(
      screen.getByText('1 der 3 Tests der Vorlage haben kein Ergebnis gemeldet.'),
    ).toBeTruthy();
    expect(screen.getAllByText('expected 400').length).toBeGreaterThan(0);
  });
});
