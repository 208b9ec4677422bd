import { SnaptradeError } from 'snaptrade-typescript-sdk';
import { ProviderError, type ProviderErrorKind } from '../types.ts';

/**
 * Any failure of an SDK call → ProviderError. The SDK's own error carries the request URL, whose query
 * holds the userSecret, so it is never kept (no `cause`) and nothing of it but the status, SnapTrade's
 * code and its `detail` reaches the message; known secrets are scrubbed from that too.
 */

const DISABLED_CONNECTION_CODES = new Set(['3003']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

function kindForStatus(status: number, code: string | null): ProviderErrorKind {
  if (code !== null && DISABLED_CONNECTION_CODES.has(code)) return 'login-required';
  if (status === 401 || status === 403) return 'invalid-credentials';
  if (status === 402) return 'login-required';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'invalid-request';
}

function redact(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), encodeURI(secret)])) {
      clean = clean.split(form).join('[redacted]');
    }
  }
  return clean;
}

const field = (body: unknown, key: string): string | null => {
  if (typeof body !== 'object' || body === null || !(key in body)) return null;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

export function toProviderError(
  error: unknown,
  operation: string,
  secrets: readonly string[],
): ProviderError {
  const make = (kind: ProviderErrorKind, code: string | null, message: string) =>
    new ProviderError(
      kind,
      'snaptrade',
      code === null ? null : redact(code, secrets),
      redact(message, secrets),
    );

  if (error instanceof ProviderError) return error;
  if (error instanceof SnaptradeError) {
    if (error.status !== undefined) {
      const code = field(error.responseBody, 'code');
      const detail = (field(error.responseBody, 'detail') ?? error.statusText ?? '').slice(0, 300);
      return make(
        kindForStatus(error.status, code),
        code,
        `SnapTrade ${operation} failed: HTTP ${error.status}${code ? ` (code ${code})` : ''}${detail ? `: ${detail}` : ''}`,
      );
    }
    if (error.code && TIMEOUT_CODES.has(error.code)) {
      return make('timeout', error.code, `SnapTrade ${operation} timed out`);
    }
    return make(
      'unavailable',
      error.code ?? null,
      `SnapTrade ${operation} failed: no answer (${error.code ?? 'network error'})`,
    );
  }
  if (error instanceof Error && error.message.includes('429')) {
    return make('rate-limited', '429', `SnapTrade ${operation} was rate limited`);
  }
  if (error instanceof Error && error.name === 'RequiredError') {
    return make('invalid-request', null, `SnapTrade ${operation} was called without a required parameter`);
  }
  return make('unavailable', null, `SnapTrade ${operation} failed unexpectedly`);
}
