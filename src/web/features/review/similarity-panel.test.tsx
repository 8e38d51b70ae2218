import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-routes';
import { screenWidth } from '../../test/screen-width';
import { SimilarityPanel } from './similarity-panel';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the similarity check in the reader language', () => {
  it('shows the flag, the matches and the table in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          status: 'done',
          threshold: 50,
          flagged: true,
          matches: [
            {
              assessmentId: 'a2',
              candidateName: 'Bruno Candidate',
              percent: 72,
              otherPercent: 40,
              otherRecruiter: true,
            },
          ],
        }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['review', 'common']);
    renderRoutes(
      [{ path: '/', element: <SimilarityPanel assessmentId="a1" headingOrder={2} /> }],
      '/',
    );

    expect(await screen.findByRole('heading', { name: 'Ähnlichkeit' })).toBeTruthy();
    // German percentages: a space before the sign.
    expect(
      await screen.findByText(/^Markiert: 72\s% stimmen mit einer anderen Abgabe überein$/),
    ).toBeTruthy();
    expect(screen.getByText(/^72\s% übereinstimmend$/)).toBeTruthy();
    expect(screen.getByText('Kandidat eines anderen Recruiters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nebeneinander vergleichen' })).toBeTruthy();
  });
});

describe('the similarity check at 375 px', () => {
  it('is a card per match: the name heads it, the share is labelled, Compare is on it', async () => {
    screenWidth('phone');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          status: 'done',
          threshold: 50,
          flagged: true,
          matches: [
            {
              assessmentId: 'a2',
              candidateName: 'Bruno Candidate',
              percent: 72,
              otherPercent: 40,
              otherRecruiter: false,
            },
          ],
        }),
      ),
    );
    renderRoutes(
      [{ path: '/', element: <SimilarityPanel assessmentId="a1" headingOrder={2} /> }],
      '/',
    );
    const list = await screen.findByRole('list', { name: 'Similar submissions' });
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('Bruno Candidate')).toBeTruthy();
    expect(within(card!).getByRole('term').textContent).toBe('Of this submission');
    expect(within(card!).getByText(/^72\s?% matched$/)).toBeTruthy();
    expect(within(card!).getByRole('button', { name: 'Compare side by side' })).toBeTruthy();
  });
});
