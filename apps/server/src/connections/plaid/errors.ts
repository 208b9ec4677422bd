import { z } from 'zod';
import { ProviderError, type ProviderErrorKind } from '../types.ts';

/** What an AxiosError from the plaid SDK carries that we may look at (never its config: headers, body). */
const axiosFailure = z.object({
  isAxiosError: z.literal(true),
  code: z.string().optional(),
  response: z.object({ status: z.number(), data: z.unknown() }).optional(),
});

const plaidErrorBody = z.object({
  error_type: z.string(),
  error_code: z.string(),
  error_message: z.string().optional(),
});

/** Plaid codes with a meaning of their own; the rest fall back on the type and status. */
const KIND_OF_CODE: Record<string, ProviderErrorKind> = {
  INVALID_CREDENTIALS: 'invalid-credentials',
  INVALID_API_KEYS: 'invalid-credentials',
  ITEM_LOGIN_REQUIRED: 'login-required',
  ACCESS_NOT_GRANTED: 'login-required',
  INVALID_ACCESS_TOKEN: 'not-found',
  ITEM_NOT_FOUND: 'not-found',
  TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION: 'cursor-reset',
  INTERNAL_SERVER_ERROR: 'unavailable',
  INSTITUTION_DOWN: 'unavailable',
  INSTITUTION_NOT_RESPONDING: 'unavailable',
  INSTITUTION_NOT_AVAILABLE: 'unavailable',
  PLANNED_MAINTENANCE: 'unavailable',
};

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/**
 * Turns a failed SDK call into a ProviderError. Only the status, Plaid's error code and its message are
 * read; the axios error itself (which holds the request's headers and body: API secret, access token)
 * is dropped here and never attached, and the message is scrubbed of anything token-shaped.
 */
export function toProviderError(error: unknown, secrets: readonly string[]): ProviderError {
  if (error instanceof ProviderError) return error;
  const parsed = axiosFailure.safeParse(error);
  if (!parsed.success) {
    return new ProviderError('unavailable', 'plaid', null, 'Plaid call failed unexpectedly.');
  }
  const { code, response } = parsed.data;
  if (!response) {
    if (code && TIMEOUT_CODES.has(code)) {
      return new ProviderError('timeout', 'plaid', code, 'Plaid did not answer in time.');
    }
    return new ProviderError(
      'unavailable',
      'plaid',
      code ?? null,
      `Plaid could not be reached (${code ?? 'network error'}).`,
    );
  }
  const body = plaidErrorBody.safeParse(response.data);
  const plaidCode = body.success ? body.data.error_code : null;
  const message = scrub(
    body.success
      ? `Plaid ${body.data.error_code}: ${body.data.error_message ?? body.data.error_type}`
      : `Plaid answered HTTP ${response.status}.`,
    secrets,
  );
  return new ProviderError(
    kindOf(response.status, body.success ? body.data : null),
    'plaid',
    plaidCode,
    message,
  );
}

function kindOf(status: number, body: { error_type: string; error_code: string } | null): ProviderErrorKind {
  const byCode = body ? KIND_OF_CODE[body.error_code] : undefined;
  if (byCode) return byCode;
  if (status === 429 || body?.error_type === 'RATE_LIMIT_EXCEEDED') return 'rate-limited';
  if (status >= 500 || body?.error_type === 'API_ERROR' || body?.error_type === 'INSTITUTION_ERROR') {
    return 'unavailable';
  }
  if (status === 401 || status === 403) return 'invalid-credentials';
  return 'invalid-request';
}

const TOKEN_PATTERN = /\b(?:access|public|link)-(?:sandbox|development|production)-[A-Za-z0-9-]+/g;

function scrub(message: string, secrets: readonly string[]): string {
  let clean = message.replace(TOKEN_PATTERN, '[redacted]');
  for (const secret of secrets) if (secret) clean = clean.replaceAll(secret, '[redacted]');
  return clean.slice(0, 500);
}
