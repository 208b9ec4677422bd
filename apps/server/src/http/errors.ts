import type { ApiErrorBody, ApiErrorCode, EnvelopeErrorCode } from '@penny/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { ServiceError } from '../services/errors.ts';
import type { AppContext } from './context.ts';

/** The HTTP status of each error code: exhaustive, so a new code fails to compile until it has one. */
const envelopeStatus = {
  required: 400,
  malformed: 400,
  badBase64: 400,
  badLength: 400,
  openFailed: 400,
  invalidPlaintext: 400,
  stale: 400,
  replayed: 400,
  mismatch: 400,
  tooLarge: 413,
  tooDeep: 400,
  tooMany: 429,
  unavailable: 503,
} as const satisfies Record<EnvelopeErrorCode, ContentfulStatusCode>;

export const ERROR_STATUS = {
  'request:invalid': 400,
  'request:not-json': 400,
  'request:too-large': 413,
  'request:not-found': 404,
  'request:too-many': 429,
  'auth:required': 401,
  'auth:session-expired': 401,
  'auth:other-user': 403,
  'auth:origin-refused': 403,
  'resource:missing-user-info': 400,
  'resource:not-found': 404,
  'accounts:unsupported-platform': 400,
  'accounts:not-found': 404,
  'accounts:invalid-address': 400,
  'accounts:private-key-refused': 400,
  'accounts:link-token-invalid': 400,
  // The provider, not Penny, is down: a gateway answer the client may retry.
  'accounts:provider-unavailable': 503,
  'accounts:provider-login-required': 409,
  'accounts:provider-refused': 502,
  'chat:thread-not-found': 404,
  'chat:turn-not-found': 404,
  'chat:turn-in-progress': 409,
  'chat:thread-full': 409,
  'actions:proposal-not-found': 404,
  // The proposal's state, not the request, stands in the way: ask again for a new one.
  'actions:proposal-expired': 409,
  'actions:proposal-closed': 409,
  'actions:proposal-stale': 409,
  'actions:unknown-item': 400,
  'actions:change-not-found': 404,
  'actions:change-superseded': 409,
  // A quota of what one user may keep (USER_QUOTAS): the state, not the request, stands in the way.
  'quota:resources': 409,
  'quota:threads': 409,
  'quota:storage': 409,
  'quota:connections': 409,
  // A vendor's webhook whose signature does not hold (missing, forged, stale, another body), or one
  // already received: the vendor's own deliveries never see these (docs/security.md, "Webhooks").
  'webhook:unverified': 401,
  'webhook:replayed': 409,
  'server:unavailable': 503,
  'server:error': 500,
  ...(Object.fromEntries(
    Object.entries(envelopeStatus).map(([code, status]) => [`envelope:${code}`, status]),
  ) as { [K in EnvelopeErrorCode as `envelope:${K}`]: (typeof envelopeStatus)[K] }),
} as const satisfies Record<ApiErrorCode, ContentfulStatusCode>;

/** A failure the caller caused or may see: rendered as `{ success: false, error, code }`. */
export class ApiFailure extends Error {
  override name = 'ApiFailure';
  readonly code: ApiErrorCode;
  readonly status: ContentfulStatusCode;
  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

export function fail(c: AppContext, code: ApiErrorCode, error: string) {
  return c.json({ success: false, error, code } satisfies ApiErrorBody, ERROR_STATUS[code]);
}

/** A service's refusal (services/errors.ts) as the HTTP failure it maps to. */
export function failureOf(error: unknown): ApiFailure | undefined {
  if (error instanceof ApiFailure) return error;
  if (error instanceof ServiceError) return new ApiFailure(error.code, error.message);
  return undefined;
}

/** One readable sentence naming each bad field, e.g. "Invalid request: firstName: Required". */
export function describeZodError(error: ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return `${where}${issue.message}`;
  });
  return `Invalid request: ${parts.join('; ')}`;
}
