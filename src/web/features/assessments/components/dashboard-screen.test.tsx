import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assessment } from '../../../../domain/assessments';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { RecruiterDashboardScreen } from './dashboard-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const assessment = (over: Partial<Assessment>): Assessment => ({
  id: 'a1',
  templateId: 't1',
  title: 'Checkout API',
  roleName: 'Backend',
  description: '',
  candidateId: 'c1',
  candidateName: 'Chloé Candidate',
  candidateErasedAt: null,
  candidateEmail: 'chloe@example.test',
  candidatePhone: '',
  recruiterId: 'r1',
  recruiterName: 'Rita Recruiter',
  companyName: 'Acme',
  status: 'completed',
  tasks: [{ id: 'k1', title: 'Fix the bug', description: '', type: 'code', completed: true }],
  message: '',
  durationHours: 2,
  createdAt: '2026-03-01T09:00:00.000Z',
  dueDate: '2026-03-05',
  startedAt: '2026-03-02T09:00:00.000Z',
  completedDate: '2026-03-02T10:00:00.000Z',
  feedback: null,
  score: 87,
  reviewedAt: null,
  submittedBy: 'candidate',
  blindReview: false,
  identityHidden: false,
  identityRevealedAt: null,
  project: { name: 'shop', branch: 'main', context: '', ticket: '', fileNames: [] },
  ...over,
});

const list = [
  assessment({}),
  assessment({
    id: 'a2',
    candidateName: 'Bruno Candidate',
    status: 'in-progress',
    score: null,
    completedDate: null,
    tasks: [
      { id: 'k1', title: 'One', description: '', type: 'code', completed: true },
      { id: 'k2', title: 'Two', description: '', type: 'text', completed: false },
    ],
  }),
];

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/assessments')) return Response.json(list);
      return Response.json([]);
    }),
  );
}

const recruiter = {
  id: 'r1',
  name: 'Rita Recruiter',
  email: 'rita@example.test',
  role: 'recruiter' as const,
};

describe('the recruiter dashboard in the reader language', () => {
  it('shows tabs, figures, badges and dates in German', async () => {
    stubApi();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['recruiter', 'common']);
    renderRoutes(
      [{ path: '/recruiter', element: <RecruiterDashboardScreen /> }],
      '/recruiter',
      recruiter,
    );

    expect(await screen.findByRole('heading', { name: 'Willkommen, Rita Recruiter' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Aktive Assessments' })).toBeTruthy();
    expect(await screen.findByText('Abschlussquote')).toBeTruthy();
    // 1 of 2 completed: a German percentage (non-breaking space before %).
    expect(screen.getAllByText(/^50\s%$/).length).toBeGreaterThan(1);
    expect(screen.getAllByText('In Bearbeitung').length).toBeGreaterThan(0);
    expect(screen.getByText('Fällig: 5. März 2026', { exact: false })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Punktzahl' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Assessment-Ergebnisse' }));
    expect(await screen.findByText('Abgeschlossen: 2. März 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abgeschlossen' })).toBeTruthy();
  });
});
