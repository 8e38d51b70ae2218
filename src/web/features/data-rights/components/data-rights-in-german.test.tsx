import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { DataManagementScreen } from './data-management-screen';
import { YourDataSection } from './your-data-section';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };

describe('data rights in German', () => {
  it('shows Your data in German', async () => {
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/profile', element: <YourDataSection /> }], '/profile', admin);
    expect(await screen.findByRole('heading', { name: 'Ihre Daten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Meine Daten herunterladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mein Konto löschen' })).toBeTruthy();
  });

  it('lists past erasures with German dates and roles', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/admin/erasures'
          ? Response.json({
              items: [
                {
                  id: 1,
                  at: '2026-03-05T10:00:00.000Z',
                  userId: 'u9',
                  role: 'candidate',
                  by: 'self',
                  adminName: null,
                  reason: null,
                  assessmentsKept: 2,
                },
              ],
            })
          : Response.json({ items: [], page: 1, limit: 10, total: 0 }),
      ),
    );
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/admin/data', element: <DataManagementScreen /> }],
      '/admin/data',
      admin,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenverwaltung' })).toBeTruthy();
    expect(await screen.findByText('Die Person selbst')).toBeTruthy();
    expect(screen.getByText(/^5\. März 2026/)).toBeTruthy();
    expect(screen.getByText('Kandidat')).toBeTruthy();
    expect(await screen.findByText('Kein Benutzer gefunden.')).toBeTruthy();
  });
});
