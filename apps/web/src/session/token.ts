/**
 * The bearer session token, kept in memory only (never in localStorage or sessionStorage): it comes from
 * the `set-auth-token` response header of Better Auth's bearer plugin. A page reload forgets it; the
 * httpOnly session cookie still identifies the browser and the next auth response hands out a new one.
 */
let sessionToken: string | null = null;

export function getSessionToken(): string | null {
  return sessionToken;
}

export function setSessionToken(token: string | null): void {
  sessionToken = token && token.length > 0 ? token : null;
}
