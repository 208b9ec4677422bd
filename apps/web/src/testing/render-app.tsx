import { act, render } from '@testing-library/react';
import { App } from '../app/index.ts';
import { createTestAuthClient } from './test-auth-client.ts';

/**
 * Goes to `path` as the browser's Back and Forward do (a history entry, then `popstate`, which the
 * router follows), for tests that move around without clicking a link.
 */
export async function navigateTo(path: string): Promise<void> {
  await act(async () => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  });
}

/**
 * Renders the whole app, as main.tsx does, at `path`: a fresh auth client, and the query cache the app
 * makes itself with the first screen that needs one.
 */
export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App authClient={createTestAuthClient()} />);
}
