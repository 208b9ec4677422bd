import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { AuthClient } from '../session/index.ts';
import { AppProviders } from './providers.tsx';
import { forwardRecoveryLink } from './recovery.ts';
import { AppRoutes, preloadRoute } from './routes.tsx';

export type AppProps = {
  /** Tests hand in their own; the app otherwise makes one with the first screen that needs it. */
  queryClient?: QueryClient;
  authClient?: AuthClient;
};

/**
 * The app over the browser's history. Declarative routes rather than a data router: Penny loads no
 * route data through the router, and the data router's code alone was a quarter of the sign-in page's
 * download (decision 0009).
 */
export function App({ queryClient, authClient }: AppProps) {
  useState(() => {
    // A password-recovery link goes to /reset-password first (its token moves from the hash to
    // `?token=`), before the router reads the address.
    forwardRecoveryLink(window);
    // The current screen's code downloads alongside the session check (a screen that needs a session
    // waits for its answer: AppRoutes).
    preloadRoute(window.location.pathname, { signedIn: false });
  });
  return (
    <AppProviders queryClient={queryClient} authClient={authClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
