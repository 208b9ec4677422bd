import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { onTestFinished } from 'vitest';
import { App, createAppRouter } from '../app/index.ts';
import { createTestAuthClient } from './test-auth-client.ts';

/** Renders the whole app, as main.tsx does, at `path` (a fresh router, auth client and query cache). */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter();
  const authClient = createTestAuthClient();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(<App router={router} authClient={authClient} queryClient={queryClient} />);
  onTestFinished(() => router.dispose());
  return { ...result, router };
}
