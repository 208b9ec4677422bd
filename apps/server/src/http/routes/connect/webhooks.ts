import { WEBHOOK_MAX_BODY_BYTES, webhookEndpoints } from '@penny/contracts';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import type { EndpointMountOptions } from '../../endpoint.ts';
import { fail } from '../../errors.ts';

/**
 * The vendors' webhooks (`/connect/webhooks/...`): no session and no Origin, since the vendor calls
 * them. The service verifies the signature over the exact bytes received, so the body is handed over
 * raw, bounded well below the app's own limit.
 */
export function webhookRoutes({
  services,
  mount,
}: {
  services: DomainServices;
  mount: EndpointMountOptions;
}) {
  const router = new Hono<AppEnv>();
  const endpoint = webhookEndpoints.plaidWebhook;
  const limit = bodyLimit({
    maxSize: WEBHOOK_MAX_BODY_BYTES,
    onError: (c) => {
      c.header('connection', 'close');
      return fail(c, 'request:too-large', 'Request body is too large.');
    },
  });
  router.on(endpoint.method, endpoint.path, limit, async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const answer = await services.webhooks.plaid(body, c.req.header('plaid-verification'));
    if (mount.checkResponses) endpoint.response.parse(answer);
    c.header('cache-control', 'no-store');
    return c.json(answer);
  });
  return router;
}
