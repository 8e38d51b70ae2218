import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Interview } from '../../../../domain/interviews';
import type { ApplicationDetail } from '../../../../domain/jobs';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { ApplicationInterviews } from './application-interviews';
import { InterviewBadge } from './interview-badge';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const recruiter = {
  id: 'r1',
  name: 'Rita',
  email: 'rita@example.test',
  role: 'recruiter' as const,
};

const interview: Interview = {
  id: 'i1',
  applicationId: 'p1',
  jobId: 'j1',
  jobTitle: 'Backend Engineer',
  candidateId: 'c1',
  candidateName: 'Casey',
  recruiterId: 'r1',
  status: 'scheduled',
  slots: [],
  scheduled: {
    startsAt: '2099-06-02T08:00:00.000Z',
    durationMinutes: 45,
    timeZone: 'UTC',
    location: 'Room 4',
  },
  interviewers: [
    { id: 'b1', name: 'Bob' },
    { id: 'd1', name: 'Dora' },
  ],
  criteria: [],
  scorecards: [],
  responses: [
    { userId: 'c1', name: 'Casey', response: 'declined', respondedAt: '2026-01-01T00:00:00.000Z' },
    { userId: 'b1', name: 'Bob', response: 'accepted', respondedAt: '2026-01-01T00:00:00.000Z' },
  ],
  sequence: 0,
  pad: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/interviews')) return Response.json([interview]);
      if (url.includes('/scorecard-criteria')) return Response.json({ jobId: 'j1', criteria: [] });
      return Response.json([]);
    }),
  );
}

describe('participants’ calendar answers', () => {
  it('shows each answer and the candidate’s decline on the application, in German', async () => {
    stubApi();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'messages', 'common']);
    const app = { id: 'p1', jobId: 'j1', stage: 'interview' } as ApplicationDetail;
    renderRoutes([{ path: '/', element: <ApplicationInterviews app={app} /> }], '/', recruiter);
    expect(await screen.findByText('Casey hat die Einladung im Kalender abgesagt')).toBeTruthy();
    expect(screen.getByText('Casey: Abgesagt')).toBeTruthy();
    expect(screen.getByText('Bob: Zugesagt')).toBeTruthy();
    expect(screen.getByText('Dora: Noch keine Antwort')).toBeTruthy();
  });

  it('marks the pipeline badge when the candidate declined', async () => {
    stubApi();
    renderRoutes(
      [{ path: '/', element: <InterviewBadge jobId="j1" applicationId="p1" /> }],
      '/',
      recruiter,
    );
    expect(await screen.findByText('Candidate declined')).toBeTruthy();
  });
});
