import type { EndpointDefinition } from './endpoint-definition.ts';
import { plaidWebhookSchema, snaptradeWebhookSchema, webhookReceivedSchema } from './webhooks.ts';

/**
 * The vendors' webhooks (`/connect/webhooks`): no session, no Origin, no form. The signature is
 * checked before anything is acted on (Plaid's over the raw bytes, before they are read; SnapTrade's
 * over the payload re-serialised, so read first within the same bounds as every body); the body schema
 * applies only to a verified one. Kept apart from endpoints.ts, which lists them with the rest.
 */
export const webhookEndpoints = {
  plaidWebhook: {
    service: 'connect',
    method: 'POST',
    path: '/webhooks/plaid',
    body: plaidWebhookSchema,
    response: webhookReceivedSchema,
    errors: [
      'webhook:unverified',
      'webhook:replayed',
      'request:too-large',
      'request:not-json',
      // Plaid unreachable while a new signing key is fetched: Plaid delivers the webhook again.
      'accounts:provider-unavailable',
    ],
  },
  snaptradeWebhook: {
    service: 'connect',
    method: 'POST',
    path: '/webhooks/snaptrade',
    body: snaptradeWebhookSchema,
    response: webhookReceivedSchema,
    errors: ['webhook:unverified', 'webhook:replayed', 'request:too-large', 'request:not-json'],
  },
} as const satisfies Record<string, EndpointDefinition>;
