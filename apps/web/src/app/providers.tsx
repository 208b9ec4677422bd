import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type AuthClient, SessionProvider } from '../session/index.ts';
import { ThemeProvider, Toaster } from '../ui/index.ts';

/**
 * Server state. The spec's client cache has no time-to-live: data stays fresh until a mutation
 * invalidates it or the page is reloaded.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

export type AppProvidersProps = {
  queryClient: QueryClient;
  /** Defaults to the app's Better Auth client. */
  authClient?: AuthClient | undefined;
  children: ReactNode;
};

export function AppProviders({ queryClient, authClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SessionProvider {...(authClient ? { client: authClient } : {})}>
          {children}
          <Toaster />
        </SessionProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
