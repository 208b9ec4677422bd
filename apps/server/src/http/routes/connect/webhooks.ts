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
  const limit = bodyLimit({
    maxSize: WEBHOOK_MAX_BODY_BYTES,
    onError: (c) => {
      c.header('connection', 'close');
      return fail(c, 'request:too-large', 'Request body is too large.');
    },
  });
  /** One vendor's receiver: the raw bytes and the vendor's signature header, to its service handler. */
  const mountWebhook = (
    endpoint: (typeof webhookEndpoints)[keyof typeof webhookEndpoints],
    signatureHeader: string,
    receive: (body: Uint8Array, signature: string | undefined) => Promise<{ received: true }>,
  ) =>
    router.on(endpoint.method, endpoint.path, limit, async (c) => {
      const answer = await receive(new Uint8Array(await c.req.arrayBuffer()), c.req.header(signatureHeader));
      if (mount.checkResponses) endpoint.response.parse(answer);
      c.header('cache-control', 'no-store');
      return c.json(answer);
    });
  mountWebhook(webhookEndpoints.plaidWebhook, 'plaid-verification', services.webhooks.plaid);
  // SnapTrade signs with a `Signature` header (docs/security.md, "Webhooks").
  mountWebhook(webhookEndpoints.snaptradeWebhook, 'signature', services.webhooks.snaptrade);
  return router;
}
