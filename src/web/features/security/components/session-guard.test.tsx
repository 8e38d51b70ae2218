import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes';
import { SessionGuard } from './session-guard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: 'c1', name: 'Casey Candidate', email: 'casey@example.com', role: 'candidate' };

/** Every request's path; the session's status is refused (401), as after a sign-out elsewhere. */
function stubRefusedSession() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      paths.push(new URL(url, 'http://localhost').pathname);
      if (url.includes('/api/session/status')) {
        return Response.json({ message: 'You must be logged in' }, { status: 401 });
      }
      return Response.json({ success: true });
    }),
  );
  return paths;
}

describe('the session guard, when the server refuses the session', () => {
  it('goes to the login screen without sending a sign-out (which would end a newer session)', async () => {
    const paths = stubRefusedSession();
    renderRoutes(
      [
        { path: '/candidate', element: <SessionGuard /> },
        { path: '/login', element: <p>Login screen</p> },
      ],
      '/candidate',
      { ...user, role: 'candidate' },
    );
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(paths).toContain('/api/session/status');
    expect(paths.filter((p) => p.includes('sign-out'))).toEqual([]);
  });
});
