import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  type AuthClient,
  type QueryClientHolder,
  QueryClientHolderContext,
  SessionProvider,
} from '../session/index.ts';
import { ThemeProvider, Toaster } from '../ui/index.ts';

export type AppProvidersProps = {
  /**
   * A query client to use from the start (tests). Without one, the app makes its own when the first
   * screen that fetches server state loads (QueryScope), so its code stays off the sign-in page.
   */
  queryClient?: QueryClient | undefined;
  /** Defaults to the app's Better Auth client. */
  authClient?: AuthClient | undefined;
  children: ReactNode;
};

export function AppProviders({ queryClient, authClient, children }: AppProvidersProps) {
  const [holder] = useState<QueryClientHolder>(() => ({ current: queryClient ?? null }));
  const tree = (
    <QueryClientHolderContext value={holder}>
      <ThemeProvider>
        <SessionProvider {...(authClient ? { client: authClient } : {})}>
          {children}
          <Toaster />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientHolderContext>
  );
  // QueryClientProvider is a context only; the client's code (query-core) comes with the client.
  return queryClient ? <QueryClientProvider client={queryClient}>{tree}</QueryClientProvider> : tree;
}
