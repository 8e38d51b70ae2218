import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-routes';
import { TwoFactorChallengeScreen } from './two-factor-challenge-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('two-factor sign-in step', () => {
  it('speaks the reader language, its code check included', async () => {
    // Signed out (the session read): the screen asks for the code either way.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(null)),
    );
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces(['security', 'messages']);
    renderRoutes([{ path: '/', element: <TwoFactorChallengeScreen /> }], '/');
    expect(
      await screen.findByRole('heading', { name: 'Inicio de sesión en dos pasos' }),
    ).toBeTruthy();
    const code = screen.getByLabelText('Código de tu aplicación de autenticación');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(
      await screen.findByText('Introduce el código de 6 dígitos de tu aplicación de autenticación'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Usar un código de respaldo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText('Introduce uno de tus códigos de respaldo')).toBeTruthy();
  });
});
