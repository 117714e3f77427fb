import { lazy, type ComponentType } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/**
 * A component kept out of the first paint's script, in its own chunk. It is
 * fetched when first shown, or earlier by `preloadDeferred`, so a dialog opened
 * with a shortcut is there for the keys typed straight after it.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => (loading ??= load());
  loaders.push(once);
  return lazy(() => once().then((component) => ({ default: component })));
}

/** Fetches every deferred component once the browser has nothing better to do. */
export function preloadDeferred(): void {
  requestIdleCallback(() => {
    for (const load of loaders) void load();
  });
}
