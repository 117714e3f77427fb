import { createElement, lazy, useState, type ComponentType } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A component kept out of the first paint's script, in its own chunk. It is
 * fetched when first shown, or earlier by `preloadDeferred`, so it is there for
 * the keys typed straight after it is asked for.
 *
 * Once fetched it renders directly. Through `lazy` it would suspend on every
 * first mount, and React holds a suspended boundary's content back for 300 ms:
 * the name typed right after More emoji would go to the page behind.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  loaders.push(once);
  const Lazy = lazy(() => once().then((component) => ({ default: component })));
  return function Deferred(props: P) {
    // Chosen once per mount: a type that changed under a shown dialog would remount it.
    const [type] = useState(() => loaded ?? Lazy);
    return createElement(type, props);
  };
}

/** Fetches every deferred component once the browser has nothing better to do. */
export function preloadDeferred(): void {
  requestIdleCallback(() => {
    for (const load of loaders) void load();
  });
}
