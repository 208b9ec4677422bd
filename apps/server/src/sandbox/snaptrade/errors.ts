/**
 * SnapTrade's error body, `{detail, status_code, code}` (docs "ratelimiting"; api.yaml examples).
 * The codes SnapTrade documents: 1076 bad signature, 1011 no such resource, 3003 connection disabled,
 * 1000 unexpected error, 3002 brokerage unavailable, 0000 throttled. The others below are this fake's
 * choices for cases whose code SnapTrade does not publish.
 */
export type SnapTradeErrorBody = { detail: string; status_code: number; code: string };

export type SnapTradeErrorName =
  | 'bad-signature'
  | 'unknown-client'
  | 'stale-timestamp'
  | 'bad-user'
  | 'user-exists'
  | 'invalid-input'
  | 'not-found'
  | 'connection-disabled'
  | 'internal'
  | 'brokerage-unavailable'
  | 'throttled'
  | 'unknown-symbol'
  | 'insufficient-funds'
  | 'insufficient-units'
  | 'trade-expired'
  | 'trade-placed'
  | 'read-only-connection'
  | 'order-not-open';

export const SNAPTRADE_ERRORS = {
  'bad-signature': { status: 401, code: '1076', detail: 'Unable to verify signature sent' },
  'unknown-client': { status: 401, code: '1076', detail: 'Invalid clientId provided' },
  'stale-timestamp': { status: 401, code: '1077', detail: 'Timestamp is outside the allowed window' },
  'bad-user': { status: 401, code: '1083', detail: 'Invalid userID or userSecret provided' },
  'user-exists': { status: 400, code: '1010', detail: 'User with the following userId already exist' },
  'invalid-input': { status: 400, code: '1004', detail: 'Invalid request' },
  'not-found': { status: 404, code: '1011', detail: 'The requested resource does not exist.' },
  'connection-disabled': {
    status: 402,
    code: '3003',
    detail: 'Unable to sync with brokerage account because the connection is disabled.',
  },
  internal: { status: 500, code: '1000', detail: 'An unexpected exception occurred.' },
  'brokerage-unavailable': {
    status: 503,
    code: '3002',
    detail: 'Unable to communicate with the brokerage. Please try again later.',
  },
  throttled: { status: 429, code: '0000', detail: 'Request was throttled. Please try again later.' },
  // Trading refusals (POST /trade/impact, POST /trade/{tradeId}): SnapTrade answers them as 400s with the
  // brokerage's reason; the codes are this fake's.
  'unknown-symbol': { status: 400, code: '4001', detail: 'The symbol is not tradable in this account.' },
  'insufficient-funds': {
    status: 400,
    code: '4002',
    detail: 'The account does not have enough cash for this order.',
  },
  'insufficient-units': {
    status: 400,
    code: '4003',
    detail: 'The account does not hold enough units to sell.',
  },
  'trade-expired': {
    status: 400,
    code: '4004',
    detail: 'This trade has expired. Check the order impact again.',
  },
  'trade-placed': { status: 400, code: '4005', detail: 'This trade was already placed.' },
  'read-only-connection': {
    status: 403,
    code: '4006',
    detail: 'This connection is read-only. Reconnect it with trading permission to place orders.',
  },
  'order-not-open': {
    status: 400,
    code: '4007',
    detail: 'This order is no longer open and cannot be cancelled.',
  },
} as const satisfies Record<SnapTradeErrorName, { status: number; code: string; detail: string }>;

export type SnapTradeErrorStatus = (typeof SNAPTRADE_ERRORS)[SnapTradeErrorName]['status'];

export function snapTradeError(
  name: SnapTradeErrorName,
  detail?: string,
): { status: SnapTradeErrorStatus; body: SnapTradeErrorBody } {
  const error = SNAPTRADE_ERRORS[name];
  return {
    status: error.status,
    body: { detail: detail ?? error.detail, status_code: error.status, code: error.code },
  };
}
