import {
  changePasswordRequestSchema,
  emptyRequestSchema,
  requestPasswordResetSchema,
  resetPasswordRequestSchema,
  revokeSessionRequestSchema,
  sendVerificationEmailSchema,
  signInRequestSchema,
  signUpRequestSchema,
  updateUserRequestSchema,
  usernameAvailabilityRequestSchema,
} from '@penny/contracts';
import type { z } from 'zod';

/** The Better Auth endpoints the gateway lets through (anything else is a 404), and what each requires. */
export type AuthEndpoint = {
  method: 'GET' | 'POST';
  /** Schema of the JSON body (POST). */
  body?: z.ZodType;
  /** Acts on the caller's session: refused once the session is past its absolute lifetime. */
  session?: boolean;
};

export const AUTH_ENDPOINTS = {
  '/sign-up/email': { method: 'POST', body: signUpRequestSchema },
  '/sign-in/email': { method: 'POST', body: signInRequestSchema },
  '/sign-out': { method: 'POST', body: emptyRequestSchema },
  '/get-session': { method: 'GET', session: true },
  '/request-password-reset': { method: 'POST', body: requestPasswordResetSchema },
  '/reset-password': { method: 'POST', body: resetPasswordRequestSchema },
  '/reset-password/:token': { method: 'GET' },
  '/verify-email': { method: 'GET' },
  '/send-verification-email': { method: 'POST', body: sendVerificationEmailSchema },
  '/is-username-available': { method: 'POST', body: usernameAvailabilityRequestSchema },
  '/update-user': { method: 'POST', body: updateUserRequestSchema, session: true },
  '/change-password': { method: 'POST', body: changePasswordRequestSchema, session: true },
  '/list-sessions': { method: 'GET', session: true },
  '/revoke-session': { method: 'POST', body: revokeSessionRequestSchema, session: true },
  '/revoke-sessions': { method: 'POST', body: emptyRequestSchema, session: true },
  '/revoke-other-sessions': { method: 'POST', body: emptyRequestSchema, session: true },
} as const satisfies Record<string, AuthEndpoint>;

export type AuthEndpointPath = keyof typeof AUTH_ENDPOINTS;
export const AUTH_ENDPOINT_PATHS = Object.keys(AUTH_ENDPOINTS) as AuthEndpointPath[];

/** Endpoints whose success ends sessions or changes what a session's user looks like. */
export const SESSION_CHANGING: ReadonlySet<AuthEndpointPath> = new Set([
  '/sign-out',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/change-password',
  '/reset-password',
  '/update-user',
]);

export function endpointOf(pathname: string): AuthEndpointPath | undefined {
  const path = pathname.replace(/^\/api\/auth/, '');
  if (path in AUTH_ENDPOINTS) return path as AuthEndpointPath;
  if (/^\/reset-password\/[^/]+$/.test(path)) return '/reset-password/:token';
  return undefined;
}
