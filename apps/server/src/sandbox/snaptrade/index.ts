/**
 * # SnapTrade sandbox upstream
 *
 * A deterministic fake of SnapTrade's API (https://api.snaptrade.com) for the official
 * `snaptrade-typescript-sdk`, plus a stand-in for its connection portal. Mounted at /sandbox/snaptrade;
 * the SDK's basePath is `http://host/sandbox/snaptrade`. Root paths (`/accounts`, SDK 10.0.13+) and
 * `/api/v1/...` paths (older SDKs) are both served.
 *
 * ## Authentication (as SnapTrade)
 * Query `clientId` and `timestamp` (unix seconds, ±5 min) on every call, the `Signature` header
 * (HMAC-SHA256 with encodeURI(consumerKey) over the sorted-key JSON of {content, path, query}; the path
 * may be the full path, the path relative to the base, or "/api/v1" + it), and `userId` + `userSecret`
 * on user calls. Failures: 401 code 1076 (signature or clientId), 1077 (timestamp), 1083 (user or secret).
 *
 * ## Operations
 * POST /snapTrade/registerUser · DELETE /snapTrade/deleteUser · GET /snapTrade/listUsers ·
 * POST /snapTrade/login (→ `{redirectURI: <base>/portal?token=…, sessionId}`, token one-time, 5 min) ·
 * GET /authorizations · GET|DELETE /authorizations/{id} · DELETE /connection/{id} ·
 * GET /accounts · GET /accounts/{id} · …/balances · …/positions (legacy, numbers) ·
 * …/positions/all (decimal strings) · …/holdings · …/activities (startDate, endDate, offset, limit ≤ 1000,
 * type; newest first; amount + = cash in).
 *
 * ## Trading (trading.ts; operations/trading-operations.ts)
 * POST /accounts/{id}/symbols `{substring}` (UniversalSymbol[]) · GET /accounts/{id}/quotes (symbols,
 * use_ticker; bid = ask = last = the price trades get) · POST /trade/impact (ManualTradeForm:
 * BUY|SELL, Market|Limit, Day|GTC|FOK|IOC, `units` to 0.001 or a market `notional_value`) → the trade
 * (id, expires after 5 minutes), `trade_impacts` (remaining cash, commission) · POST /trade/{tradeId}
 * (placeOrder) → AccountOrderRecord, once per trade: a market order fills at the price, a limit order
 * when the price is at or better than its limit (else it stays ACCEPTED, open). A fill is kept per user
 * and laid over the generated history, so positions, balances and activities show it. Refusals, 400 with
 * SnapTrade's body: 4001 unknown symbol, 4002 not enough cash, 4003 not enough units, 4004 trade expired,
 * 4005 trade already placed; an unknown trade 404/1011. Questrade Practice charges $4.95 on stocks and
 * ETF sales, the others nothing. POST /sandbox/quote `{symbol, price|null}` (Penny's control, partner
 * signed) sets the price trades get, so a test can move it past a limit.
 * Unknown resource: 404 code 1011. Bad input: 400 `{detail, status_code, code}`, never a 500.
 * Never 429 (the SDK would sleep 5 + 10 + 20 s).
 *
 * ## Portal (GET/POST /portal)
 * Pick a brokerage (SnapTrade Sandbox Brokerage, Alpaca Paper, Questrade Practice) and log in:
 * `user_good` / `pass_good` connects (303 to customRedirect?status=SUCCESS&connection_id=<authorization>);
 * password `pass_error` or "Simulate a failure" → ?status=ERROR&status_code=500&error_code=3002;
 * Cancel → ?status=ABANDONED; a wrong password shows the form again. Without customRedirect the page says
 * "Connected. You can close this window." and closes itself. An expired or used token → 400 page.
 *
 * ## Error scenarios on demand (Penny's own control, signed like a partner call)
 * POST /sandbox/scenario `{userId, scenario, delay_ms?}` sets what that user's calls get:
 * - `upstream_down`: 503 code 3002 (brokerage unreachable) on every user call
 * - `internal_error`: 500 code 1000 on every user call
 * - `timeout`: every user call answers after `delay_ms` (default 15 000, max 120 000)
 * - `connection_disabled`: account data calls 402 code 3003 and authorizations show `disabled: true`;
 *   reconnecting through the portal (login with `reconnect`) repairs it
 * - `null`: back to normal.
 *
 * ## Data
 * Each connection holds the "Self-directed" dataset (an individual margin account and a Roth IRA, two
 * years of contributions, trades, dividends, interest and fees), a pure function of the user id, the
 * authorization id and today: see `generateBrokerageData`.
 */
export {
  type ActivityType,
  type BrokerageSeed,
  type GeneratedAccount,
  type GeneratedActivity,
  type GeneratedPosition,
  generateBrokerageData,
} from './brokerage-data/index.ts';
export { type BrokerSlug, SANDBOX_BROKERAGES } from './brokerages.ts';
export { SANDBOX_LOGIN } from './portal.ts';
export { createSnapTradeSandbox, type SnapTradeSandboxDeps } from './sandbox-app.ts';
export { snapTradeSignature } from './signature.ts';
export type { ScenarioName } from './state.ts';
