import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('loads the catalogues it names with its code', async () => {
    const Screen = lazyScreen(async () => Greeting, ['dashboards']);
    expect(i18n.hasLoadedNamespace('dashboards')).toBe(false);
    await Screen.preload();
    expect(i18n.hasLoadedNamespace('dashboards')).toBe(true);
    expect(i18n.t('welcome', { ns: 'dashboards', name: 'Chloé' })).toBe('Welcome, Chloé');
  });
});
