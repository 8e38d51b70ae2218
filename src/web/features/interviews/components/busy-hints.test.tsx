import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CandidateInterview, SlotInput } from '../../../../domain/interviews';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { BusyHint, useSlotClashes } from './busy-hints';
import { CandidateInterviewPanel } from './candidate-interview';

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
const candidate = { id: 'c1', name: 'Chloé', email: 'c@example.test', role: 'candidate' as const };

function Probe({ slots, ids }: { slots: SlotInput[]; ids: string[] }) {
  const clashes = useSlotClashes(slots, ids);
  return (
    <>
      {clashes.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one row per slot, in order
        <BusyHint key={i} clashes={c} />
      ))}
    </>
  );
}

const slot = (time: string): SlotInput => ({
  date: '2099-06-02',
  time,
  durationMinutes: 45,
  timeZone: 'Europe/Berlin',
  location: 'Room 4',
});

describe('an interviewer’s clash while the recruiter chooses times', () => {
  it('warns under the overlapping time only, in German', async () => {
    const fetch = vi.fn(async (url: string) => {
      expect(url).toContain('/api/interviews/busy?userIds=b1');
      // Bob is booked 15:30–16:30 Berlin time (13:30 UTC in summer).
      return Response.json([
        { userId: 'b1', name: 'Bob', startsAt: '2099-06-02T13:30:00.000Z', durationMinutes: 60 },
      ]);
    });
    vi.stubGlobal('fetch', fetch);
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['messages', 'interviews', 'common']);
    renderRoutes(
      [{ path: '/', element: <Probe slots={[slot('10:00'), slot('16:00')]} ids={['b1']} /> }],
      '/',
      recruiter,
    );
    const hints = await screen.findAllByTestId('busy-hint');
    expect(hints.map((h) => h.textContent)).toEqual([
      'Bob hat am 2099-06-02 15:30–16:30 (Europe/Berlin) bereits ein Vorstellungsgespräch',
    ]);
  });
});

describe('a time taken since it was proposed', () => {
  it('tells the candidate and stops offering it', async () => {
    const interview: CandidateInterview = {
      id: 'i1',
      applicationId: 'p1',
      jobId: 'j1',
      jobTitle: 'Backend Engineer',
      companyName: 'Acme',
      status: 'proposed',
      slots: [
        {
          id: 's1',
          startsAt: '2099-06-02T08:00:00.000Z',
          durationMinutes: 45,
          timeZone: 'UTC',
          location: 'Room',
          status: 'open',
        },
        {
          id: 's2',
          startsAt: '2099-06-03T08:00:00.000Z',
          durationMinutes: 45,
          timeZone: 'UTC',
          location: 'Room',
          status: 'open',
        },
      ],
      scheduled: null,
      interviewerNames: ['Bob'],
      pad: null,
      updatedAt: '2026-03-01T09:00:00.000Z',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json(
              { message: 'This time is no longer available; pick one of the other times' },
              { status: 409 },
            )
          : Response.json(url.endsWith('/api/interviews/mine') ? [interview] : []),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['messages', 'interviews', 'common']);
    renderRoutes(
      [{ path: '/', element: <CandidateInterviewPanel applicationId="p1" /> }],
      '/',
      candidate,
    );
    const buttons = await screen.findAllByRole('button', { name: 'Diesen Termin wählen' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    expect(
      await screen.findByText(
        'Dieser Termin ist nicht mehr verfügbar; wählen Sie einen der anderen Termine',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Nicht mehr verfügbar')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Diesen Termin wählen' })).toHaveLength(1);
  });
});
