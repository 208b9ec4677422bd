import type { AuthClient } from './auth-client.ts';
import { getSessionToken, setSessionToken } from './token.ts';

/** Response header in which Better Auth's bearer plugin hands out the session token (auth-client.ts). */
const TOKEN_HEADER = 'set-auth-token';

/** Better Auth's `get-session` answer, as its client's store holds it. */
export type SessionAnswer = NonNullable<Parameters<AuthClient['hydrateSession']>[0]>;

/** The user fields the session provider reads (session-provider.tsx `RawUser`). */
export type PreflightUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  username?: string | null;
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  phoneNumber?: string | null;
  country?: string | null;
  dateOfBirth?: string | null;
};

/** What the first session check found: the user (when there is one) or why the check failed. */
export type PreflightSession = {
  user: PreflightUser | null;
  /** The answer as is when it holds a user, to seed the client's session store (`hydrateSession`). */
  session: SessionAnswer | null;
  error: unknown;
};

function isUser(value: unknown): value is PreflightUser {
  if (typeof value !== 'object' || value === null) return false;
  return 'id' in value && typeof value.id === 'string' && 'email' in value && typeof value.email === 'string';
}

/**
 * The app's first `GET /api/auth/get-session`, with a plain `fetch`, so the first screen needs no Better
 * Auth client (its code loads after the screen shows). Same request as the client's: cookie, and the
 * in-memory bearer token when one is held; a token the answer hands out is kept the same way.
 */
export async function fetchPreflightSession(
  baseURL = `${window.location.origin}/api/auth`,
): Promise<PreflightSession> {
  try {
    const token = getSessionToken();
    const response = await globalThis.fetch(`${baseURL}/get-session`, {
      method: 'GET',
      credentials: 'include',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) {
      return {
        user: null,
        session: null,
        error: { status: response.status, statusText: response.statusText },
      };
    }
    const newToken = response.headers.get(TOKEN_HEADER);
    if (newToken) setSessionToken(newToken);
    const text = await response.text();
    const answer: unknown = text ? JSON.parse(text) : null;
    if (typeof answer !== 'object' || answer === null || !('user' in answer) || !isUser(answer.user)) {
      return { user: null, session: null, error: null };
    }
    // Checked for a user above; the rest is Better Auth's own answer, handed back to its client as is.
    return { user: answer.user, session: answer as SessionAnswer, error: null };
  } catch (error) {
    return { user: null, session: null, error };
  }
}
