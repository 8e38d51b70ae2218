import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import type { Role } from '../../domain/constants';
import { theme } from '../app/theme';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * Renders routes at `url` the way the app does (TanStack Query, Mantine, the router),
 * signed in as `user` when given. Queries neither retry nor go stale, so a test sees
 * exactly the answers its stubbed fetch gives. Mantine's env="test": no transitions or
 * portals, so dropdowns render at once.
 */
export function renderRoutes(routes: RouteObject[], url: string, user?: TestUser) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0, staleTime: Infinity } },
  });
  if (user) client.setQueryData(['auth', 'session'], { ...user, image: null });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { client, router };
}
