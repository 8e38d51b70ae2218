import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateInterview, Interview } from '../../../../domain/interviews';
import type { ApplicationPad } from '../../../../domain/pads';
import { i18n } from '../../../lib/i18n';
import { useRealtimeUpdates } from '../../../lib/realtime';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateUpcomingInterviews, RecruiterUpcomingInterviews } from '../../interviews';
import { AdHocPads } from './ad-hoc-pads';
import { InterviewPadScreen } from './interview-pad-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const candidate = { id: 'c1', name: 'Casey', email: 'c@example.test', role: 'candidate' as const };
const recruiter = { id: 'r1', name: 'Rita', email: 'r@example.test', role: 'recruiter' as const };

/** Under way today (begun at most 5 minutes ago, so still to come and on today's list). */
const soon = () => ({
  startsAt: new Date(Math.max(Date.now() - 300_000, new Date().setHours(0, 0, 0, 0))).toISOString(),
  durationMinutes: 45,
  timeZone: 'UTC',
  location: 'Room 4',
});

const candidateInterview = (over: Partial<CandidateInterview>): CandidateInterview => ({
  id: 'i1',
  applicationId: 'p1',
  jobId: 'j1',
  jobTitle: 'Backend Engineer',
  companyName: 'Acme',
  status: 'scheduled',
  slots: [],
  scheduled: soon(),
  interviewerNames: ['Rita'],
  pad: null,
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...over,
});

const teamInterview = (over: Partial<Interview>): Interview => ({
  id: 'i1',
  applicationId: 'p1',
  jobId: 'j1',
  jobTitle: 'Backend Engineer',
  candidateId: 'c1',
  candidateName: 'Casey',
  recruiterId: 'r1',
  status: 'scheduled',
  slots: [],
  scheduled: soon(),
  interviewers: [{ id: 'r1', name: 'Rita' }],
  criteria: [],
  scorecards: [],
  responses: [],
  sequence: 0,
  pad: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  ...over,
});

const answer = (body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );

describe('the ways into a pad, in German', () => {
  it('the candidate’s upcoming interview shows Pad beitreten once the pad is open, not before', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'pad-sessions']);
    answer([
      candidateInterview({ pad: { id: 'pad1', status: 'open' } }),
      candidateInterview({ id: 'i2', jobTitle: 'Data Engineer' }),
      candidateInterview({
        id: 'i3',
        jobTitle: 'Ended Role',
        pad: { id: 'pad3', status: 'ended' },
      }),
    ]);
    renderRoutes([{ path: '/', element: <CandidateUpcomingInterviews /> }], '/', candidate);
    const join = await screen.findAllByRole('link', { name: 'Pad beitreten' });
    expect(join.map((a) => a.getAttribute('href'))).toEqual(['/pads/pad1']);
  });

  it('the interviewer’s dashboard: Pad starten on today’s interview, Pad öffnen once started', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['interviews', 'pad-sessions', 'pads']);
    answer([
      teamInterview({ candidateName: 'Casey' }),
      teamInterview({ id: 'i2', candidateName: 'Priya', pad: { id: 'pad2', status: 'open' } }),
      teamInterview({
        id: 'i3',
        candidateName: 'Later',
        scheduled: { ...soon(), startsAt: '2099-01-01T10:00:00.000Z' },
      }),
    ]);
    renderRoutes([{ path: '/', element: <RecruiterUpcomingInterviews /> }], '/', recruiter);
    const rows = await screen.findAllByTestId('team-interview');
    const buttonsOf = (row: HTMLElement) =>
      [...row.querySelectorAll('a, button')].map((b) => b.textContent);
    expect(buttonsOf(rows[0]!)).toContain('Pad starten');
    expect(buttonsOf(rows[1]!)).toContain('Pad öffnen');
    expect(buttonsOf(rows[1]!)).not.toContain('Pad starten');
    expect(buttonsOf(rows[2]!)).not.toContain('Pad starten');
  });

  it('the mail’s link waits while no pad is started, then opens the pad', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['pad-sessions']);
    answer({ interviewId: 'i1', pad: null });
    renderRoutes(
      [
        { path: '/interviews/:interviewId/pad', element: <InterviewPadScreen /> },
        { path: '/pads/:padId', element: <p>the pad</p> },
      ],
      '/interviews/i1/pad',
      candidate,
    );
    expect(await screen.findByText('Das Pad wurde noch nicht gestartet')).toBeTruthy();
    cleanup();
    answer({ interviewId: 'i1', pad: { id: 'pad1', status: 'open' } });
    renderRoutes(
      [
        { path: '/interviews/:interviewId/pad', element: <InterviewPadScreen /> },
        { path: '/pads/:padId', element: <p>the pad</p> },
      ],
      '/interviews/i1/pad',
      candidate,
    );
    expect(await screen.findByText('the pad')).toBeTruthy();
  });
});

describe('an ad hoc pad reaches the candidate live', () => {
  it('New pad on their application shows Pad beitreten without a reload', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['pad-sessions']);
    let pads: ApplicationPad[] = [];
    const fetched = vi.fn(async (url: string) =>
      Response.json(String(url).endsWith('/api/applications/p1/pads') ? pads : []),
    );
    vi.stubGlobal('fetch', fetched);
    // The events socket: the test speaks for the server.
    const sockets: { onmessage?: (message: { data: string }) => void }[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        onmessage?: (message: { data: string }) => void;
        constructor() {
          sockets.push(this);
        }
        close() {}
      },
    );
    function MyApplication() {
      useRealtimeUpdates();
      return <AdHocPads applicationId="p1" team={false} />;
    }
    renderRoutes([{ path: '/', element: <MyApplication /> }], '/', candidate);
    await waitFor(() => expect(fetched).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Pad beitreten' })).toBeNull();

    // The recruiter starts a pad on the application: the server says so.
    pads = [
      {
        id: 'pad9',
        interviewId: null,
        language: 'python',
        status: 'open',
        createdAt: '2026-03-01T09:00:00.000Z',
        endedAt: null,
      },
    ];
    act(() =>
      sockets[0]!.onmessage!({
        data: JSON.stringify({ type: 'applicationPads.changed', applicationId: 'p1' }),
      }),
    );
    const join = await screen.findByRole('link', { name: 'Pad beitreten' });
    expect(join.getAttribute('href')).toBe('/pads/pad9');
  });
});
