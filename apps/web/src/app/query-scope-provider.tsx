import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { QueryClientHolderContext } from '../session/index.ts';

/**
 * Server state. The required client cache (docs/product/chat.md, "Cache") has no time-to-live: data stays
 * fresh until a mutation invalidates it or the page is reloaded.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: 0 },
    },
  });
}

/** One client per app, made by the first screen that needs it (or handed to the app, in tests). */
export default function QueryScopeProvider({ children }: { children: ReactNode }) {
  const holder = useContext(QueryClientHolderContext);
  holder.current ??= createQueryClient();
  return <QueryClientProvider client={holder.current}>{children}</QueryClientProvider>;
}
