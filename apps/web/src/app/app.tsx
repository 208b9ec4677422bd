import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { AuthClient } from '../session/index.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import type { AppRouter } from './routes.tsx';

export type AppProps = {
  /** From createAppRouter(); created once, outside React. */
  router: AppRouter;
  queryClient?: QueryClient;
  authClient?: AuthClient;
};

export function App({ router, queryClient, authClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AppProviders queryClient={client} authClient={authClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
