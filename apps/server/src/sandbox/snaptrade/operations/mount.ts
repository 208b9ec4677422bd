import type { Context, Hono } from 'hono';
import { SANDBOX_RATE_RULES } from '../../host.ts';
import type { SnapTradeErrorName } from '../errors.ts';
import { signatureMatches, signedContent } from '../signature.ts';
import { findUser, secretMatches } from '../state.ts';
import { errorResponse, type Operation, type SnapTradeApi, syncedAt } from './context.ts';

/**
 * Serves an operation at its root path and under /api/v1 (older SDKs), as SnapTrade authenticates it:
 * clientId, a fresh timestamp and the signature on every call; on user calls the user and secret, then
 * whatever scenario the tests forced on that user.
 */

const TIMESTAMP_WINDOW_SECONDS = 300;

export function mountOperation(app: Hono, api: SnapTradeApi, operation: Operation): void {
  const segments = operation.path.split('/').filter(Boolean).length;
  app.on(operation.method, [operation.path, `/api/v1${operation.path}`], (c) =>
    handleSigned(api, operation, segments, c),
  );
}

async function handleSigned(
  api: SnapTradeApi,
  operation: Operation,
  segments: number,
  c: Context,
): Promise<Response> {
  const { credentials, now } = api;
  const url = new URL(c.req.url);
  const query = url.searchParams;
  const rawQuery = url.search.slice(1);
  const fullPath = url.pathname;
  // The path relative to this app, whatever prefix it is mounted under (and with /api/v1 removed).
  const relativePath = `/${fullPath.split('/').filter(Boolean).slice(-segments).join('/')}`;
  const mountPath = fullPath.slice(0, fullPath.length - relativePath.length).replace(/\/api\/v1$/, '');
  const publicBaseUrl = (api.publicBaseUrl ?? `${url.origin}${mountPath}`).replace(/\/+$/, '');

  const bodyText = operation.method === 'GET' ? '' : await c.req.text();
  const content = signedContent(bodyText);
  /** Refused for its keys: counted against the caller's address, throttled once over its budget. */
  const refuse = async (name: SnapTradeErrorName) =>
    (await api.host.allow(`snaptrade:refused:${api.host.address(c)}`, SANDBOX_RATE_RULES.refusedPerAddress))
      ? errorResponse(c, name)
      : errorResponse(c, 'throttled');
  const clientId = query.get('clientId');
  if (clientId !== credentials.clientId) return refuse('unknown-client');
  const timestamp = Number(query.get('timestamp'));
  if (
    !Number.isInteger(timestamp) ||
    Math.abs(now().getTime() / 1000 - timestamp) > TIMESTAMP_WINDOW_SECONDS
  ) {
    return refuse('stale-timestamp');
  }
  // SDK 11+ signs the path relative to its base; SDK 10 and older sign "/api/v1" + that path.
  const candidates = [...new Set([fullPath, `/api/v1${relativePath}`, relativePath])];
  // A body that is not JSON is checked as signed text: only a caller holding the key learns it is bad.
  const signed = content === undefined ? bodyText : content;
  if (!signatureMatches(credentials.consumerKey, c.req.header('Signature'), signed, candidates, rawQuery)) {
    return refuse('bad-signature');
  }
  if (!(await api.host.allow(`snaptrade:client:${clientId}`, SANDBOX_RATE_RULES.perClient))) {
    return errorResponse(c, 'throttled');
  }
  if (content === undefined) return errorResponse(c, 'invalid-input', 'The request body is not valid JSON.');
  const common = { c, query, body: content, clientId, publicBaseUrl };
  if (operation.scope === 'partner') return operation.handle(common);

  const userId = query.get('userId');
  const userSecret = query.get('userSecret');
  const user = userId ? await findUser(api.store, clientId, userId) : undefined;
  if (!user || !userSecret || !secretMatches(user, userSecret)) return errorResponse(c, 'bad-user');
  const scenario = user.scenario;
  if (scenario?.name === 'timeout') await pause(scenario.delayMs, c.req.raw.signal);
  if (scenario?.name === 'upstream_down') return errorResponse(c, 'brokerage-unavailable');
  if (scenario?.name === 'internal_error') return errorResponse(c, 'internal');
  if (scenario?.name === 'connection_disabled' && operation.reach === 'account-data') {
    return errorResponse(c, 'connection-disabled');
  }
  const shown =
    scenario?.name === 'connection_disabled'
      ? {
          ...user,
          authorizations: user.authorizations.map((authorization) => ({
            ...authorization,
            disabledAt: authorization.disabledAt ?? syncedAt(now),
          })),
        }
      : user;
  return operation.handle({ ...common, user: shown });
}

/** Waits `ms`, or less if the client hangs up first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
