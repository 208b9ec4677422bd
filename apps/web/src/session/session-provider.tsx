import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { type AuthClient, getAuthClient } from './auth-client.ts';
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
};

export type SessionState = {
  status: SessionStatus;
  /** The signed-in user, null otherwise. */
  user: SessionUser | null;
  /** Why the last session check failed (network, server), if it did. Not set for "no session". */
  error: Error | null;
  /** Checks the session again (e.g. after sign-in or a profile change). */
  refetch: () => Promise<void>;
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
};

function toSessionUser(user: RawUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    name: user.name,
    username: user.username ?? null,
    firstName: user.firstName ?? null,
    middleName: user.middleName ?? null,
    lastName: user.lastName ?? null,
  };
}

function toError(error: unknown): Error | null {
  if (!error) return null;
  if (error instanceof Error) return error;
  const message =
    typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
      ? error.message
      : 'Failed to retrieve initial session.';
  return new Error(message);
}

export type SessionProviderProps = {
  /** Defaults to the app's client; tests pass a fresh one. */
  client?: AuthClient;
  children: ReactNode;
};

/** Follows Better Auth's session (cookie based, `GET /api/auth/get-session`) for the whole app. */
export function SessionProvider({ client, children }: SessionProviderProps) {
  const authClient = client ?? getAuthClient();
  const { data, isPending, error, refetch } = authClient.useSession();

  const rawUser = data?.user ?? null;
  const status: SessionStatus = rawUser ? 'signed-in' : isPending ? 'checking' : 'signed-out';

  useEffect(() => {
    if (status === 'signed-out') setSessionToken(null);
  }, [status]);

  const userKey = rawUser ? JSON.stringify(toSessionUser(rawUser)) : null;
  const value = useMemo<SessionState>(
    () => ({
      status,
      user: userKey ? (JSON.parse(userKey) as SessionUser) : null,
      error: toError(error),
      refetch: () => refetch(),
    }),
    [status, userKey, error, refetch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** `{status: 'checking' | 'signed-in' | 'signed-out', user, error, refetch}`. */
export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
