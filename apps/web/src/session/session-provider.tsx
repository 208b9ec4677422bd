import { QueryClientContext } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { toast } from '../ui/index.ts';
import { type AuthClient, getAuthClient } from './auth-client.ts';
import { clearClientState } from './client-state.ts';
import { useMobileDeepLink } from './deep-link.ts';
import { type RefreshOutcome, startSessionKeeper } from './session-keeper.ts';
import { SESSION_TOASTS } from './session-messages.ts';
import { setSessionToken } from './token.ts';

export type SessionStatus = 'checking' | 'signed-in' | 'signed-out';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  username: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  country: string | null;
  dateOfBirth: string | null;
};

export type SessionState = {
  status: SessionStatus;
  /** The signed-in user, null otherwise. */
  user: SessionUser | null;
  /** Why the last session check failed (network, server), if it did. Not set for "no session". */
  error: Error | null;
  /** Checks the session again (e.g. after sign-in or a profile change). */
  refetch: () => Promise<void>;
  /**
   * Signs out and forgets every client cache. On failure shows the spec's toast and resolves false
   * (the user stays signed in).
   */
  signOut: () => Promise<boolean>;
  /** Forgets the session locally after the server already ended it (e.g. the account was deleted). */
  endSession: () => Promise<void>;
  /** The Better Auth client this session follows; screens call sign-in, sign-up, reset through it. */
  authClient: AuthClient;
};

const SessionContext = createContext<SessionState | null>(null);

type RawUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  username?: string | null | undefined;
  firstName?: string | null | undefined;
  middleName?: string | null | undefined;
  lastName?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  country?: string | null | undefined;
  dateOfBirth?: string | Date | null | undefined;
};

function toSessionUser(user: RawUser): SessionUser {
  const dob = user.dateOfBirth;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    middleName: user.middleName ?? null,
    lastName: user.lastName ?? null,
    phoneNumber: user.phoneNumber ?? null,
    country: user.country ?? null,
    dateOfBirth: dob instanceof Date ? dob.toISOString().slice(0, 10) : (dob ?? null),
  };
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  if (typeof error === 'object' && error && 'statusText' in error && typeof error.statusText === 'string') {
    return error.statusText;
  }
  return '';
}

function toError(error: unknown): Error | null {
  if (!error) return null;
  if (error instanceof Error) return error;
  return new Error(messageOf(error) || 'Failed to retrieve initial session.');
}

export type SessionProviderProps = {
  /** Defaults to the app's client; tests pass a fresh one. */
  client?: AuthClient;
  children: ReactNode;
};

/**
 * Follows Better Auth's session (`GET /api/auth/get-session`, cookie or in-memory bearer) for the whole
 * app, keeps it alive while the user is active, and clears every client cache when it ends.
 */
export function SessionProvider({ client, children }: SessionProviderProps) {
  const authClient = client ?? getAuthClient();
  const queryClient = useContext(QueryClientContext);
  const { data, isPending, error, refetch } = authClient.useSession();
  useMobileDeepLink();

  const rawUser = data?.user ?? null;
  // 'checking' is the first check only: a later re-check (Better Auth re-reads the session after sign-in
  // and sign-up) must not unmount the screen that is waiting for its outcome.
  const settled = useRef(false);
  if (!isPending) settled.current = true;
  const status: SessionStatus = rawUser
    ? 'signed-in'
    : isPending && !settled.current
      ? 'checking'
      : 'signed-out';

  // Leaving the signed-in state by any road (sign-out, expiry, deleted account) forgets the user's data.
  const previousStatus = useRef<SessionStatus>(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (status !== 'signed-out') return;
    if (was === 'signed-in') clearClientState(queryClient);
    else setSessionToken(null);
  }, [status, queryClient]);

  const refetchSession = useCallback(() => refetch(), [refetch]);

  // The caches are cleared by the effect above once the session check reports signed-out, so no
  // screen of the signed-in app re-fetches with the old identity in between.
  const endSession = useCallback(async () => {
    try {
      await authClient.signOut();
    } catch {
      // The server may already have ended it; the local state is what matters here.
    }
    setSessionToken(null);
    await refetch();
  }, [authClient, refetch]);

  const signOut = useCallback(async () => {
    try {
      const result = await authClient.signOut();
      if (result.error) {
        toast.error(SESSION_TOASTS.signOutError.title, {
          description: SESSION_TOASTS.signOutError.description,
        });
        return false;
      }
    } catch {
      toast.error(SESSION_TOASTS.signOutError.title, { description: SESSION_TOASTS.signOutFailed });
      return false;
    }
    setSessionToken(null);
    await refetch();
    return true;
  }, [authClient, refetch]);

  useSessionKeeper(status === 'signed-in' ? rawUser?.id : undefined, authClient, endSession);

  const userKey = rawUser ? JSON.stringify(toSessionUser(rawUser)) : null;
  const value = useMemo<SessionState>(
    () => ({
      status,
      user: userKey ? (JSON.parse(userKey) as SessionUser) : null,
      error: toError(error),
      refetch: refetchSession,
      signOut,
      endSession,
      authClient,
    }),
    [status, userKey, error, refetchSession, signOut, endSession, authClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** While a user is signed in: refresh on activity, expire on inactivity (session-keeper.ts). */
function useSessionKeeper(
  userId: string | undefined,
  authClient: AuthClient,
  endSession: () => Promise<void>,
): void {
  // The keeper must not restart when these change identity; it runs once per signed-in user.
  const latest = useRef({ authClient, endSession });
  latest.current = { authClient, endSession };

  useEffect(() => {
    if (!userId) return;
    return startSessionKeeper({
      refresh: async (): Promise<RefreshOutcome> => {
        const result = await latest.current.authClient.getSession({ query: { disableCookieCache: true } });
        if (result.error) return { kind: 'error', message: messageOf(result.error) };
        return result.data?.user ? { kind: 'ok' } : { kind: 'expired' };
      },
      onExpired: () => {
        toast.error(SESSION_TOASTS.sessionExpired.title, {
          description: SESSION_TOASTS.sessionExpired.description,
        });
        void latest.current.endSession();
      },
      onRefreshError: () => {
        toast.error(SESSION_TOASTS.sessionError.title, {
          description: SESSION_TOASTS.sessionError.description,
        });
        void latest.current.endSession();
      },
    });
  }, [userId]);
}

/** `{status, user, error, refetch, signOut, endSession, authClient}`. */
export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** The session's Better Auth client. */
export function useAuthClient(): AuthClient {
  return useSession().authClient;
}
