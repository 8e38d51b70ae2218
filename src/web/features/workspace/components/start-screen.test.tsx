import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { assessmentFixture } from '../../../test/assessment-fixture';
import { renderRoutes } from '../../../test/render-routes';
import { WorkspaceScreen } from './workspace-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const candidate = {
  id: 'c1',
  name: 'Chloé Candidate',
  email: 'c@example.test',
  role: 'candidate' as const,
};
const scheduled = assessmentFixture({
  status: 'scheduled',
  startedAt: null,
  durationHours: 2,
  project: { ...assessmentFixture().project, hasHiddenTests: true },
  tasks: [
    { id: 'k1', title: 'Fix the bug', description: '', type: 'code', completed: false },
    { id: 'k2', title: 'Explain it', description: '', type: 'text', completed: false },
  ],
});

/** The API as a scheduled assessment's candidate meets it; the calls made are kept. */
function stubApi(assessment = scheduled) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input.toString();
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      // The start call answers, then the screen stays busy until the refetch swaps it.
      if (url.endsWith('/start')) return Response.json({ ...scheduled, status: 'in-progress' });
      return Response.json(assessment);
    }),
  );
  return calls;
}

const open = () =>
  renderRoutes(
    [{ path: '/assessment/:assessmentId?', element: <WorkspaceScreen /> }],
    '/assessment/a1',
    candidate,
  );

describe('the start screen of an assessment not started yet', () => {
  it('tells what is recorded and starts the clock only on Start assessment', async () => {
    const calls = stubApi();
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Before you start' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Backend Challenge' })).toBeTruthy();
    expect(screen.getByText('2 hours')).toBeTruthy();
    expect(screen.getByText('Mar 5, 2026')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tasks (2)' })).toBeTruthy();
    expect(screen.getByText('Fix the bug')).toBeTruthy();
    expect(screen.getByText('Explain it')).toBeTruthy();
    const rules = screen.getByTestId('start-rules').textContent ?? '';
    expect(rules).toContain('The 2-hour clock starts when you press Start assessment');
    expect(rules).toContain('your edits, what you paste and the time you spend away');
    expect(rules).toContain('tests you do not see');
    expect(rules).toContain('save automatically');
    // Opening it asked for the assessment and nothing else: the clock has not started.
    expect(calls).toEqual(['GET /api/assessments/a1']);

    fireEvent.click(screen.getByRole('button', { name: 'Start assessment' }));
    await waitFor(() => expect(calls).toContain('POST /api/assessments/a1/start'));
    expect(calls.filter((c) => c.endsWith('/start'))).toHaveLength(1);
    // This template does not use AI-assisted review: nothing is said about it.
    expect(screen.queryByText(/AI assistant/)).toBeNull();
  });

  it('tells, before starting, that a reviewer may use an AI assistant and a person decides', async () => {
    stubApi({ ...scheduled, aiAssistedReview: true });
    open();
    const notice = await screen.findByTestId('ai-notice');
    expect(notice.textContent).toContain('AI-assisted review');
    expect(notice.textContent).toContain('may use an AI assistant');
    expect(notice.textContent).toContain('a person reads your work and decides the result');
    expect(screen.getByRole('button', { name: 'Start assessment' })).toBeTruthy();
  });

  it('speaks German', async () => {
    stubApi();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace']);
    open();
    expect(await screen.findByRole('heading', { name: 'Bevor Sie beginnen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assessment starten' })).toBeTruthy();
    expect(screen.getByText('2 Stunden')).toBeTruthy();
    expect(screen.getByText('5. März 2026')).toBeTruthy();
  });
});

describe('the start screen says whether there are hidden tests', () => {
  it('says there are none when the project has none (German)', async () => {
    stubApi({ ...scheduled, project: { ...scheduled.project, hasHiddenTests: false } });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace']);
    open();
    expect(await screen.findByRole('heading', { name: 'Bevor Sie beginnen' })).toBeTruthy();
    const rules = screen.getByTestId('start-rules').textContent ?? '';
    expect(rules).toContain('Dieses Assessment hat keine verborgenen Tests');
    expect(rules).not.toContain('Tests geprüft, die Sie nicht sehen');
  });

  it('says there are some when the project has them (German)', async () => {
    stubApi();
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['workspace']);
    open();
    expect(await screen.findByRole('heading', { name: 'Bevor Sie beginnen' })).toBeTruthy();
    expect(screen.getByTestId('start-rules').textContent).toContain(
      'Dieses Assessment hat verborgene Tests',
    );
  });
});

describe('the start screen without a company name', () => {
  it('says "k. A." in German, not the English N/A', async () => {
    stubApi({ ...scheduled, companyName: '' });
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['common', 'workspace']);
    open();
    expect(await screen.findByRole('heading', { name: 'Bevor Sie beginnen' })).toBeTruthy();
    expect(screen.getByText('k. A.')).toBeTruthy();
    expect(screen.queryByText('N/A')).toBeNull();
  });
});
