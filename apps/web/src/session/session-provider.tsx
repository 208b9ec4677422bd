import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { toast } from '../ui/index.ts';
import type { AuthClient } from './auth-client.ts';
import { clearClientState, QueryClientHolderContext } from './client-state.ts';
import { useMobileDeepLink } from './deep-link.ts';
import type { RefreshOutcome } from './session-keeper.ts';
import { SESSION_TOASTS } from './session-messages.ts';
import { fetchPreflightSession, type PreflightSession } from './session-preflight.ts';
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
   * Signs out and forgets every client cache. On failure shows the required toast (docs/product/identity.md,
   * "Error catalogue") and resolves false (the user stays signed in).
   */
  signOut: () => Promise<boolean>;
  /** Forgets the session locally after the server already ended it (e.g. the account was deleted). */
  endSession: () => Promise<void>;
  /**
   * The Better Auth client this session follows; screens call sign-in, sign-up, reset through it. Its
   * code loads after the first screen shows, so it is awaited (at once when already loaded).
   */
  loadAuthClient: () => Promise<AuthClient>;
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
  /** Defaults to the app's client, loaded after the first screen; tests pass a fresh one. */
  client?: AuthClient;
  children: ReactNode;
};

let defaultClient: Promise<AuthClient> | undefined;

/** The app's Better Auth client, its code fetched on first need (not with the first screen). */
function loadDefaultAuthClient(): Promise<AuthClient> {
  if (!defaultClient) {
    const attempt = import('./auth-client.ts').then((module) => module.getAuthClient());
    defaultClient = attempt;
    // A failed download is forgotten, so the next need tries again.
    attempt.catch(() => {
      if (defaultClient === attempt) defaultClient = undefined;
    });
  }
  return defaultClient;
}

/** Better Auth's session store, as the client's `useSession()` reads it. */
type ClientSession = ReturnType<AuthClient['useSession']>;

/** Mounted once the client is there: follows its session store and hands every change up. */
function ClientSessionBridge({
  client,
  onChange,
}: {
  client: AuthClient;
  onChange: (session: ClientSession) => void;
}) {
  const session = client.useSession();
  useEffect(() => onChange(session), [session, onChange]);
  return null;
}

/**
 * Follows Better Auth's session (`GET /api/auth/get-session`, cookie or in-memory bearer) for the whole
 * app, keeps it alive while the user is active, and clears every client cache when it ends. Without a
 * `client`, the first check is a plain fetch (session-preflight.ts) and Better Auth's client loads
 * right after it; its session store takes over once it has answered.
 */
export function SessionProvider({ client, children }: SessionProviderProps) {
  // Better Auth's client is a callable proxy: React must not take it for an initializer or updater.
  const [loadedClient, setLoadedClient] = useState<AuthClient | null>(() => client ?? null);
  const [preflight, setPreflight] = useState<PreflightSession | null>(null);
  const [clientSession, setClientSession] = useState<ClientSession | null>(null);
  const queryCache = useContext(QueryClientHolderContext);
  useMobileDeepLink();

  const loadAuthClient = useCallback(async () => {
    if (client) return client;
    const loaded = await loadDefaultAuthClient();
    setLoadedClient(() => loaded);
    return loaded;
  }, [client]);

  // Without a client: the plain first check, then the client (seeded with what the check found).
  useEffect(() => {
    if (client) return;
    let live = true;
    void fetchPreflightSession().then(async (found) => {
      if (!live) return;
      setPreflight(found);
      const loaded = await loadDefaultAuthClient().catch(() => null);
      if (!live || !loaded) return;
      if (found.session) loaded.hydrateSession(found.session);
      setLoadedClient(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [client]);

  // The client's store answers for the session from its first settled check on (for good: a later
  // re-check must not bring the plain check's old answer back); until then the plain check does.
  const storeAnswered = useRef(false);
  if (clientSession && !(clientSession.isPending && clientSession.data === null))
    storeAnswered.current = true;
  const fromPreflight = !storeAnswered.current && preflight !== null;
  const rawUser: RawUser | null = fromPreflight ? preflight.user : (clientSession?.data?.user ?? null);
  const pending = fromPreflight ? false : (clientSession?.isPending ?? true);
  const error: unknown = fromPreflight ? preflight.error : (clientSession?.error ?? null);

  // 'checking' is the first check only: a later re-check (Better Auth re-reads the session after sign-in
  // and sign-up) must not unmount the screen that is waiting for its outcome.
  const settled = useRef(false);
  if (!pending) settled.current = true;
  const status: SessionStatus = rawUser
    ? 'signed-in'
    : pending && !settled.current
      ? 'checking'
      : 'signed-out';

  // Signed out, the bearer token is gone in the same commit, before any screen's effect runs (passive
  // effects run children first): a signed-out screen's first request must carry the anonymous token.
  useLayoutEffect(() => {
    if (status === 'signed-out') setSessionToken(null);
  }, [status]);

  // Leaving the signed-in state by any road (sign-out, expiry, deleted account) forgets the user's data.
  const previousStatus = useRef<SessionStatus>(status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = status;
    if (status === 'signed-out' && was === 'signed-in') clearClientState(queryCache.current ?? undefined);
  }, [status, queryCache]);

  const storeRefetch = clientSession?.refetch;
  const refetch = useCallback(async () => {
    if (storeRefetch) {
      await storeRefetch();
      return;
    }
    // The store is not followed yet and may hold the first check's answer: read the session now
    // through the client (its bearer and cookie) and put the fresh answer in the store.
    const loaded = await loadAuthClient();
    const fresh = await loaded.getSession();
    if (!fresh.error) loaded.hydrateSession(fresh.data ?? null);
  }, [storeRefetch, loadAuthClient]);

  // The caches are cleared by the effect above once the session check reports signed-out, so no
  // screen of the signed-in app re-fetches with the old identity in between.
  const endSession = useCallback(async () => {
    try {
      await (await loadAuthClient()).signOut();
    } catch {
      // The server may already have ended it; the local state is what matters here.
    }
    setSessionToken(null);
    await refetch();
  }, [loadAuthClient, refetch]);

  const signOut = useCallback(async () => {
    try {
      const result = await (await loadAuthClient()).signOut();
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
  }, [loadAuthClient, refetch]);

  useSessionKeeper(status === 'signed-in' ? rawUser?.id : undefined, loadAuthClient, endSession);

  const userKey = rawUser ? JSON.stringify(toSessionUser(rawUser)) : null;
  const value = useMemo<SessionState>(
    () => ({
      status,
      user: userKey ? (JSON.parse(userKey) as SessionUser) : null,
      error: toError(error),
      refetch,
      signOut,
      endSession,
      loadAuthClient,
    }),
    [status, userKey, error, refetch, signOut, endSession, loadAuthClient],
  );
  return (
    <SessionContext.Provider value={value}>
      {loadedClient ? <ClientSessionBridge client={loadedClient} onChange={setClientSession} /> : null}
      {children}
    </SessionContext.Provider>
  );
}

/** While a user is signed in: refresh on activity, expire on inactivity (session-keeper.ts). */
function useSessionKeeper(
  userId: string | undefined,
  loadAuthClient: () => Promise<AuthClient>,
  endSession: () => Promise<void>,
): void {
  // The keeper must not restart when these change identity; it runs once per signed-in user.
  const latest = useRef({ loadAuthClient, endSession });
  latest.current = { loadAuthClient, endSession };

  useEffect(() => {
    if (!userId) return;
    // Signed-in only: its code is not part of the sign-in and sign-up screens' download.
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./session-keeper.ts').then(({ startSessionKeeper }) => {
      if (stopped) return;
      stop = startSessionKeeper({
        refresh: async (): Promise<RefreshOutcome> => {
          const authClient = await latest.current.loadAuthClient();
          const result = await authClient.getSession({ query: { disableCookieCache: true } });
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
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [userId]);
}

/** `{status, user, error, refetch, signOut, endSession, authClient}`. */
export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** Loads (once) and returns the session's Better Auth client. */
export function useAuthClient(): () => Promise<AuthClient> {
  return useSession().loadAuthClient;
}
