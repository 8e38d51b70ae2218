import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedUser } from '../../../../domain/users';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { screenWidth } from '../../../test/screen-width';
import { ManageUsersScreen } from './manage-users-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const user: ManagedUser = {
  id: 'c1',
  name: 'Chloé Candidate',
  email: 'chloe@example.test',
  image: null,
  role: 'candidate',
  status: 'active',
  banReason: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  activeSessions: 0,
  lastSeenAt: null,
};
const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' as const };

describe('Manage Users in the reader language', () => {
  it('shows the list, its counts, dates and menus in German', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ items: [user], page: 1, limit: 25, total: 1 })),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['users', 'common']);
    renderRoutes([{ path: '/admin/users', element: <ManageUsersScreen /> }], '/admin/users', admin);

    expect(await screen.findByRole('heading', { name: 'Benutzer verwalten' })).toBeTruthy();
    expect(await screen.findByText('1 Benutzer')).toBeTruthy();
    expect(screen.getByText('Keine aktive Sitzung')).toBeTruthy();
    expect(screen.getAllByText('Kandidat').length).toBeGreaterThan(0);
    // German dates: day before month.
    expect(screen.getByText(/5\.\s?(03|3)\.\s?2026|5\. März 2026/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Aktionen für Chloé Candidate' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Rolle ändern' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Deaktivieren' })).toBeTruthy();
  });
});

describe('Manage Users on a phone and on a wide screen (ResponsiveTable)', () => {
  const deactivated: ManagedUser = {
    ...user,
    id: 'r2',
    name: 'Rolf Recruiter',
    email: 'rolf.with.a.very.long.address@example.test',
    role: 'recruiter',
    status: 'deactivated',
    banReason: 'Left the company',
    activeSessions: 2,
  };
  const show = async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ items: [user, deactivated], page: 1, limit: 25, total: 2 }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['users', 'common']);
    renderRoutes([{ path: '/admin/users', element: <ManageUsersScreen /> }], '/admin/users', admin);
    await screen.findByText('2 Benutzer');
  };

  it('is a card per user at 375 px: every field labelled, the menu on the card, no table', async () => {
    screenWidth('phone');
    await show();
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByRole('article', { name: 'Rolf Recruiter' });
    const fields = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(fields).toEqual(['Rolle', 'Status', 'Sitzungen', 'Beigetreten']);
    expect(within(card).getByText('Recruiter')).toBeTruthy();
    expect(within(card).getByText('Left the company')).toBeTruthy();
    expect(within(card).getByText('rolf.with.a.very.long.address@example.test')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Aktionen für Rolf Recruiter' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Chloé Candidate' })).toBeTruthy();
  });

  it('is a table with every column on a wide screen', async () => {
    screenWidth('wide');
    await show();
    const table = screen.getByRole('table', { name: 'Benutzer' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Benutzer', 'Rolle', 'Status', 'Sitzungen', 'Beigetreten', 'Aktionen']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('article')).toBeNull();
  });
});
