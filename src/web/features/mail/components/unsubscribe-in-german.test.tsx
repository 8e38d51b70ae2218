import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { UnsubscribeScreen } from './unsubscribe-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the unsubscribe page in German', () => {
  it('says in German that notifications are off and offers to turn them back on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ email: 'greta@example.com', emailNotifications: false })),
    );
    await i18n.changeLanguage('de');
    renderRoutes(
      [{ path: '/unsubscribe/:token', element: <UnsubscribeScreen /> }],
      '/unsubscribe/t1',
    );
    expect(
      await screen.findByText(
        'E-Mail-Benachrichtigungen sind für greta@example.com ausgeschaltet. Neue Nachrichten sehen Sie weiterhin in TalentForge.',
        {},
        // The catalogue loads first, then the call the page makes on opening.
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wieder einschalten' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu TalentForge' })).toBeTruthy();
  });
});
