import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { setSessionToken } from './token.ts';

/** The server-state cache, once a screen that needs one has created it (see app/query-scope.tsx). */
export type QueryClientHolder = { current: QueryClient | null };

/**
 * Where the app keeps its query client. The client's code loads only with the screens that fetch
 * server state (not with sign-in), so sign-out finds it here rather than in a provider above it.
 */
export const QueryClientHolderContext = createContext<QueryClientHolder>({ current: null });

/** Local key of the persisted client state (chat histories, visualizations, loaded threads). */
export const PERSISTENT_STATE_KEY = 'persistentState_v1';

type Cleanup = () => void;
const cleanups = new Set<Cleanup>();

/**
 * Registers something to forget on sign-out (e.g. an in-memory store that mirrors persisted state).
 * Returns the function that unregisters it.
 */
export function onSignOutCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * Forgets the user's data held in the browser: the server-state cache, the persisted client state and
 * whatever features registered (e.g. after "Delete Data"). The session stays.
 */
export function clearUserData(queryClient: QueryClient | undefined): void {
  // Reset, not clear: screens still showing refetch what is left (e.g. the profile).
  void queryClient?.resetQueries();
  forgetLocalState();
}

function forgetLocalState(): void {
  try {
    window.localStorage.removeItem(PERSISTENT_STATE_KEY);
  } catch {
    // Storage blocked: nothing was persisted there either.
  }
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch {
      // One feature's cleanup failing must not keep the others from running.
    }
  }
}

/** Sign-out: the user's data and the in-memory bearer token. */
export function clearClientState(queryClient: QueryClient | undefined): void {
  queryClient?.clear();
  forgetLocalState();
  setSessionToken(null);
}
