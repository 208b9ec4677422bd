// The zod-free entry: these screens load before any form needs a schema.
import { identityMessages } from '@penny/contracts/messages';

/** The shape of a Better Auth client error (`{ data, error }` results). */
export type AuthError = {
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
  code?: string | undefined;
};

/**
 * docs/product/identity.md, "Error catalogue":
 * "the authentication error description or message, else <fallback>". Too many attempts (429) gets our own
 * sentence rather than a bare status text.
 */
export function authErrorMessage(error: AuthError | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (error.status === 429) return identityMessages.signIn.tooManyAttempts;
  const text = error.message?.trim() || error.statusText?.trim();
  return text ? text : fallback;
}

/** What a thrown value says, for the same messages when the call itself threw (network down). */
export function thrownMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
