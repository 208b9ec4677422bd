import { z } from 'zod';
import { type EnvelopeErrorCode, envelopeErrors } from './envelope.ts';

/**
 * What an endpoint definition is (endpoints.ts, webhook-endpoints.ts): its service, method, path,
 * schemas and the typed errors it may answer.
 */

/** Typed error codes, `'<area>:<reason>'`; every error answer carries one beside its sentence. */
export const API_ERROR_CODES = [
  'request:invalid',
  'request:not-json',
  'request:too-large',
  'request:not-found',
  'request:too-many',
  'auth:required',
  'auth:session-expired',
  'auth:other-user',
  'auth:origin-refused',
  'resource:missing-user-info',
  'resource:not-found',
  'accounts:unsupported-platform',
  'accounts:not-found',
  'accounts:invalid-address',
  'accounts:private-key-refused',
  'accounts:link-token-invalid',
  'accounts:provider-unavailable',
  'accounts:provider-login-required',
  'accounts:provider-refused',
  'chat:thread-not-found',
  'chat:turn-not-found',
  'chat:turn-in-progress',
  'chat:thread-full',
  'actions:proposal-not-found',
  'actions:proposal-expired',
  'actions:proposal-closed',
  'actions:proposal-stale',
  'actions:unknown-item',
  'actions:change-not-found',
  'actions:change-superseded',
  'quota:resources',
  'quota:threads',
  'quota:storage',
  'quota:connections',
  'webhook:unverified',
  'webhook:replayed',
  'server:unavailable',
  'server:error',
  ...(Object.keys(envelopeErrors) as EnvelopeErrorCode[]).map((code) => `envelope:${code}` as const),
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Every error body of Penny's own services. */
export const apiErrorBodySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(API_ERROR_CODES),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export type ServiceName = 'db' | 'agent' | 'connect';

export type EndpointDefinition = {
  service: ServiceName;
  method: 'GET' | 'POST';
  /** Path under the service's base, with `:name` for a path parameter. */
  path: string;
  /** Query string schema (GET). */
  query?: z.ZodType;
  /** Body schema (POST): sealed JSON for db and agent; a form or plain JSON for connect. */
  body?: z.ZodType;
  /** Path parameter schemas. */
  params?: Record<string, z.ZodType>;
  response: z.ZodType;
  /** Errors this endpoint documents, beyond the ones every endpoint may give (COMMON_ERRORS). */
  errors: readonly ApiErrorCode[];
  /**
   * Reachable with the public anonymous token (only database-setup: docs/product/identity.md,
   * "Data service").
   */
  anonymous?: boolean;
};

/** Errors any endpoint of the database and agent services may answer. */
export const COMMON_ERRORS = [
  'request:invalid',
  'request:too-many',
  'auth:required',
  'auth:session-expired',
  'server:unavailable',
  'server:error',
] as const satisfies readonly ApiErrorCode[];

/** An endpoint's definition, kept exactly as written (its literal types are what clients are typed from). */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}
