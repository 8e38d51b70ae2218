import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { AuditLogScreen } from './audit-log-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the audit log in German', () => {
  it('shows its filters, columns and dates in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path.startsWith('/api/audit')
          ? Response.json({
              entries: [
                {
                  id: 1,
                  actorId: 'a1',
                  actorName: 'Ada Admin',
                  action: 'template.create',
                  targetType: 'template',
                  targetId: 't1',
                  before: null,
                  after: { title: 'X' },
                  createdAt: '2026-03-05T10:00:00.000Z',
                },
              ],
              nextCursor: 'c2',
            })
          : Response.json({}, { status: 404 }),
      ),
    );
    await i18n.changeLanguage('de');
    renderRoutes([{ path: '/admin/logs', element: <AuditLogScreen /> }], '/admin/logs', {
      id: 'a1',
      name: 'Ada Admin',
      email: 'ada@example.com',
      role: 'admin',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Protokolle' })).toBeTruthy();
    expect(screen.getByLabelText('Akteur')).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Vorher' })).toBeTruthy();
    expect(screen.getByText(/^5\. März 2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ältere Einträge laden' })).toBeTruthy();
  });
});
