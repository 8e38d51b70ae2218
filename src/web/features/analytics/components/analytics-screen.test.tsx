import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { AnalyticsScreen } from './analytics-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** /admin/analytics with the figures refused (only the filters matter here). */
function setup() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/analytics/options'
        ? Response.json({ jobs: [], recruiters: [] })
        : Response.json({ message: 'Not now' }, { status: 403 }),
    ),
  );
  return renderRoutes(
    [{ path: '/admin/analytics', element: <AnalyticsScreen admin /> }],
    '/admin/analytics',
    { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
  );
}

describe('the analytics filters', () => {
  it('keep both dates when To and From change one right after the other', async () => {
    const { router } = setup();
    const to = await screen.findByLabelText('To');
    const from = screen.getByLabelText('From');
    // Both before the screen renders again (as in a busy browser): one act for the two.
    act(() => {
      fireEvent.change(to, { target: { value: '2020-01-31' } });
      fireEvent.change(from, { target: { value: '2020-01-01' } });
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2020-01-01&to=2020-01-31'),
    );
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2020-01-31');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2020-01-01');
  });

  it('lets a cleared date go back to the default', async () => {
    const { router } = setup();
    const from = await screen.findByLabelText('From');
    fireEvent.change(from, { target: { value: '2021-03-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2021-03-01'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
