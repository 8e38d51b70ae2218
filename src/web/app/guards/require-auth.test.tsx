import { act, cleanup, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-routes';
import { RequireAuth } from './require-auth';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const candidate = { id: 'c1', name: 'Chloé', email: 'c@x', role: 'candidate' as const };

describe("a guarded screen's header", () => {
  it('shows with the session while the screen’s code still loads, and stays the same element', async () => {
    // The page opens on the address: the session is asked for, as in the app.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ session: {}, user: candidate })),
    );
    let loaded: (component: { default: () => React.ReactNode }) => void = () => {};
    const code = new Promise<{ default: () => React.ReactNode }>((resolve) => {
      loaded = resolve;
    });
    const Screen = lazy(() => code);
    renderRoutes(
      [
        {
          path: '/candidate',
          element: (
            <Suspense fallback={null}>
              <RequireAuth roles={['candidate']} header={<h1>Welcome, Chloé</h1>}>
                <Screen />
              </RequireAuth>
            </Suspense>
          ),
        },
      ],
      '/candidate',
    );

    const heading = await screen.findByRole('heading', { name: 'Welcome, Chloé', level: 1 });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('the cards')).toBeNull();

    await act(async () => loaded({ default: () => <p>the cards</p> }));
    expect(await screen.findByText('the cards')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('is not shown to someone the screen is not for', async () => {
    renderRoutes(
      [
        {
          path: '/candidate',
          element: (
            <RequireAuth roles={['candidate']} header={<h1>Welcome</h1>}>
              <p>the cards</p>
            </RequireAuth>
          ),
        },
        { path: '/unauthorized', element: <p>not for you</p> },
      ],
      '/candidate',
      { ...candidate, role: 'recruiter' },
    );
    expect(await screen.findByText('not for you')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();
  });
});
