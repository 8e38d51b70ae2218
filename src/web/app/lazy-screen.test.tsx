import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { lazyScreen } from './lazy-screen';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('a lazily loaded screen', () => {
  it('once preloaded, renders at once: no fallback to hold back what resolves after it', async () => {
    const Screen = lazyScreen(async () => Greeting);
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Chloé" />
      </Suspense>,
    );
    expect(screen.getByText('Hello, Chloé')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('not yet loaded, shows the fallback and then the screen', async () => {
    let resolve: (component: typeof Greeting) => void = () => {};
    const Screen = lazyScreen(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen name="Chloé" />
      </Suspense>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => resolve(Greeting));
    expect(await screen.findByText('Hello, Chloé')).toBeTruthy();
  });

  it('asks for the catalogues it names with its code, so it renders in full at once', async () => {
    // The web tests share one i18n instance: another file may have loaded them already.
    const loadNamespaces = vi.spyOn(i18n, 'loadNamespaces');
    function Welcome() {
      const { t } = useTranslation('dashboards');
      return <h1>{t('welcome', { name: 'Chloé' })}</h1>;
    }
    const Screen = lazyScreen(async () => Welcome, ['dashboards']);
    await Screen.preload();
    expect(loadNamespaces).toHaveBeenCalledWith(['dashboards']);
    loadNamespaces.mockRestore();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Welcome, Chloé' })).toBeTruthy();
  });
});
