import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { IntegrationsScreen } from './integrations-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('integrations in German', () => {
  it('says what the server is connected to in German, counts grouped the German way', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        path === '/api/admin/integrations'
          ? Response.json({
              mail: {
                mode: 'log',
                smtpHost: null,
                from: 'noreply@example.com',
                pending: 1200,
                failed: 0,
                sent: 3,
                oldestPendingSeconds: 200_000,
              },
              google: { configured: false, discoveryHost: 'accounts.google.com' },
              sandbox: {
                available: true,
                reason: null,
                mode: 'cgroup-v2',
                languages: [
                  { label: 'JavaScript and TypeScript', available: true, reason: null },
                  { label: 'Python', available: false, reason: null },
                ],
              },
              ai: {
                configured: true,
                reachable: false,
                models: 0,
                model: null,
                lastError: 'connect ECONNREFUSED',
              },
              database: { kind: 'pglite', location: './data', serverVersion: null },
            })
          : Response.json({}, { status: 404 }),
      ),
    );
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/admin/integrations', element: <IntegrationsScreen /> }],
      '/admin/integrations',
      { id: 'a1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrationen' })).toBeTruthy();
    expect(
      await screen.findByText(
        '1.200 ausstehend, 0 fehlgeschlagen, 3 gesendet (älteste ausstehende: 2 Tage)',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Nur Protokoll')).toBeTruthy();
    expect(screen.getByText('Nicht eingerichtet')).toBeTruthy();
    expect(
      screen.getByText(
        'JavaScript und TypeScript: lauffähig; Python: nicht lauffähig (Toolchain nicht installiert)',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test-E-Mail senden' })).toBeTruthy();
    const ai = screen.getByTestId('integration-ai');
    expect(within(ai).getByText('Nicht erreichbar')).toBeTruthy();
    expect(within(ai).getByText('der Endpunkt antwortet nicht')).toBeTruthy();
    expect(within(ai).getByText('connect ECONNREFUSED')).toBeTruthy();
  });
});
