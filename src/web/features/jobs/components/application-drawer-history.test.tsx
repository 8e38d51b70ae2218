import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../../../domain/jobs';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { screenWidth } from '../../../test/screen-width';
import { ApplicationDrawer } from './application-drawer';

// The notes' growing text box listens for web fonts loading; happy-dom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// The stage history at the foot of the pipeline's drawer: one card per move on a phone
// (from, to, who, when all on screen), a table of those four columns on a wide screen.

const rita = {
  id: 'r1',
  name: 'Rita Recruiter',
  email: 'rita@example.test',
  role: 'recruiter',
} as const;

// Noon UTC: the same calendar day in every time zone the tests may run in.
const app: ApplicationDetail = {
  id: 'a1',
  jobId: 'j1',
  jobTitle: 'Platform Engineer',
  jobStatus: 'published',
  companyName: 'Northwind',
  recruiterId: 'r1',
  recruiterName: 'Rita Recruiter',
  candidateId: 'c1',
  candidateName: 'Priya Patel',
  candidateEmail: 'priya@example.test',
  stage: 'rejected',
  coverLetter: 'Hello.',
  hasResume: false,
  resumeName: null,
  resumeTextStatus: null,
  rejectionReason: 'Went with someone closer to the team',
  seen: true,
  assessment: null,
  createdAt: '2026-03-02T12:00:00.000Z',
  updatedAt: '2026-03-09T12:00:00.000Z',
  notes: [],
  history: [
    {
      id: 'e1',
      fromStage: null,
      toStage: 'applied',
      actorId: 'c1',
      actorName: 'Priya Patel',
      reason: null,
      at: '2026-03-02T12:00:00.000Z',
    },
    {
      id: 'e2',
      fromStage: 'applied',
      toStage: 'screening',
      actorId: 'r1',
      actorName: 'Rita Recruiter',
      reason: null,
      at: '2026-03-05T12:00:00.000Z',
    },
    {
      id: 'e3',
      fromStage: 'screening',
      toStage: 'rejected',
      actorId: 'r1',
      actorName: 'Rita Recruiter',
      reason: 'Went with someone closer to the team',
      at: '2026-03-09T12:00:00.000Z',
    },
  ],
};

/** Its first render in a worker loads the drawer's modules: a wait, not a time limit. */
const LOADED = { timeout: 10_000 };

async function show() {
  await i18n.loadNamespaces(['jobs', 'common', 'interviews']);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/applications/a1') return Response.json(app);
      if (path === '/api/applications/a1/interviews') return Response.json([]);
      return new Response('{}', { status: 404 });
    }),
  );
  renderRoutes(
    [
      {
        path: '/recruiter/job-listings/j1',
        element: <ApplicationDrawer applicationId="a1" onClose={() => {}} onMove={() => {}} />,
      },
    ],
    '/recruiter/job-listings/j1',
    rita,
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe("the application drawer's stage history", () => {
  it('is a card per stage change at 375 px: when as its title, who, from and to labelled', async () => {
    screenWidth('phone');
    await show();
    const history = await screen.findByRole('list', { name: 'Stage history' }, LOADED);
    expect(screen.queryByRole('table', { name: 'Stage history' })).toBeNull();
    const cards = within(history).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    const field = (card: HTMLElement, label: string) =>
      within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(
      cards.map((card) =>
        within(card)
          .getAllByRole('term')
          .map((t) => t.textContent),
      ),
    ).toEqual([
      ['Who', 'From', 'To'],
      ['Who', 'From', 'To'],
      ['Who', 'From', 'To'],
    ]);
    expect(cards[0]!.textContent).toMatch(/Mar 2, 2026/);
    expect(field(cards[0]!, 'Who')).toBe('Priya Patel');
    expect(field(cards[0]!, 'From')).toBe('—');
    expect(field(cards[0]!, 'To')).toBe('Applied');

    expect(cards[1]!.textContent).toMatch(/Mar 5, 2026/);
    expect(field(cards[1]!, 'Who')).toBe('Rita Recruiter');
    expect(field(cards[1]!, 'From')).toBe('Applied');
    expect(field(cards[1]!, 'To')).toBe('Screening');

    expect(cards[2]!.textContent).toMatch(/Mar 9, 2026/);
    expect(field(cards[2]!, 'From')).toBe('Screening');
    // The reason stays with the move it explains.
    expect(field(cards[2]!, 'To')).toBe('RejectedWent with someone closer to the team');
  });

  it('is a table of when, who, from and to on a wide screen', async () => {
    screenWidth('wide');
    await show();
    const table = await screen.findByRole('table', { name: 'Stage history' }, LOADED);
    expect(screen.queryByRole('list', { name: 'Stage history' })).toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'From', 'To']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell'));
    expect(rows).toHaveLength(3);
    expect(rows[1]![0]!.textContent).toMatch(/Mar 5, 2026/);
    expect(rows[1]!.slice(1).map((c) => c.textContent)).toEqual([
      'Rita Recruiter',
      'Applied',
      'Screening',
    ]);
    expect(rows[0]!.slice(1).map((c) => c.textContent)).toEqual(['Priya Patel', '—', 'Applied']);
    expect(rows[2]![3]!.textContent).toBe('RejectedWent with someone closer to the team');
  });

  it('speaks the reader language: German headings and stage names', async () => {
    screenWidth('wide');
    await i18n.changeLanguage('de');
    await show();
    const table = await screen.findByRole('table', { name: 'Phasenverlauf' }, LOADED);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Wann', 'Wer', 'Von', 'Nach']);
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getAllByRole('cell')[0]!.textContent).toMatch(/5\. März 2026/);
  });
});
