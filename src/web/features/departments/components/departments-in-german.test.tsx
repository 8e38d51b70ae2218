import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

  it('says in German why a department cannot go when jobs were filed under it meanwhile', async () => {
    const unused = {
      ...engineering,
      archived: false,
      templateCount: 0,
      jobCount: 0,
      adminCount: 0,
      templates: [],
    };
    // Someone filed two jobs and a template under it since the list was read: the server
    // refuses with the usage as a code and counts (decision 023), not only in English.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? Response.json(
              {
                message:
                  '“Engineering” cannot be deleted: 1 template and 2 jobs use it. Move them to another department or archive it instead.',
                code: 'department-in-use',
                params: { name: 'Engineering', templates: 1, jobs: 2, admins: 0 },
              },
              { status: 409 },
            )
          : Response.json([unused]),
      ),
    );
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/admin', element: <DepartmentsTab /> }], '/admin', {
      id: 'a1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(
      await within(dialog).findByText(
        '„Engineering“ kann nicht gelöscht werden: 1 Vorlage und 2 Stellen verwenden die Abteilung. Verschieben Sie sie in eine andere Abteilung oder archivieren Sie die Abteilung stattdessen.',
      ),
    ).toBeTruthy();
  });
});
