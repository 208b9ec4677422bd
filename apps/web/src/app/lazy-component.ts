import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A component loaded on demand, whose download can also be started ahead of its first render. */
export type LazyComponent<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => void;
};

/**
 * React.lazy plus `preload`: the app starts the current route's download while the session is still
 * being checked, so the screen's code does not wait for that answer (the route tree renders only once
 * the session is known). One download, shared by both.
 */
export function lazyComponent<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const once = () => {
    pending ??= load();
    return pending;
  };
  return Object.assign(lazy(once), {
    preload: () => {
      // A failed preload is only a missed head start: rendering the component reports the error.
      once().catch(() => undefined);
    },
  });
}
