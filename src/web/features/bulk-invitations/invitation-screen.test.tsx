import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render-routes';
import { InvitationScreen } from './invitation-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('a bulk invitation in the reader language', () => {
  it('offers the sign-up in German, with a German due date and checks', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          email: 'nina@example.test',
          name: 'Nina Neu',
          title: 'Checkout API',
          recruiterName: 'Rita Recruiter',
          dueDate: '2026-03-05',
          accepted: false,
          accountExists: false,
        }),
      ),
    );
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces(['bulk-invitations', 'common']);
    const { client } = renderRoutes(
      [{ path: '/invitation/:token', element: <InvitationScreen /> }],
      '/invitation/tok',
    );
    act(() => client.setQueryData(['auth', 'session'], null));

    expect(await screen.findByRole('heading', { name: 'Konto erstellen' })).toBeTruthy();
    expect(
      screen.getByText(
        'Rita Recruiter hat Sie zu „Checkout API“ eingeladen, fällig bis 5. März 2026.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Mindestens 6 Zeichen')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Passwort\s*\*?$/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Konto erstellen und starten' }));
    expect(
      await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein'),
    ).toBeTruthy();
  });
});
