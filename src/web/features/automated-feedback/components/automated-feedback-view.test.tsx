import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { AutomatedFeedbackView } from './automated-feedback-view';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Automated feedback in the reader language', () => {
  it('shows the outcome, the pass rate as a German percentage, the failures and the note in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          feedback: {
            detail: 'standard',
            runId: 'r1',
            runStatus: 'failed',
            includeHidden: true,
            finishedAt: '2026-03-05T10:00:00.000Z',
            outcome: 'failed',
            passed: 2,
            failed: 1,
            passRate: 67,
            failures: [{ name: 'rejects short passwords' }],
            moreFailures: 2,
          },
          note: 'This assessment has hidden tests, so only the result and the pass rate are shared.',
        }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['automated-feedback', 'messages']);
    renderRoutes([{ path: '/', element: <AutomatedFeedbackView assessmentId="a1" /> }], '/');

    expect(await screen.findByText('Einige Tests fehlgeschlagen')).toBeTruthy();
    // German percent: a space before the sign.
    expect(screen.getByTestId('feedback-pass-rate').textContent).toMatch(/^Erfolgsquote 67\s%$/);
    expect(screen.getByText('2 bestanden, 1 fehlgeschlagen')).toBeTruthy();
    expect(screen.getByText('und 2 weitere')).toBeTruthy();
    expect(
      screen.getByText(
        'Detailgrad: Standard. Aus dem neuesten abgeschlossenen Testlauf (mit den verborgenen Tests).',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('feedback-note').textContent).toBe(
      'Dieses Assessment hat verborgene Tests; daher werden nur das Ergebnis und die Erfolgsquote geteilt.',
    );
  });
});
