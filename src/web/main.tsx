import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './app/providers';
import { preloadScreen, routes } from './app/router';
import { startSessionCheck } from './lib/session';

/**
 * The routes in declarative mode (BrowserRouter + useRoutes): the app uses no loaders,
 * actions or fetchers, and without createBrowserRouter the data router's code stays out
 * of the entry (about 10 KB gzipped of /login's budget).
 */
function AppRoutes() {
  return useRoutes(routes);
}

// The session and the opened screen start loading while React renders the shell.
startSessionCheck();
preloadScreen(window.location.pathname);

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
