import { ProviderError, type ProviderErrorKind } from '../types.ts';

/**
 * Turns whatever a chain client threw (viem's HttpRequestError/TimeoutError/RpcError, a @solana/kit
 * SolanaError, a fetch TypeError or AbortSignal timeout) into a ProviderError of platform 'web3'.
 *
 * Messages are fixed sentences per kind naming the service: client error texts often carry the
 * endpoint URL, and RPC URLs often carry an API key.
 */
export function toProviderError(error: unknown, service: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const { kind, code } = classify(error);
  return providerError(kind, service, code);
}

export function providerError(kind: ProviderErrorKind, service: string, code: string | null): ProviderError {
  return new ProviderError(kind, 'web3', code, MESSAGES[kind](service));
}

const MESSAGES = {
  'invalid-credentials': (service) => `${service} refused the API key.`,
  'login-required': (service) => `${service} needs the account to be linked again.`,
  'rate-limited': (service) => `${service} is rate limiting requests; try again later.`,
  unavailable: (service) => `${service} is unavailable; try again later.`,
  timeout: (service) => `${service} did not answer in time; try again later.`,
  'not-found': (service) => `${service} did not find it.`,
  'invalid-request': (service) => `${service} refused the request.`,
  'cursor-reset': (service) => `${service} changed the data while it was being read; try again.`,
  'order-refused': (service) => `${service} refused the order.`,
  'trade-expired': (service) => `${service} no longer accepts this trade.`,
} as const satisfies Record<ProviderErrorKind, (service: string) => string>;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
]);
const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

function classify(error: unknown): { kind: ProviderErrorKind; code: string | null } {
  for (const link of causes(error)) {
    const name = typeof link.name === 'string' ? link.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout', code: null };
    const context = isRecord(link.context) ? link.context : {};
    const status = [link.status, link.statusCode, context.statusCode].find(
      (value) => typeof value === 'number',
    );
    if (typeof status === 'number') return { kind: kindOfStatus(status), code: String(status) };
    if (typeof link.code === 'string' && TIMEOUT_CODES.has(link.code))
      return { kind: 'timeout', code: link.code };
    if (typeof link.code === 'string' && NETWORK_CODES.has(link.code))
      return { kind: 'unavailable', code: link.code };
    // JSON-RPC error codes: viem keeps them in `code`, @solana/kit in `context.__code`.
    const rpcCode = [link.code, context.__code].find(
      (value) => typeof value === 'number' && value < 0 && value >= -32768,
    );
    if (typeof rpcCode === 'number') return { kind: kindOfRpcCode(rpcCode), code: String(rpcCode) };
  }
  return { kind: 'unavailable', code: null };
}

export function kindOfStatus(status: number): ProviderErrorKind {
  if (status === 429) return 'rate-limited';
  if (status === 401 || status === 403) return 'invalid-credentials';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'unavailable';
  return 'invalid-request';
}

function kindOfRpcCode(code: number): ProviderErrorKind {
  // -32005: "limit exceeded" (Infura, Alchemy and others use it for request and result-size limits).
  if (code === -32005) return 'rate-limited';
  if (code === -32600 || code === -32601 || code === -32602 || code === -32700) return 'invalid-request';
  return 'unavailable';
}

type ErrorLike = Record<string, unknown>;

function isRecord(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

/** The error and its causes, outermost first (bounded: some libraries nest deeply or cyclically). */
function causes(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = error;
  while (isRecord(current) && out.length < 8 && !out.includes(current)) {
    out.push(current);
    current = current.cause;
  }
  return out;
}
