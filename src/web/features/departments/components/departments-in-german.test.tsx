import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { DepartmentsTab } from './departments-tab';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const engineering = {
  id: 'd1',
  name: 'Engineering',
  archived: true,
  templateCount: 1,
  jobCount: 2,
  adminCount: 1,
  templates: [{ id: 't1', title: 'Backend', roleName: 'Developer', active: false }],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('departments in German', () => {
  it('shows counts as German plurals, the usage as a German list, and German checks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([engineering])),
    );
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/admin', element: <DepartmentsTab /> }], '/admin', {
      id: 'a1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
    });
    expect(await screen.findByRole('heading', { name: 'Abteilungen' })).toBeTruthy();
    expect(await screen.findByText('1 Vorlage · 2 Stellen · 1 Admin-Profil')).toBeTruthy();
    expect(screen.getByText('Archiviert')).toBeTruthy();
    expect(screen.getByText(/· inaktiv/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wiederherstellen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Löschen' }).getAttribute('title')).toBe(
      'Verwendet von: 1 Vorlage, 2 Stellen und 1 Admin-Profil',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Abteilung hinzufügen' }));
    expect(await screen.findByText('Geben Sie einen Abteilungsnamen ein')).toBeTruthy();
  });
});
