import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { AuditLogScreen } from './audit-log-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };
const longDescription = `Build the cart. ${'Every line of the task is here. '.repeat(8)}The end.`;
const entry = {
  id: 1,
  actorId: 'a1',
  actorName: 'Ada Admin',
  action: 'template.update',
  targetType: 'template',
  targetId: 't1',
  before: { title: 'Cart', active: true, limits: { minutes: 30 }, description: 'Short' },
  after: { title: 'Cart v2', active: false, limits: { minutes: 30 }, description: longDescription },
  createdAt: '2026-03-05T10:00:00.000Z',
};

const created = {
  ...entry,
  id: 2,
  action: 'department.create',
  before: null,
  after: { name: 'Platform', archived: false },
};

/** The server's answers; every request's query string is kept. */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (!path.startsWith('/api/audit')) return Response.json({}, { status: 404 });
      asked.push(path);
      return Response.json({ entries: [entry, created], nextCursor: 'c2' });
    }),
  );
  return asked;
}

/** A phone: no min-width query matches. */
function narrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

const render = () =>
  renderRoutes([{ path: '/admin/logs', element: <AuditLogScreen /> }], '/admin/logs', admin);

describe('the audit log', () => {
  it('shows what changed field by field in German, not raw JSON', async () => {
    stubServer();
    await i18n.changeLanguage('de');
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Protokolle' })).toBeTruthy();
    expect(screen.getByLabelText('Akteur')).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Änderungen' })).toBeTruthy();
    expect(screen.getAllByText(/^5\. März 2026/)).toHaveLength(2);
    const [changes, creation] = screen.getAllByRole('list', { name: 'Änderungen' });
    // A created thing lists its fields, without an empty "before" for each.
    expect(
      within(creation as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['name: Platform', 'archived: Nein']);
    const items = within(changes as HTMLElement).getAllByRole('listitem');
    // Only the changed fields; the unchanged nested one (limits.minutes) is not listed.
    expect(items.map((li) => li.textContent?.split(':')[0])).toEqual([
      'title',
      'active',
      'description',
    ]);
    // The arrow is for the eye; a screen reader hears "before: …, after: …".
    expect(items[0]?.textContent).toBe('title: Vorher: Cart → , Nachher: Cart v2');
    expect(items[1]?.textContent).toBe('active: Vorher: Ja → , Nachher: Nein');
    expect(screen.queryByText(/"title"/)).toBeNull();
    // The long value is folded until asked for.
    expect(items[2]?.textContent).not.toContain('The end.');
    fireEvent.click(within(items[2] as HTMLElement).getByRole('button', { name: 'Mehr anzeigen' }));
    expect(items[2]?.textContent).toContain('The end.');
    expect(screen.getByRole('button', { name: 'Ältere Einträge laden' })).toBeTruthy();
    // The kind of target in German too, not the stored English word ("template t1").
    expect(screen.getAllByText('Vorlage')).toHaveLength(2);
    expect(screen.queryByText('template')).toBeNull();
  });

  it('makes each entry a card on a phone', async () => {
    stubServer();
    narrowScreen();
    render();
    const card = await screen.findByRole('listitem', { name: 'Template changed by Ada Admin' });
    expect(screen.getByRole('listitem', { name: 'Department created by Ada Admin' })).toBeTruthy();
    expect(within(card).getByText('By Ada Admin')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Changes' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server for the filters and the next page', async () => {
    const asked = stubServer();
    render();
    await screen.findByRole('columnheader', { name: 'Changes' });
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'template.' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe(
        '/api/audit?actor=Ada&action=template.&from=2026-03-01&to=2026-03-31',
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Load older entries' }));
    await vi.waitFor(() => expect(asked.at(-1)).toContain('cursor=c2'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect((screen.getByLabelText('Actor') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
