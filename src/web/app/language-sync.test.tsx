import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { LanguageSync } from './language-sync';

const spies: { mockRestore: () => void }[] = [];
const browserAsks = (languages: string[]) =>
  spies.push(vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages));
const watchChanges = () => {
  const change = vi.spyOn(i18n, 'changeLanguage');
  spies.push(change);
  return change;
};

afterEach(async () => {
  cleanup();
  for (const spy of spies.splice(0)) spy.mockRestore();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

/** Signed out (or as `language`'s user), the admin's default English already loaded. */
function renderSync(user: { language: string | null } | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(
    ['auth', 'session'],
    user && {
      id: 'u1',
      name: 'U',
      email: 'u@example.test',
      role: 'candidate',
      image: null,
      ...user,
    },
  );
  client.setQueryData(['config'], { googleEnabled: false, defaultLanguage: 'en' });
  render(
    <QueryClientProvider client={client}>
      <LanguageSync />
    </QueryClientProvider>,
  );
}

describe('The language of a visitor', () => {
  it('stays the German they chose before signing out, over the browser and the default', async () => {
    browserAsks(['pt-BR']);
    // Signed in with German chosen, then signed out.
    renderSync({ language: 'de' });
    cleanup();
    await i18n.changeLanguage('de');
    const change = watchChanges();

    renderSync(null);
    expect(change.mock.calls.filter(([language]) => language !== 'de')).toEqual([]);
    expect(i18n.language).toBe('de');
  });

  it('follows the browser again once the user went back to "follow the browser"', async () => {
    browserAsks(['fr-FR']);
    renderSync({ language: 'de' });
    cleanup();
    renderSync({ language: null });
    cleanup();
    const change = watchChanges();
    renderSync(null);
    expect(change.mock.calls.map(([language]) => language)).not.toContain('de');
  });
});
