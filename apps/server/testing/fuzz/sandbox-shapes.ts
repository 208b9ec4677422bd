// Request shapes of the sandbox upstreams: the stand-in pages a browser calls (fake Link, the brokerage
// portal) with the user's own link session or the other user's, and the vendors' APIs called without
// the installation's keys (none, or the ones the source used to print).

import fc from 'fast-check';
import type { Endpoint } from './endpoints.ts';
import { P } from './placeholders.ts';
import { body, query, type Shape } from './shape.ts';
import { hostileString, hostileValue, idArb, text, token } from './values.ts';

/** The keys the source used to print, before each installation had its own. */
const OLD_KEYS = {
  plaid: { clientId: 'penny-sandbox-client-id', secret: 'penny-sandbox-secret' },
  snaptrade: { clientId: 'PENNY-SANDBOX' },
} as const;

const linkToken = fc.oneof(
  { weight: 4, arbitrary: fc.constant(P.linkToken) },
  { weight: 4, arbitrary: fc.constant(P.otherLinkToken) },
  { weight: 1, arbitrary: fc.uuid().map((id) => `link-sandbox-${id}`) },
  { weight: 1, arbitrary: hostileString },
);
const portalToken = fc.oneof(
  { weight: 4, arbitrary: fc.constant(P.portalToken) },
  { weight: 4, arbitrary: fc.constant(P.otherPortalToken) },
  { weight: 1, arbitrary: token },
  { weight: 1, arbitrary: hostileString },
);
/** Mostly the sandbox's good login, so that the user's own sessions get through often enough to count. */
const sandboxLogin = fc.record({
  username: fc.oneof({ weight: 8, arbitrary: fc.constant('user_good') }, { weight: 1, arbitrary: text }),
  password: fc.oneof(
    { weight: 8, arbitrary: fc.constant('pass_good') },
    { weight: 1, arbitrary: fc.constantFrom('error_INVALID_CREDENTIALS', 'pass_error', 'wrong') },
    { weight: 1, arbitrary: hostileString },
  ),
});

export const sandboxShapes: Record<string, fc.Arbitrary<Shape>> = {
  'GET /sandbox/plaid/link/institutions': fc.constant({}),
  'POST /sandbox/plaid/link/public_token': body(
    fc
      .tuple(
        fc.record({
          link_token: linkToken,
          institution_id: fc.oneof(
            { weight: 8, arbitrary: fc.constantFrom('ins_109508', 'ins_109511') },
            { weight: 1, arbitrary: fc.constant('ins_999') },
            { weight: 1, arbitrary: hostileValue },
          ),
          account_ids: fc.oneof(
            { weight: 6, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.array(idArb, { maxLength: 3 }) },
          ),
        }),
        sandboxLogin,
      )
      .map(([fields, login]) => ({ ...fields, ...login })),
  ),
  'GET /sandbox/snaptrade/portal': query(fc.record({ token: portalToken })),
  'POST /sandbox/snaptrade/portal': body(
    fc
      .tuple(
        fc.record({
          token: portalToken,
          action: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('connect', 'cancel', 'fail') },
            { weight: 1, arbitrary: hostileValue },
          ),
          broker: fc.constantFrom('SANDBOX', 'ALPACA-PAPER', 'NOPE'),
        }),
        sandboxLogin,
      )
      .map(([fields, login]) => ({ ...fields, ...login })),
  ),
};

/** Plaid's API without the installation's keys: none, the old ones, or made up; the other user's tokens. */
const plaidCall = body(
  fc.record(
    {
      client_id: fc.oneof(fc.constant(OLD_KEYS.plaid.clientId), text),
      secret: fc.oneof(fc.constant(OLD_KEYS.plaid.secret), text),
      access_token: fc.oneof(
        fc.uuid().map((id) => `access-sandbox-${id}`),
        hostileString,
      ),
      public_token: fc.constantFrom(P.otherPublicToken, P.publicToken),
      link_token: fc.constantFrom(P.otherLinkToken, P.linkToken),
      user: fc.record({ client_user_id: fc.oneof(idArb, hostileString) }),
      client_name: text,
      language: fc.constant('en'),
      country_codes: fc.constant(['US']),
      products: fc.constant(['transactions']),
      institution_id: fc.constant('ins_109508'),
      initial_products: fc.constant(['transactions']),
    },
    { requiredKeys: [] },
  ),
);

/** SnapTrade's API, unsigned or signed with nothing: its client id, a timestamp, the other user's id. */
const snapTradeCall = query(
  fc.record(
    {
      clientId: fc.oneof(fc.constant(OLD_KEYS.snaptrade.clientId), text),
      timestamp: fc.oneof(
        fc.constant(String(Math.round(Date.now() / 1000))),
        fc.integer({ min: 0, max: 2 ** 31 }).map(String),
      ),
      userId: fc.oneof(fc.constant(P.otherSnapTradeUserId), idArb),
      userSecret: token,
    },
    { requiredKeys: ['clientId', 'timestamp'] },
  ),
);

/** The shape of a vendor API endpoint of the sandbox (not a stand-in page). */
export function sandboxVendorShape(endpoint: Endpoint): fc.Arbitrary<Shape> {
  return endpoint.path.startsWith('/sandbox/plaid/') ? plaidCall : snapTradeCall;
}
