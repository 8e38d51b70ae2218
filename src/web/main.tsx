import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/**
 * The routes in declarative mode (BrowserRouter + useRoutes): the app uses no loaders,
 * actions or fetchers, and without createBrowserRouter the data router's code stays out
 * of the entry (about 10 KB gzipped of /login's budget).
 */
function AppRoutes() {
  return useRoutes(routes);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
