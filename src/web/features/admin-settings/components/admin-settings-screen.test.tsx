import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { AdminSettingsScreen } from './admin-settings-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' as const };

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/templates') return Response.json([]);
      if (path === '/api/settings')
        return Response.json({ defaultDurationHours: 2, defaultLanguage: 'en' });
      if (path === '/api/health') return Response.json({ ok: true });
      return Response.json({ message: 'Not here' }, { status: 404 });
    }),
  );
}

describe('admin settings', () => {
  it('open on General, with the template search only on the Assessments tab', async () => {
    stubServer();
    renderRoutes([{ path: '/admin', element: <AdminSettingsScreen /> }], '/admin', admin);
    const general = await screen.findByRole('tab', { name: 'General' });
    expect(general.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Default assessment duration')).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search templates' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Assessments' }));
    expect(await screen.findByRole('searchbox', { name: 'Search templates' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByRole('searchbox', { name: 'Search templates' })).toBeNull();
  });
});
