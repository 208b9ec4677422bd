import { type ComponentType, createElement, lazy, useState } from 'react';

/** A component loaded on demand, whose download can also be started ahead of its first render. */
export type LazyComponent<P extends object = object> = ComponentType<P> & { preload: () => void };

/**
 * React.lazy plus `preload`: the app starts the current route's download while the session is still
 * being checked, so the screen's code does not wait for that answer (the route tree renders only once
 * the session is known). One download, shared by both.
 *
 * A component whose code has arrived renders directly rather than through React.lazy: suspending on
 * code that is already here would show the loading screen and hold the real one back for React's
 * Suspense reveal throttle (about 300 ms, measured on the sign-in screen).
 */
export function lazyComponent<P extends object = object>(
  // The props come from the type argument (default: none), not from what `load` seems to return.
  load: () => Promise<{ default: ComponentType<NoInfer<P>> }>,
): LazyComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const once = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return pending;
  };
  const Lazy = lazy(once);
  function LazyScreen(props: P) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount it.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(LazyScreen, {
    preload: () => {
      // A failed preload is only a missed head start: rendering the component reports the error.
      once().catch(() => undefined);
    },
  });
}
