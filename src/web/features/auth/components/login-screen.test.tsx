import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  logInSchema,
  newPasswordSchema,
  resetRequestSchema,
  signUpSchema,
} from '../../../../domain/auth';
import { i18n } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import enMessages from '../../../locales/en/messages.json';
import { renderRoutes } from '../../../test/render-routes';
import { LoginScreen } from './login-screen';
import { SignUpScreen } from './sign-up-screen';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** The server's public config: whether Google sign-in is configured. */
function stubConfig(googleEnabled: boolean) {
  const fetch = vi.fn(async (path: string) =>
    path === '/api/config'
      ? Response.json({ googleEnabled, supportEmail: 'support@example.test' })
      : new Response('{}', { status: 500 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function inLanguage(language: string) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['auth', 'messages']);
}

describe('the sign-in screens in the reader language', () => {
  it('shows the log-in form in German', async () => {
    await inLanguage('de');
    stubConfig(true);
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText(/E-Mail/)).toBeTruthy();
    expect(screen.getByLabelText(/Passwort/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Mit Google anmelden' })).toBeTruthy();
  });

  it('shows the sign-up form in Japanese, account types included', async () => {
    await inLanguage('ja');
    stubConfig(true);
    renderRoutes([{ path: '/signup', element: <SignUpScreen /> }], '/signup');
    expect(await screen.findByRole('heading', { name: '新規登録' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '求職者' })).toBeTruthy();
    expect(screen.getByText('6 文字以上')).toBeTruthy();
  });

  it('checks the fields before signing in, in the reader language, and clears an error on typing', async () => {
    await inLanguage('fr');
    const fetch = stubConfig(false);
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("L'e-mail est obligatoire")).toBeTruthy();
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'a' } });
    expect(screen.queryByText("L'e-mail est obligatoire")).toBeNull();
    expect(screen.getByText('Le mot de passe est obligatoire')).toBeTruthy();
    // Nothing was sent (the public config aside): the form stopped at its own check.
    expect(fetch.mock.calls.filter(([path]) => path !== '/api/config')).toEqual([]);
  });

  it('keeps the spec texts in English', async () => {
    await inLanguage('en');
    stubConfig(true);
    renderRoutes([{ path: '/login', element: <LoginScreen /> }], '/login');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    expect(screen.getByText("Don't have an account?")).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Log in with Google' })).toBeTruthy();
  });

  it('offers Google sign-in only when the server has it configured', async () => {
    await inLanguage('en');
    const fetch = stubConfig(false);
    renderRoutes(
      [
        { path: '/login', element: <LoginScreen /> },
        { path: '/signup', element: <SignUpScreen /> },
      ],
      '/login',
    );
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.map(([path]) => path)).toContain('/api/config'));
    expect(screen.queryByRole('button', { name: 'Log in with Google' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
  });
});

describe('validation messages of the sign-in forms', () => {
  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  const produced = [
    ...messagesOf(logInSchema.safeParse({ email: '', password: '' })),
    ...messagesOf(logInSchema.safeParse({ email: 'not-an-address', password: 'x' })),
    ...messagesOf(
      signUpSchema.safeParse({
        name: '',
        email: '',
        password: '',
        confirmPassword: '',
        role: 'admin',
      }),
    ),
    ...messagesOf(
      signUpSchema.safeParse({
        name: 'x'.repeat(101),
        email: 'a@b.test',
        password: 'short',
        confirmPassword: 'other',
        role: 'candidate',
      }),
    ),
    ...messagesOf(
      signUpSchema.safeParse({
        name: 'Ann',
        email: 'a@b.test',
        password: 'p'.repeat(129),
        confirmPassword: 'p'.repeat(129),
        role: 'candidate',
      }),
    ),
    ...messagesOf(
      signUpSchema.safeParse({
        name: 'Ann',
        email: 'a@b.test',
        password: 'secret1',
        confirmPassword: 'secret2',
        role: 'candidate',
      }),
    ),
    ...messagesOf(resetRequestSchema.safeParse({ email: '' })),
    ...messagesOf(newPasswordSchema.safeParse({ password: '', confirmPassword: '' })),
  ];

  it('are all in the messages catalogue', () => {
    expect(produced.length).toBeGreaterThan(8);
    for (const message of new Set(produced)) {
      expect(Object.keys(enMessages), message).toContain(message);
    }
  });

  it('read in the reader language', async () => {
    await inLanguage('fr');
    expect(translateMessage('Passwords do not match')).toBe(
      'Les mots de passe ne correspondent pas',
    );
    // A message the catalogue does not hold yet comes through as it is.
    expect(translateMessage('Some new server message')).toBe('Some new server message');
  });
});
