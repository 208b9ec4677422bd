// The case: one generated request (endpoint, caller, Origin, shape, mutations, transport, splices).

import fc from 'fast-check';
import { type Endpoint, endpointKey, isStandIn } from './endpoints.ts';
import { type Mutation, mutation } from './mutations.ts';
import { sandboxVendorShape } from './sandbox-shapes.ts';
import type { Shape } from './shape.ts';
import { genericShape, shapes } from './shapes.ts';

/**
 * Who calls: nobody, the public anonymous token, the user by bearer, by cookie beside the anonymous
 * bearer (a reloaded web app), by cookie alone (the account-connection service), or forged credentials.
 */
export type Caller = 'none' | 'anon' | 'user' | 'user-cookie' | 'cookie' | 'forged' | 'forged-cookie';

/** The Origin header: ours, none, or one that only looks like ours. */
export type OriginKind =
  | 'ours'
  | 'none'
  | 'evil'
  | 'null'
  | 'lookalike'
  | 'trailing-slash'
  | 'other-port'
  | 'upper';

export const ORIGIN_HEADER: Record<OriginKind, (ours: string) => string | undefined> = {
  ours: (ours) => ours,
  none: () => undefined,
  evil: () => 'https://evil.example',
  null: () => 'null',
  lookalike: (ours) => `${ours}.evil.example`,
  'trailing-slash': (ours) => `${ours}/`,
  'other-port': (ours) => {
    const url = new URL(ours);
    url.port = String(Number(url.port || (url.protocol === 'https:' ? 443 : 80)) + 1);
    return url.origin;
  },
  upper: (ours) => ours.toUpperCase(),
};

/**
 * How the body travels. `sealed`: the web app's envelope; `plain`: JSON as API users send it;
 * `wrong-type`: the JSON under another content type; `junk`: random bytes; `empty`: no body;
 * `tampered`: a sealed body altered in transit (bit flip, another path, stale, or sent twice).
 */
export type Transport =
  | { kind: 'sealed' }
  | { kind: 'plain' }
  | { kind: 'empty' }
  | { kind: 'wrong-type'; contentType: string | null; sealed: boolean }
  /** An HTML form (urlencoded): top-level fields, other values as JSON text, bytes as sent (WTF-8). */
  | { kind: 'form' }
  /** multipart/form-data: the same fields, sometimes with a file part, sometimes cut short. */
  | { kind: 'multipart'; file: boolean; truncated: boolean }
  | { kind: 'junk'; bytes: number[]; contentType: string | null }
  | { kind: 'tampered'; tamper: 'flip' | 'other-path' | 'stale' | 'replay' };

/** A body nested `depth` levels, written as text (no recursion anywhere), in place of a field or the body. */
export type Deep = { depth: number; open: '[' | '{"a":'; placement: 'body' | 'field' };

export type FuzzCase = {
  endpoint: string;
  caller: Caller;
  origin: OriginKind;
  shape: Shape;
  mutations: Mutation[];
  queryMutations: Mutation[];
  rawQuery: string | null;
  transport: Transport;
  deep: Deep | null;
  /** JSON-ish text no JS value serialises to (duplicate keys, 1e999, a BOM, cut short), in place of a field or the body. */
  raw: { text: string; placement: 'body' | 'field' } | null;
};

const CONTENT_TYPES = [
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json',
];

const RAW_TEXTS = [
  '1e999',
  '-1e999',
  '123456789012345678901234567890',
  '{"a":1e999}',
  '{"a":1,"a":2}',
  '{"username":"x","username":null}',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\udfff\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"a":',
  '{"a":1,}',
  '[1,]',
  '{a:1}',
  "{'a':1}",
  'NaN',
  'undefined',
  '/* */ {}',
  '"\\ud800"',
  '',
  ' ',
];

const RAW_QUERIES = [
  '%',
  '%E0%A4%A',
  '%00',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  'a=1&a=2&a=3',
  '&&&=&=',
  'username=%00&username=x',
  'cursor=%00',
  `x=${'y'.repeat(5000)}`,
  '__proto__[admin]=1',
  'constructor.prototype.admin=1',
];

function transportArbitrary(endpoint: Endpoint): fc.Arbitrary<Transport> {
  const junk = fc.record({
    kind: fc.constant('junk'),
    bytes: fc.array(fc.nat({ max: 255 }), { maxLength: 300 }),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  });
  const wrongType = fc.record({
    kind: fc.constant('wrong-type'),
    contentType: fc.constantFrom(...CONTENT_TYPES.filter((type) => type !== 'application/json')),
    sealed: fc.boolean(),
  });
  const tampered = fc.record({
    kind: fc.constant('tampered'),
    tamper: fc.constantFrom('flip', 'other-path', 'stale', 'replay'),
  });
  const simple = (kind: 'sealed' | 'plain' | 'empty' | 'form'): fc.Arbitrary<Transport> =>
    fc.constant({ kind });
  const multipart = fc.record({
    kind: fc.constant('multipart'),
    file: fc.boolean(),
    truncated: fc.constantFrom(false, false, false, true),
  });
  if (endpoint.method === 'GET') return simple('empty');
  if (endpoint.service === 'db' || endpoint.service === 'agent') {
    return fc.oneof(
      { weight: 12, arbitrary: simple('sealed') },
      { weight: 1, arbitrary: simple('plain') },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: junk },
      { weight: 1, arbitrary: simple('empty') },
      { weight: 2, arbitrary: tampered },
      { weight: 1, arbitrary: fc.oneof(simple('form'), multipart) },
    );
  }
  if (endpoint.service === 'sandbox') {
    // The vendors' APIs and fake Link take JSON (SnapTrade's calls are signed queries); the portal a form.
    const portal = endpoint.path.endsWith('/portal');
    return fc.oneof(
      { weight: portal ? 2 : 10, arbitrary: simple('plain') },
      { weight: portal ? 10 : 1, arbitrary: simple('form') },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: junk },
      { weight: 1, arbitrary: simple('empty') },
    );
  }
  if (endpoint.service === 'connect') {
    // The web app sends these as forms (docs/product/chat.md, "Account-connection service"); API users send
    // JSON. Neither is ever sealed.
    return fc.oneof(
      { weight: 6, arbitrary: simple('plain') },
      { weight: 6, arbitrary: simple('form') },
      { weight: 2, arbitrary: multipart },
      { weight: 1, arbitrary: wrongType },
      { weight: 1, arbitrary: junk },
      { weight: 1, arbitrary: simple('empty') },
      { weight: 1, arbitrary: simple('sealed') },
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: simple('plain') },
    { weight: 1, arbitrary: simple('sealed') },
    { weight: 1, arbitrary: wrongType },
    { weight: 1, arbitrary: junk },
    { weight: 1, arbitrary: simple('empty') },
  );
}

/** `arbitrary` in `weight` cases out of `weight + otherwise`, null in the others. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, weight: number, otherwise: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight, arbitrary }, { weight: otherwise, arbitrary: fc.constant(null) });
}

const taint: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constant('taint'),
  at: fc.nat(),
  insert: fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00x', 'x\u0000\ud800', '\u2028', '\u0001'),
  position: fc.nat(),
});

const mutations = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Mutation[]>([]) },
  { weight: 2, arbitrary: taint.map((m) => [m]) },
  { weight: 3, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
);

const weighted = <T>(weights: Array<[T, number]>): fc.Arbitrary<T> =>
  fc.oneof(...weights.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));

function callerArbitrary(endpoint: Endpoint): fc.Arbitrary<Caller> {
  if (endpoint.service === 'sandbox' && !isStandIn(endpoint)) {
    // The vendors' APIs: nobody here holds the installation's keys, whatever session they bring.
    return weighted<Caller>([
      ['none', 4],
      ['cookie', 2],
      ['user', 2],
      ['anon', 1],
      ['forged-cookie', 1],
    ]);
  }
  if (endpoint.service === 'connect' || endpoint.service === 'sandbox') {
    // The session cookie is this service's credential; a bearer is ignored here.
    return weighted<Caller>([
      ['cookie', 8],
      ['user-cookie', 1],
      ['user', 1],
      ['anon', 1],
      ['none', 1],
      ['forged-cookie', 1],
    ]);
  }
  return weighted<Caller>([
    ['user', 6],
    ['anon', 2],
    ['none', 1],
    ['user-cookie', 1],
    ['cookie', 1],
    ['forged', 1],
  ]);
}

function originArbitrary(endpoint: Endpoint): fc.Arbitrary<OriginKind> {
  if (endpoint.service === 'connect' || isStandIn(endpoint)) {
    // The Origin check is this service's other half: every look-alike, each now and then.
    return weighted<OriginKind>([
      ['ours', 16],
      ['none', 1],
      ['evil', 1],
      ['null', 1],
      ['lookalike', 1],
      ['trailing-slash', 1],
      ['other-port', 1],
      ['upper', 1],
    ]);
  }
  return weighted<OriginKind>([
    ['ours', 8],
    ['none', 1],
    ['evil', 1],
  ]);
}

function caseArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzCase> {
  const key = endpointKey(endpoint);
  return fc.record({
    endpoint: fc.constant(key),
    caller: callerArbitrary(endpoint),
    origin: originArbitrary(endpoint),
    shape: shapes[key] ?? (endpoint.service === 'sandbox' ? sandboxVendorShape(endpoint) : genericShape),
    mutations: endpoint.method === 'GET' ? fc.constant([]) : mutations,
    queryMutations: endpoint.method === 'GET' ? mutations : rarely(mutations, 1, 10).map((m) => m ?? []),
    rawQuery: rarely(fc.constantFrom(...RAW_QUERIES), 1, 8),
    transport: transportArbitrary(endpoint),
    deep:
      endpoint.method === 'GET'
        ? fc.constant(null)
        : rarely(
            fc.record({
              depth: fc.constantFrom(20, 64, 1_000, 5_000, 10_000),
              open: fc.constantFrom('[', '{"a":'),
              placement: fc.constantFrom('body', 'field'),
            }),
            1,
            12,
          ),
    raw:
      endpoint.method === 'GET'
        ? fc.constant(null)
        : rarely(
            fc.record({
              text: fc.constantFrom(...RAW_TEXTS),
              placement: fc.constantFrom('body', 'field'),
            }),
            1,
            16,
          ),
  });
}

/**
 * How often an endpoint comes up beside one without a shape of its own: the ones clients call four
 * times as often, the transactions view (a path parameter, dates, cursors, search) twelve.
 */
const WEIGHTS: Record<string, number> = {
  'POST /agent/:platform/get-transactions': 12,
  // The confirmed actions: each reached with the user's own ids and the other user's.
  'POST /agent/actions/confirm': 8,
  'POST /agent/actions/undo': 6,
  'POST /agent/actions/cancel': 6,
  // The link flow, where a user's own link session and another's meet, and a wallet's link (a request
  // of it succeeds only with every field right: a chain, an address of that chain, a name free for it).
  'POST /connect/api/set_access_token': 8,
  'POST /db/store-credentials': 8,
  'POST /sandbox/plaid/link/public_token': 8,
  'POST /sandbox/snaptrade/portal': 6,
};

/**
 * The request as the web app sends it: the user's own credential (the bearer for /db and /agent, the
 * session cookie for /connect), our Origin, the body sealed for /db and /agent and a form for /connect,
 * and the shape's value untouched. Among the hostile cases a request that gets through every check is
 * rare for a shape with many fields (a wallet: its chain, an address of that chain, a free name, a
 * plain tag and date), so each run would reach some handlers only by its seed's luck.
 */
function asTheWebAppSends(endpoint: Endpoint): fc.Arbitrary<FuzzCase> | undefined {
  const { service, method } = endpoint;
  if (service !== 'db' && service !== 'agent' && service !== 'connect') return undefined;
  const key = endpointKey(endpoint);
  const transport: Transport =
    method === 'GET' ? { kind: 'empty' } : service === 'connect' ? { kind: 'form' } : { kind: 'sealed' };
  return fc.record({
    endpoint: fc.constant(key),
    caller: fc.constant<Caller>(service === 'connect' ? 'cookie' : 'user'),
    origin: fc.constant<OriginKind>('ours'),
    shape: shapes[key] ?? genericShape,
    mutations: fc.constant([]),
    queryMutations: fc.constant([]),
    rawQuery: fc.constant(null),
    transport: fc.constant(transport),
    deep: fc.constant(null),
    raw: fc.constant(null),
  });
}

/** Requests over `endpoints`: for Penny's own services, one in five as the web app sends it. */
export function fuzzCaseArbitrary(endpoints: readonly Endpoint[]): fc.Arbitrary<FuzzCase> {
  // Each sandbox vendor endpoint as often as any endpoint without a shape of its own: every caller
  // here lacks the keys, so each answers alike, but each must be sent (and refused) some of the time.
  return fc.oneof(
    ...endpoints.map((endpoint) => {
      const key = endpointKey(endpoint);
      const hostile = caseArbitrary(endpoint);
      const plain = asTheWebAppSends(endpoint);
      return {
        weight: WEIGHTS[key] ?? (shapes[key] ? 4 : 1),
        arbitrary: plain
          ? fc.oneof({ weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: plain })
          : hostile,
      };
    }),
  );
}
