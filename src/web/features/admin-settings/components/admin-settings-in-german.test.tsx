import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../../../domain/assessments';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { GeneralTab } from './general-tab';
import { TemplatesTab } from './templates-tab';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const template: Template = {
  id: 't1',
  title: 'Frontend-Aufgabe',
  roleName: 'Frontend Developer',
  description: '',
  active: true,
  authorizedRecruiters: [],
  durationHours: 2,
  tasks: [1, 2, 3].map((n) => ({
    id: `k${n}`,
    title: `Aufgabe ${n}`,
    description: '',
    type: 'text' as const,
  })),
  project: {
    name: 'demo',
    branch: 'main',
    context: '',
    ticket: '',
    files: [{ path: 'README.md', content: '# demo' }],
  },
  blindReview: false,
  similarityThreshold: 80,
  department: 'Engineering',
  departmentId: 'd1',
  createdAt: '2026-03-05T10:00:00.000Z',
  updatedAt: null,
};

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/templates') return Response.json([template]);
      if (path === '/api/settings')
        return Response.json({ defaultDurationHours: 2, defaultLanguage: 'de' });
      if (path === '/api/health') return Response.json({ ok: true });
      return Response.json({ message: 'Not here' }, { status: 404 });
    }),
  );
}

describe('admin settings in German', () => {
  it('shows the templates with German counts, durations and dates', async () => {
    stubServer();
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/admin', element: <TemplatesTab search="aufgabe" /> }], '/admin', admin);
    expect(await screen.findByRole('heading', { name: 'Assessment-Vorlagen' })).toBeTruthy();
    expect(await screen.findByText('1 von 1 Vorlage passt zu „aufgabe“.')).toBeTruthy();
    expect(screen.getByText('Aktiv')).toBeTruthy();
    expect(screen.getByText('3 Aufgaben')).toBeTruthy();
    expect(screen.getByText('2 Stunden')).toBeTruthy();
    // German date: day first, German month.
    expect(screen.getByText('5. März 2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Frontend-Aufgabe bearbeiten' })).toBeTruthy();
  });

  it('says on the General tab that the language select covers five languages', async () => {
    stubServer();
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/admin', element: <GeneralTab /> }], '/admin', admin);
    const duration = await screen.findByLabelText('Standarddauer eines Assessments');
    expect(screen.getByRole('option', { name: '8 Stunden' })).toBeTruthy();
    expect(
      screen.getByText(/Alle Seiten und E-Mails gibt es auf Englisch, Französisch, Deutsch/),
    ).toBeTruthy();
    expect(await screen.findByText('In Betrieb')).toBeTruthy();
    expect(await screen.findByText(/^Zuletzt geprüft um \d{1,2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByText('1 (1 aktiv)')).toBeTruthy();
    fireEvent.change(duration, { target: { value: '4' } });
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeTruthy();
  });
});
