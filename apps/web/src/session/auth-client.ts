import { inferAdditionalFields, usernameClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { getSessionToken, setSessionToken } from './token.ts';

/** Response header in which Better Auth's bearer plugin hands out the session token. */
export const AUTH_TOKEN_HEADER = 'set-auth-token';

/** Same origin by default: `${origin}/api/auth`. */
export function defaultAuthBaseURL(): string {
  return `${window.location.origin}/api/auth`;
}

/** Where password-reset emails send the user: this origin's /reset-password (a trusted origin). */
export function passwordResetRedirectURL(): string {
  return `${window.location.origin}/reset-password`;
}

export type AuthClientOptions = {
  /** Better Auth base URL, e.g. from the public config's `services.auth`. */
  baseURL?: string;
};

export function createPennyAuthClient({ baseURL = defaultAuthBaseURL() }: AuthClientOptions = {}) {
  return createAuthClient({
    baseURL,
    plugins: [
      usernameClient(),
      // The user fields the server declares (apps/server identity/auth.ts `additionalFields`).
      inferAdditionalFields({
        user: {
          firstName: { type: 'string', required: false },
          middleName: { type: 'string', required: false },
          lastName: { type: 'string', required: false },
          phoneNumber: { type: 'string', required: false },
          country: { type: 'string', required: false },
          dateOfBirth: { type: 'string', required: false },
          agreedToTerms: { type: 'boolean', required: false },
          agreedToPrivacy: { type: 'boolean', required: false },
        },
      }),
    ],
    // The session keeper refreshes on visibility itself, after checking the inactivity deadline; Better
    // Auth's own focus refetch would keep an idle session alive.
    sessionOptions: { refetchOnWindowFocus: false },
    fetchOptions: {
      // Resolve `fetch` at call time rather than when the client is created.
      customFetchImpl: (input, init) => globalThis.fetch(input, init),
      // Cookie first; the in-memory bearer token too when we hold one.
      auth: { type: 'Bearer', token: () => getSessionToken() ?? undefined },
      onSuccess: (context) => {
        const token = context.response.headers.get(AUTH_TOKEN_HEADER);
        if (token) setSessionToken(token);
      },
    },
  });
}

export type AuthClient = ReturnType<typeof createPennyAuthClient>;

let defaultClient: AuthClient | undefined;

/** The app's Better Auth client (created on first use, same origin). */
export function getAuthClient(): AuthClient {
  defaultClient ??= createPennyAuthClient();
  return defaultClient;
}
