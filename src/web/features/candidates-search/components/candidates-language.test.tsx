import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { CandidateProfileScreen } from './candidate-profile-screen';
import { FindCandidatesScreen } from './find-candidates-screen';

/** Find Candidates and a candidate's profile in the reader's language (issue 20). */

const candidate = {
  id: 'c1',
  name: 'Chloé Candidate',
  email: 'chloe@example.test',
  image: null,
  title: 'Platform Engineer',
  location: 'Berlin',
  skills: ['Go', 'Kubernetes'],
  experience: '5-10',
  remote: true,
  jobTypes: ['full-time', 'contract'],
  bioExcerpt: 'Builds platforms.',
  resumeSnippet: [
    { text: 'ran ', match: false },
    { text: 'Kubernetes', match: true },
  ],
  score: 1,
};

function stubFetch(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const answer = answers[path.split('?')[0] ?? ''];
      return answer ? answer() : new Response('{}', { status: 404 });
    }),
  );
}

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const recruiter = { id: 'r1', name: 'Rita', email: 'r@x', role: 'recruiter' as const };

describe('candidate search in German', () => {
  it('Find Candidates: heading, German grouped count, labels and actions', async () => {
    stubFetch({
      '/api/candidates': () =>
        Response.json({ items: [candidate], page: 1, limit: 20, total: 1234, hasMore: true }),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['candidates-search']);
    renderRoutes(
      [{ path: '/recruiter/candidates', element: <FindCandidatesScreen /> }],
      '/recruiter/candidates?q=kube',
      recruiter,
    );

    expect(await screen.findByRole('heading', { name: 'Kandidaten finden' })).toBeTruthy();
    expect(await screen.findByText('1.234 Kandidaten für „kube“')).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Chloé Candidate' });
    expect(within(card).getByText('Berlin · 5-10 Jahre')).toBeTruthy();
    expect(within(card).getByText('Offen für Remote')).toBeTruthy();
    expect(within(card).getByText('Befristet')).toBeTruthy();
    expect(within(card).getByText('Lebenslauf:')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Chloé Candidate ein Assessment zuweisen' }),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Nachricht an Chloé Candidate' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seite 2' })).toBeTruthy();
  });

  it('a profile: sections, preferences and the salary in euros written the German way', async () => {
    stubFetch({
      '/api/candidates/c1': () =>
        Response.json({
          ...candidate,
          bio: '',
          education: 'TU Berlin',
          jobPreferences: {
            jobType: ['part-time'],
            remote: false,
            salary: { min: 60000, max: 80000, currency: 'EUR' },
            location: [],
          },
          discoverable: false,
          memberSince: '2030-01-01T00:00:00.000Z',
        }),
    });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['candidates-search']);
    renderRoutes(
      [{ path: '/recruiter/candidates/:candidateId', element: <CandidateProfileScreen /> }],
      '/recruiter/candidates/c1',
      recruiter,
    );

    expect(await screen.findByRole('heading', { name: 'Jobpräferenzen' })).toBeTruthy();
    expect(screen.getByText('In der Suche verborgen')).toBeTruthy();
    expect(screen.getByText('Teilzeit')).toBeTruthy();
    expect(screen.getByText('Vor Ort')).toBeTruthy();
    expect(screen.getByText(/^60\.000\s€ – 80\.000\s€$/)).toBeTruthy();
    expect(screen.getAllByText('Nicht angegeben').length).toBe(2);
    expect(screen.getByText('← Zurück zu Kandidaten finden')).toBeTruthy();
  });
});
