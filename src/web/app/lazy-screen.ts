import { type ComponentType, createElement, lazy, useState } from 'react';
import { i18n } from '../lib/i18n';

export type LazyScreen<P> = ComponentType<P> & {
  /** Starts fetching the component's code and catalogues (once); rendering it later waits less. */
  preload: () => Promise<unknown>;
};

/**
 * A component in its own chunk that can be fetched before it renders, with the translation
 * catalogues it needs loading beside its code.
 *
 * Why not plain `React.lazy`: a lazy component suspends on its first render even when its
 * chunk is already there, and every Suspense fallback React shows holds back the screens that
 * resolve after it (React reveals retried content at most every 300 ms after a fallback). Once
 * loaded, this renders the component directly. And a screen that suspends on its catalogues
 * only when it renders waits a round trip per level of components (the candidate dashboard:
 * `dashboards`, then its cards' `candidate-assessments` and `interviews`).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly string[] = [],
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    // The catalogues first: small, but queued behind the chunk's imports they came last.
    // loadNamespaces resolves even when a catalogue fails (its keys show, as before).
    started ??= Promise.all([i18n.loadNamespaces([...namespaces]), load()]).then(
      ([, component]) => {
        loaded = component;
        return { default: component };
      },
    );
    return started;
  };
  const Lazy = lazy(preload);
  function Screen(props: P) {
    // Chosen once per mount: switching from Lazy to the component later would remount it.
    const [component] = useState(() => loaded ?? (Lazy as ComponentType<P>));
    return createElement(component, props);
  }
  return Object.assign(Screen, { preload });
}
