import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateInterview } from '../../../../domain/interviews';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateUpcomingInterviews } from './upcoming-interviews';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const interview = (over: Partial<CandidateInterview>): CandidateInterview => ({
  id: 'i1',
  applicationId: 'p1',
  jobId: 'j1',
  jobTitle: 'Backend Engineer',
  companyName: 'Acme',
  status: 'scheduled',
  slots: [],
  scheduled: null,
  interviewerNames: ['Rita Recruiter'],
  pad: null,
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...over,
});

const candidate = {
  id: 'c1',
  name: 'Chloé',
  email: 'chloe@example.test',
  role: 'candidate' as const,
};

describe('the upcoming interviews in the reader language', () => {
  it('shows the time, its zone and what waits in German', async () => {
    const slot = {
      // Far ahead, so the interview is still to come whenever the test runs.
      startsAt: '2099-06-02T13:30:00.000Z',
      durationMinutes: 45,
      timeZone: 'Pacific/Kiritimati',
      location: 'Room 4',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          interview({ scheduled: slot }),
          interview({
            id: 'i2',
            status: 'proposed',
            slots: [{ ...slot, id: 's1', status: 'open' }],
          }),
          interview({
            id: 'i3',
            status: 'proposed',
            slots: [{ ...slot, id: 's2', status: 'open' }],
          }),
        ]),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'common']);
    renderRoutes([{ path: '/', element: <CandidateUpcomingInterviews /> }], '/', candidate);

    expect(
      await screen.findByRole('heading', { name: 'Anstehende Vorstellungsgespräche' }),
    ).toBeTruthy();
    // The zone it was set in (13:30 UTC is 03:30 next day there), German weekday and month.
    expect(screen.getByText(/Mi\., 3\. Juni 2099, 03:30 .* in Pacific\/Kiritimati/)).toBeTruthy();
    expect(screen.getByText(/· 45 Min\./)).toBeTruthy();
    expect(
      screen.getByText('Für 2 Vorstellungsgespräche müssen Sie noch einen Termin wählen:', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Meine Bewerbungen' })).toBeTruthy();
  });
});
