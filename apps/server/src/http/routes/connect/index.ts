import { accountMessages, apiMessages, connectEndpoints, findJsonProblem, LINKING } from '@penny/contracts';
import { Hono, type MiddlewareHandler } from 'hono';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { ApiFailure, fail } from '../../errors.ts';
import { assertSameUser } from '../../identity-guard.ts';
import { webhookRoutes } from './webhooks.ts';

/**
 * A cookie-authenticated POST must come from our own pages: a browser always sends Origin on a
 * cross-origin POST (and on same-origin fetch POSTs), so a missing or foreign Origin is refused. This
 * stands in for the Authorization header that the request wrapper removes on these calls
 * (docs/product/chat.md, "Request wrapper").
 */
export function sameOriginOnly(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || !allowed.has(origin)) return fail(c, 'auth:origin-refused', accountMessages.originRefused);
    return next();
  };
}

/**
 * Reads a form (urlencoded or multipart) or a JSON body into the context, where the endpoint's schema
 * parses it. Only strings are taken from a form; files are refused.
 */
export const formOrJsonBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return fail(c, 'request:invalid', 'Request body is not a valid form.');
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of form) {
      if (typeof value !== 'string') return fail(c, 'request:invalid', 'Files are not accepted here.');
      fields[name] = value;
    }
    c.set('body', fields);
    return next();
  }
  const text = await c.req.text();
  if (text.trim() === '') {
    c.set('body', {});
    return next();
  }
  if (type !== '' && type !== 'application/json' && type !== 'text/plain') {
    return fail(c, 'request:invalid', 'Send a form or JSON.');
  }
  try {
    c.set('body', JSON.parse(text));
  } catch {
    return fail(c, 'request:not-json', 'Request body must be valid JSON.');
  }
  const problem = findJsonProblem(c.get('body'));
  if (problem) return fail(c, 'request:invalid', `Invalid request: ${problem.message}`);
  return next();
};

/**
 * The account-connection service (`/connect/api`): Plaid link and exchange, SnapTrade user and portal.
 * Tokens and secrets are exchanged and sealed server-side; nothing secret is answered.
 */
export function connectRoutes({
  services,
  mount,
}: {
  services: DomainServices;
  mount: EndpointMountOptions;
}) {
  const router = new Hono<AppEnv>();
  const e = connectEndpoints;
  const { accounts } = services;

  mountEndpoint(
    router,
    e.createLinkToken,
    async (input, c) => {
      // The names are optional here; any that are sent must be the signed-in user's.
      const user = assertSameUser(c, input);
      const token = await accounts.plaidLinkToken(user.id, input.account_name);
      return { link_token: token.linkToken, expiration: token.expiration };
    },
    mount,
  );
  mountEndpoint(
    router,
    e.setAccessToken,
    async (input, c) => {
      const linked = await accounts.plaidExchange(
        assertSameUser(c, input).id,
        input.public_token,
        input.product_name ?? LINKING.defaultProductName,
      );
      return { success: true, account_name: linked.accountName, item_id: linked.itemId };
    },
    mount,
  );
  mountEndpoint(
    router,
    e.plaidDisconnect,
    async (input, c) => {
      await accounts.plaidDisconnect(assertSameUser(c, input).id, input.item_id);
      return { success: true };
    },
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeCheckUser,
    async (input, c) => ({
      success: true,
      hasSnapTradeCredentials: await accounts.snapTradeHasUser(assertSameUser(c, input).id),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeGenerateUser,
    async (input, c) => ({
      success: true,
      userExists: await accounts.snapTradeGenerateUser(assertSameUser(c, input).id),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeGetLoginUri,
    async (input, c) => ({
      success: true,
      redirectURI: await accounts.snapTradeLoginUri(assertSameUser(c, input).id),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeStoreConnection,
    async (input, c) => {
      const stored = await accounts.snapTradeStoreConnection(
        assertSameUser(c, input).id,
        input.connection_id,
      );
      return { success: true, message: accountMessages.connectedCount(stored.length), accounts: stored };
    },
    mount,
  );
  mountEndpoint(
    router,
    e.snaptradeDisconnect,
    async (input, c) => {
      await accounts.snapTradeDisconnect(assertSameUser(c, input).id, input.account_id);
      return { success: true };
    },
    mount,
  );

  router.route('/', webhookRoutes({ services, mount }));
  router.all('/api/*', () => {
    throw new ApiFailure('request:not-found', apiMessages.notFound);
  });
  return router;
}
