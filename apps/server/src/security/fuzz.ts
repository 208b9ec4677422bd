// HTTP fuzzing of every /db, /agent, /connect/api and /api/auth endpoint the app serves, against the
// real in-process app. Requests are generated with fast-check from the contracts' shapes
// (packages/contracts) and then mutated with hostile values; each one goes through app.request() as a
// client would send it (sealed as the web app seals, plaintext, forms, multipart, wrong content types,
// junk bytes), as an anonymous caller, with the public anonymous token, or as a signed-up user by bearer
// or by cookie. Identity only ever comes from headers. Both fuzz users have real linked accounts (a
// sandbox bank, a brokerage and a wallet), so requests can reach across users with real names and ids.
// Invariants checked on every answer: no 5xx; a 4xx carries a JSON error (our services: a documented
// code); a rejected request changes no row; a redirect stays on our origin; no answer carries a provider
// secret or another user's linked data. Used by fuzz.test.ts (npm test) and scripts/fuzz.ts (npm run fuzz).

import { createHmac } from 'node:crypto';
import {
  API_ERROR_CODES,
  type ApiErrorCode,
  apiErrorBodySchema,
  CHAIN_CODES,
  type ChainCode,
  COMMON_ERRORS,
  endpoints as contractEndpoints,
  DETAIL_ITEMS,
  type EndpointDefinition,
  FINANCIAL_CATEGORIES,
  getCredentialsResponseSchema,
  OCCUPATION_SUGGESTIONS,
  publicConfigSchema,
  RESOURCE_LIMITS,
  TONE_ITEMS,
} from '@penny/contracts';
import { randomRequestId, sealBody } from '@penny/contracts/envelope-seal';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import nacl from 'tweetnacl';
import { createVault } from '../connections/vault.ts';
import { tables } from '../db/index.ts';
import { ERROR_STATUS } from '../http/errors.ts';
import type { TestApp } from '../testing/index.ts';

// ---------------------------------------------------------------------------------------------------
// Endpoints

export type FuzzMethod = 'GET' | 'POST';
export type FuzzService = 'db' | 'agent' | 'connect' | 'auth';
export type Endpoint = { method: FuzzMethod; path: string; service: FuzzService };

/** 'POST /db/store-resource', the key used in counts and shape maps. */
export const endpointKey = (endpoint: Pick<Endpoint, 'method' | 'path'>) =>
  `${endpoint.method} ${endpoint.path}`;

/**
 * The /api/auth endpoints the web app and API users call (the ones the auth gateway lets through): each
 * gets request shapes built from the contracts. Better Auth's other endpoints are fuzzed with generic
 * bodies, to show they stay unreachable.
 */
export const WEB_AUTH_ENDPOINTS = [
  'POST /api/auth/sign-up/email',
  'POST /api/auth/sign-in/email',
  'POST /api/auth/sign-out',
  'GET /api/auth/get-session',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  'GET /api/auth/reset-password/:token',
  'GET /api/auth/verify-email',
  'POST /api/auth/send-verification-email',
  'POST /api/auth/is-username-available',
  'POST /api/auth/update-user',
  'GET /api/auth/list-sessions',
  'POST /api/auth/revoke-session',
  'POST /api/auth/change-password',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
] as const;

/**
 * Every endpoint, read from the app itself: the /db routes Hono mounted and every endpoint Better Auth
 * knows under /api/auth (whether or not the gateway in front lets it through). A route added later is
 * fuzzed without touching this file.
 */
export function discoverEndpoints(t: TestApp): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const add = (endpoint: Endpoint) => found.set(endpointKey(endpoint), endpoint);
  const services = [
    ['/db/', 'db'],
    ['/agent/', 'agent'],
    ['/connect/api/', 'connect'],
  ] as const;
  for (const route of t.app.routes) {
    const service = services.find(([prefix]) => route.path.startsWith(prefix))?.[1];
    if (!service || route.path.includes('*')) continue;
    if (route.method === 'GET' || route.method === 'POST') {
      add({ method: route.method, path: route.path, service });
    }
  }
  for (const endpoint of Object.values(t.auth.api as Record<string, unknown>)) {
    const { path, options } = (endpoint ?? {}) as { path?: unknown; options?: { method?: unknown } };
    if (typeof path !== 'string' || !path.startsWith('/')) continue;
    const methods = ([] as unknown[]).concat(options?.method ?? 'GET');
    for (const method of methods) {
      if (method === 'GET' || method === 'POST') add({ method, path: `/api/auth${path}`, service: 'auth' });
    }
  }
  return [...found.values()].sort((a, b) => endpointKey(a).localeCompare(endpointKey(b)));
}

/** Each contract endpoint of our own services by key ('POST /agent/:platform/get-transactions'). */
export const CONTRACTS: ReadonlyMap<string, EndpointDefinition> = new Map(
  Object.values(contractEndpoints).flatMap((group) =>
    Object.values(group).map((definition: EndpointDefinition): [string, EndpointDefinition] => [
      endpointKey({ method: definition.method, path: `/${definition.service}${definition.path}` }),
      definition,
    ]),
  ),
);

// ---------------------------------------------------------------------------------------------------
// Placeholders: generated values name the fuzz users symbolically; the runner fills them in per request
// (the current user changes when a request legitimately ends its session or deletes its account).

const P = {
  username: '$$username',
  firstName: '$$firstName',
  lastName: '$$lastName',
  email: '$$email',
  password: '$$password',
  resourceId: '$$resourceId',
  sessionToken: '$$sessionToken',
  otherUsername: '$$otherUsername',
  otherEmail: '$$otherEmail',
  otherResourceId: '$$otherResourceId',
  /** A valid keyset cursor for the user's list (a fresh-looking one is built from its resource). */
  cursor: '$$cursor',
  // Linked accounts (LinkedAccounts): the user's, and the other user's to reach across with.
  bankName: '$$bankName',
  walletName: '$$walletName',
  brokerageName: '$$brokerageName',
  itemId: '$$itemId',
  connectionId: '$$connectionId',
  bankAccountId: '$$bankAccountId',
  txCursor: '$$txCursor',
  publicToken: '$$publicToken',
  spentPublicToken: '$$spentPublicToken',
  otherBankName: '$$otherBankName',
  otherWalletName: '$$otherWalletName',
  otherBrokerageName: '$$otherBrokerageName',
  otherItemId: '$$otherItemId',
  otherConnectionId: '$$otherConnectionId',
  otherBankAccountId: '$$otherBankAccountId',
  otherTxCursor: '$$otherTxCursor',
  otherPublicToken: '$$otherPublicToken',
  otherSnapTradeUserId: '$$otherSnapTradeUserId',
} as const;

/** '$$huge:<length>:<char>': a long string, kept short in the generated case so it prints. */
const huge = (length: number, char = 'x') => `$$huge:${length}:${char}`;

// ---------------------------------------------------------------------------------------------------
// Values

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  'Ada\u0000',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\udfff\ud800',
  '\uffff',
  '\ufeff',
  '\u202eevil',
  '%00',
  '\\u0000',
  '',
  ' ',
  '\t\r\n',
  '../../etc/passwd',
  '/..//evil.example/login',
  '//evil.example',
  'https://evil.example/x',
  '/\\evil.example',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"},{"',
  '__proto__',
  'constructor',
  'prototype',
  '0000-01-01',
  '10000-01-01',
  '0000-01-01T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30',
  'NaN',
  'null',
  '1e309',
  '-0',
  '{"a":1}',
  '\u{1d54f}'.repeat(40),
  'ǅ',
];

/** Hostile text: NUL, lone surrogates, huge, control and look-alike characters, paths, dates. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom('\u0000', ...LONE_SURROGATES, '\u0001', '\u007f', '\u2028'),
        fc.string({ maxLength: 12 }),
      )
      .map(([a, bad, b]) => `${a}${bad}${b}`),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(101, 255, 1_000, 10_000, 100_000, 600_000, 1_100_000), fc.constantFrom('x', 'é'))
      .map(([length, char]) => huge(length, char)),
  },
);

const hostileNumber = fc.constantFrom(
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  8_640_000_000_000_001,
  -62_167_219_200_000,
);

/** Anything that may stand where a value of another kind belongs. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [[]], { '': '' }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { __proto__: null, toString: 'x' },
      JSON.parse('{"__proto__":{"admin":true}}'),
      { constructor: { prototype: { admin: true } } },
    ),
  },
);

const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'id',
    'userId',
    'user_id',
    'role',
    'emailVerified',
    'mfaSetupCompleted',
    'isAdmin',
    'session',
    'token',
  ),
  hostileString.filter((key) => !key.startsWith('$$')),
);

// --- valid shapes, from the contracts ------------------------------------------------------------

const word = fc.constantFrom('Ada', 'Grace', 'Zoë', 'Łukasz', '李', "O'Brien", 'Mary-Jane', 'Søren');
const text = fc.oneof(word, fc.string({ minLength: 1, maxLength: 24 }));
const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
const idArb = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/), fc.uuid());
const isoDate = fc
  .date({ min: new Date('1900-01-02'), max: new Date('2015-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const phone = fc.stringMatching(/^\+[1-9]\d{7,12}$/);
const country = fc.constantFrom('United States', 'United Kingdom', 'France', 'Japan', 'Brazil');
const freshEmail = fc.stringMatching(/^[a-z0-9]{10}$/).map((local) => `fz${local}@example.com`);
const freshUsername = fc.stringMatching(/^[a-z0-9_]{6,20}$/).map((name) => `fz_${name}`);
const password = fc.oneof(
  fc.constantFrom('correct horse battery', 'another good one', 'x', ''),
  fc.string({ minLength: 6, maxLength: 40 }),
);
const callbackUrl = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('/', '/app', '/reset-password', 'http://localhost:3000/app') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '/..//evil.example/login',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/login',
      'http://localhost:3000.evil.example/',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      ' //evil.example',
    ),
  },
  { weight: 1, arbitrary: hostileString },
);

const self = fc.constant({ username: P.username, firstName: P.firstName, lastName: P.lastName });
const notSelf = fc.oneof(
  fc.constant({ username: P.otherUsername, firstName: 'Bob', lastName: 'Other' }),
  fc.record({ username: fc.constantFrom(P.email, 'nobody_here'), firstName: word, lastName: word }),
);
/** The user's own names (the common case), another user's, or a stranger's. */
const who = fc.oneof({ weight: 8, arbitrary: self }, { weight: 2, arbitrary: notSelf });
/** For the endpoints that delete the account: the caller's own names in one case of four, or the run spends its time signing up replacements. */
const whoRarelySelf = fc.oneof({ weight: 1, arbitrary: self }, { weight: 3, arbitrary: notSelf });

const tenScale = fc.integer({ min: 1, max: 10 }).map((n) => `${n}/10`);
const threeScale = fc.integer({ min: 1, max: 3 }).map((n) => `${n}/3`);
const optionalRecord = <T>(entries: Array<[string, fc.Arbitrary<T>]>) =>
  fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<T>>, { requiredKeys: [] });

const preferences = fc.record(
  {
    'Financial Experience': optionalRecord(
      FINANCIAL_CATEGORIES.flatMap(
        ({ label }): Array<[string, fc.Arbitrary<string>]> => [
          [label, tenScale],
          [`${label} Risk`, threeScale],
        ],
      ),
    ),
    'Response Detail': optionalRecord(
      DETAIL_ITEMS.map(({ key }): [string, fc.Arbitrary<string>] => [key, tenScale]),
    ),
    'Conversation Tone': optionalRecord(
      TONE_ITEMS.map(({ key }): [string, fc.Arbitrary<string>] => [key, threeScale]),
    ),
    Profile: fc.record(
      {
        Name: text,
        DateOfBirth: isoDate,
        Country: country,
        Occupation: fc.array(fc.constantFrom(...OCCUPATION_SUGGESTIONS), { maxLength: 4 }),
      },
      { requiredKeys: [] },
    ),
    User_Preference_Prompt: fc.lorem({ maxCount: 30 }),
  },
  { requiredKeys: [] },
);

const chartValue = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
const dslLeaf = fc.oneof(
  fc.record({ type: fc.constant('content'), content: fc.oneof(text, fc.lorem({ maxCount: 20 })) }),
  fc.record({
    type: fc.constantFrom('pie', 'bar', 'line'),
    title: text,
    labels: fc.array(text, { maxLength: 5 }),
    values: fc.array(chartValue, { maxLength: 5 }),
  }),
  fc.record({
    type: fc.constant('table'),
    columns: fc.array(text, { maxLength: 4 }),
    rows: fc.array(fc.array(fc.oneof(text, fc.integer()), { maxLength: 4 }), { maxLength: 4 }),
  }),
  fc.record({ type: fc.constantFrom('card', 'info'), title: text, content: text }),
  fc.record({ type: fc.string({ minLength: 1, maxLength: 10 }), extra: fc.jsonValue({ maxDepth: 2 }) }),
);
const dslObjects = fc.array(
  fc.oneof(
    fc.record({
      type: fc.constant('container'),
      title: text,
      content_blocks: fc.array(dslLeaf, { minLength: 1, maxLength: 3 }),
    }),
    dslLeaf,
  ),
  { minLength: 1, maxLength: 3 },
);

/** Extreme and malformed instants and ids, base64url-encoded the way the server encodes cursors. */
const cursor = fc.oneof(
  { weight: 1, arbitrary: fc.constant(P.cursor) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.constantFrom(
            '0000-01-01T00:00:00.000Z',
            '10000-01-01T00:00:00.000Z',
            '+010000-01-01T00:00:00.000Z',
            '+275760-09-13T00:00:00.000Z',
            '-271821-04-20T00:00:00.000Z',
            '1970-01-01T00:00:00.000Z',
            '2024-02-30T00:00:00.000Z',
            'not a date',
          ),
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        ),
        fc.oneof(fc.constantFrom('x', 'a\u0000b', '\ud800', '', '../x', 'res_1'), idArb),
      )
      .map((pair) => Buffer.from(JSON.stringify(pair)).toString('base64url')),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue({ maxDepth: 2 })
      .map((value) => Buffer.from(JSON.stringify(value) ?? '').toString('base64url')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('bm90LWEtY3Vyc29y', 'WyIwMDAwLTAxLTAxVDAwOjAwOjAwLjAwMFoiLCJ4Il0', ''),
  },
  { weight: 1, arbitrary: hostileString },
);

// --- request shapes per endpoint ------------------------------------------------------------------

/**
 * What varies per endpoint: the JSON body, the query string and the path parameter (percent-encoded,
 * or with `rawParam` put in the path as is: '../', '%00' and such reach the router undecoded).
 */
export type Shape = { body?: unknown; query?: Record<string, unknown>; param?: string; rawParam?: boolean };

const opt = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });
const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
const body = (arbitrary: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Shape> =>
  arbitrary.map((value) => ({ body: withoutUndefined(value) }));
const query = (arbitrary: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Shape> =>
  arbitrary.map((value) => ({ query: withoutUndefined(value) }));

// --- linked accounts ------------------------------------------------------------------------------

const ownAccountName = fc.constantFrom(P.bankName, P.walletName, P.brokerageName);
const otherAccountName = fc.constantFrom(P.otherBankName, P.otherWalletName, P.otherBrokerageName);
const strangerAccountName = fc.constantFrom(
  'Nobody_plaid',
  'First_Platypus_Bank_9_plaid',
  'Main_wallet_web3',
  'First Platypus Bank_plaid',
  '_plaid',
  'x',
  'FIRST_PLATYPUS_BANK_PLAID',
  `${'a'.repeat(120)}_plaid`,
  'First_Platypus_Bank_plaid%',
  'First_Platypus_Bank_plaid\u0000',
);
/** An account name: the user's own mostly, another user's, a name nobody has, or hostile text. */
const accountName = fc.oneof(
  { weight: 5, arbitrary: ownAccountName },
  { weight: 3, arbitrary: otherAccountName },
  { weight: 1, arbitrary: strangerAccountName },
  { weight: 1, arbitrary: hostileString },
);

/** A platform and an account name that go together (own or another's), or any pairing at all. */
const namedAccount = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom([P.bankName, 'plaid'], [P.walletName, 'web3']) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      [P.otherBankName, 'plaid'],
      [P.otherWalletName, 'web3'],
      [P.otherBrokerageName, 'snaptrade'],
    ),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(
      fc.oneof(accountName, strangerAccountName),
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('plaid', 'snaptrade', 'web3') },
        { weight: 1, arbitrary: hostileValue },
      ),
    ),
  },
);

/** The platform path parameter of get-transactions: the three, unknown ones, traversal, encodings. */
const platformParam: fc.Arbitrary<{ param: string; rawParam: boolean }> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      param: fc.constantFrom('plaid', 'snaptrade', 'web3'),
      rawParam: fc.constant(false),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      param: fc.constantFrom(
        'coinbase',
        'PLAID',
        'Plaid',
        'plaid ',
        ' plaid',
        'plaid\u0000',
        'pla\u0000id',
        'p\u0301laid',
        'ｐｌａｉｄ',
        '\ud800',
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        '../',
        '..',
        '.',
        '../db',
        'plaid/../web3',
        '%00',
        '%2e%2e',
        '..%2f..%2fdb',
        '%ED%A0%80',
        '%FF',
        '%',
        '',
      ),
      rawParam: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      param: fc.constantFrom(64, 65, 2_000, 10_000).map((length) => huge(length, 'p')),
      rawParam: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ param: hostileString, rawParam: fc.constant(false) }) },
);

/**
 * The connection get-transactions reads: the platform in the path and the account name in the body,
 * matching (the user's own, or the other user's), or a hostile platform with any name.
 */
type TransactionsTarget = { param: string; rawParam: boolean; name: unknown };
const matchingTarget = (...pairs: Array<[string, string]>) =>
  fc.constantFrom(...pairs).map(([param, name]): TransactionsTarget => ({ param, rawParam: false, name }));
const transactionsTarget: fc.Arbitrary<TransactionsTarget> = fc.oneof(
  {
    weight: 6,
    arbitrary: matchingTarget(
      ['plaid', P.bankName],
      ['plaid', P.bankName],
      ['plaid', P.bankName],
      ['web3', P.walletName],
      ['snaptrade', P.brokerageName],
    ),
  },
  {
    weight: 2,
    arbitrary: matchingTarget(
      ['plaid', P.otherBankName],
      ['web3', P.otherWalletName],
      ['snaptrade', P.otherBrokerageName],
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(platformParam, fc.oneof(accountName, hostileValue))
      .map(([platform, name]): TransactionsTarget => ({ ...platform, name })),
  },
);

const validDay = fc
  .date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** Out-of-range, impossible and malformed dates, and values that are no date at all. */
const badDay = fc.oneof(
  fc.constantFrom(
    '1969-12-31',
    '2101-01-01',
    '0000-01-01',
    '0001-01-01',
    '9999-12-31',
    '10000-01-01',
    '+275760-09-13',
    '-271821-04-20',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-01-32',
    '2024-1-1',
    '2024-01-01T00:00:00Z',
    '2024-01-01 ',
    ' 2024-01-01',
    '20240101',
    '01/02/2024',
    '２０２４-01-01',
    'today',
    '',
  ),
  hostileValue,
);
/** start_date and end_date: a wide valid range, any valid range, reversed, or bad values. */
const dateRange = fc.oneof(
  { weight: 4, arbitrary: fc.constant(['2000-01-01', '2100-12-31']) },
  { weight: 4, arbitrary: fc.tuple(validDay, validDay).map(([a, b]) => (a <= b ? [a, b] : [b, a])) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.tuple(validDay, validDay),
      fc.tuple(badDay, validDay),
      fc.tuple(validDay, badDay),
      fc.tuple(badDay, badDay),
    ),
  },
);

/** The transactions cursor ('date|id', base64url): real ones, forged extremes, garbled text. */
const txCursor = fc.oneof(
  { weight: 4, arbitrary: fc.constant(P.txCursor) },
  { weight: 1, arbitrary: fc.constant(P.otherTxCursor) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '2024-01-01',
          '1970-01-01',
          '0000-01-01',
          '9999-12-31',
          '2024-02-30',
          '2023-02-29',
          '2024-04-31',
          '2024-13-45',
          '+275760-09-13',
          '2024-01-01T00:00:00Z',
          'x',
          '',
        ),
        fc.constantFrom('1', '0', '-1', '999999999999999', '9999999999999999', '1e3', 'NaN', '', '1|2', '01'),
      )
      .map(([date, id]) => Buffer.from(`${date}|${id}`).toString('base64url')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'AAAA',
      '====',
      'MjAyNC0wMS0wMXwx====',
      'MjAyNC0wMS0wMXwx.',
      'a'.repeat(65),
      'a'.repeat(257),
      '%00',
      ' MjAyNC0wMS0wMXwx',
    ),
  },
  { weight: 1, arbitrary: cursor },
  { weight: 1, arbitrary: hostileValue },
);

/** Valid addresses per chain (never the other user's wallet, whose address marks a leak). */
const WALLET_ADDRESSES = {
  eth: [
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    '0x3C44CDDDB6A900FA2B585DD299E03D12FA4293BC',
  ],
  btc: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  sol: ['So11111111111111111111111111111111111111112', '11111111111111111111111111111111'],
} as const satisfies Record<ChainCode, readonly string[]>;
const BAD_ADDRESSES = [
  '0x123',
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267',
  '0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  'bc1qnotanaddress',
  'bc1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb',
  'So1111111111111111111111111111111111111111O',
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266 ',
  '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266\u0000',
];
const PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

const walletCredentials = fc.constantFrom(...CHAIN_CODES).chain((chain) =>
  fc.record(
    {
      chain: fc.oneof(
        { weight: 8, arbitrary: fc.constant<unknown>(chain) },
        { weight: 1, arbitrary: fc.constantFrom('ETH', 'bitcoin', 'doge', '', 'eth ') },
      ),
      account_id: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(...WALLET_ADDRESSES[chain]) },
        { weight: 1, arbitrary: fc.constantFrom(...Object.values(WALLET_ADDRESSES).flat()) },
        { weight: 2, arbitrary: fc.constantFrom(...BAD_ADDRESSES) },
        { weight: 1, arbitrary: hostileString },
      ),
      item_id: opt(fc.oneof(fc.constant(P.username), fc.constant(P.otherUsername), word)),
      access_token: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(PRIVATE_KEY, PRIVATE_KEY.slice(2), '', '   ') },
        { weight: 1, arbitrary: hostileString },
      ),
      tag: opt(fc.oneof(word, fc.constantFrom('cold', 'hot', ''), hostileString)),
      last_updated: opt(
        fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.constantFrom('2024-01-01', '+275760-09-13T00:00:00.000Z', 'now'),
        ),
      ),
    },
    { requiredKeys: ['chain', 'account_id'] },
  ),
);

/** Account names store-credentials may create: the user's wallet, a few fixed new ones, the others. */
const walletAccountName = fc.oneof(
  { weight: 3, arbitrary: fc.constant(P.walletName) },
  { weight: 2, arbitrary: fc.constantFrom('Fuzz_spare_web3', 'Fuzz spare', 'Fuzz_spare_2') },
  { weight: 1, arbitrary: fc.constantFrom(P.bankName, P.brokerageName) },
  { weight: 2, arbitrary: otherAccountName },
  { weight: 1, arbitrary: strangerAccountName },
  { weight: 1, arbitrary: hostileString },
);

const withNames = <T extends Record<string, unknown>>(
  names: fc.Arbitrary<Record<string, unknown>>,
  rest: fc.Arbitrary<T>,
): fc.Arbitrary<Shape> =>
  body(fc.tuple(names, rest).map(([identity, fields]) => ({ ...identity, ...fields })));

/** The agent's reads of one platform: every connection of it, the user's own by name, or another's. */
const agentAccountsShape = (own: string) =>
  withNames(
    who,
    fc.record({
      account_name: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.constant(own) },
        { weight: 1, arbitrary: ownAccountName },
        { weight: 2, arbitrary: otherAccountName },
        { weight: 1, arbitrary: fc.oneof(strangerAccountName, hostileValue) },
      ),
    }),
  );

/** Plaid ids of the right shape that name nothing. */
const strangerItemId = fc.stringMatching(/^[A-Za-z0-9]{37}$/);

const accountShapes: Record<string, fc.Arbitrary<Shape>> = {
  'GET /db/get-credentials': query(who),
  'POST /db/store-credentials': withNames(
    who,
    fc.record({ account_name: walletAccountName, credentials: walletCredentials }),
  ),
  'POST /db/disconnect-account': withNames(
    who,
    namedAccount.map(([name, platform]) => ({ account_name: name, account_type: platform })),
  ),
  'POST /db/refresh-accounts': withNames(who, fc.record({ account_name: opt(accountName) })),
  'POST /agent/snaptrade/get-accounts': agentAccountsShape(P.brokerageName),
  'POST /agent/snaptrade/get-account-balances': agentAccountsShape(P.brokerageName),
  'POST /agent/plaid/get-accounts': agentAccountsShape(P.bankName),
  'POST /agent/web3/get-balances': agentAccountsShape(P.walletName),
  'POST /agent/:platform/get-transactions': fc
    .tuple(
      transactionsTarget,
      who,
      dateRange,
      fc.record({
        account_id: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: fc.constant(P.bankAccountId) },
          { weight: 1, arbitrary: fc.constant(P.otherBankAccountId) },
          { weight: 1, arbitrary: fc.oneof(idArb, hostileValue) },
        ),
        search: fc.oneof(
          { weight: 4, arbitrary: fc.constant(undefined) },
          {
            weight: 2,
            arbitrary: fc.constantFrom('netflix', 'rent', '%', '_', '\\', "'", '%%', 'a%b', '\\%', '*', '.*'),
          },
          { weight: 1, arbitrary: fc.oneof(word, hostileValue) },
        ),
        limit: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 4, arbitrary: fc.integer({ min: 1, max: 500 }) },
          { weight: 1, arbitrary: fc.constantFrom(0, -1, 501, 1.5, 1e9, '10', null) },
        ),
        cursor: fc.oneof(
          { weight: 3, arbitrary: fc.constant(undefined) },
          { weight: 2, arbitrary: txCursor },
        ),
      }),
    )
    .map(([{ param, rawParam, name }, names, [start, end], rest]) => ({
      param,
      rawParam,
      body: withoutUndefined({ ...names, account_name: name, start_date: start, end_date: end, ...rest }),
    })),

  'POST /connect/api/create_link_token': fc.oneof(
    fc.constant<Shape>({}),
    fc.constant<Shape>({ body: {} }),
    body(who),
    withNames(who, fc.record({ account_name: accountName })),
  ),
  'POST /connect/api/set_access_token': withNames(
    who,
    fc.record(
      {
        public_token: fc.oneof(
          { weight: 2, arbitrary: fc.constant(P.publicToken) },
          { weight: 2, arbitrary: fc.constant(P.otherPublicToken) },
          { weight: 1, arbitrary: fc.constant(P.spentPublicToken) },
          { weight: 1, arbitrary: fc.uuid().map((id) => `public-sandbox-${id}`) },
          { weight: 1, arbitrary: fc.constantFrom(P.itemId, P.otherItemId, P.connectionId) },
          { weight: 1, arbitrary: hostileString },
        ),
        product_name: fc.oneof(fc.constantFrom('Connected Bank', 'Ada', 'Chase Total'), word, hostileString),
      },
      { requiredKeys: ['public_token'] },
    ),
  ),
  'POST /connect/api/plaid/disconnect': withNames(
    who,
    fc.record(
      {
        item_id: fc.oneof(
          { weight: 1, arbitrary: fc.constant(P.itemId) },
          { weight: 4, arbitrary: fc.constant(P.otherItemId) },
          { weight: 1, arbitrary: fc.oneof(strangerItemId, fc.constant(P.connectionId)) },
          { weight: 1, arbitrary: hostileValue },
        ),
        access_token: fc.oneof(
          fc.uuid().map((id) => `access-sandbox-${id}`),
          hostileString,
        ),
      },
      { requiredKeys: ['item_id'] },
    ),
  ),
  'POST /connect/api/snaptrade/check_user': body(who),
  'POST /connect/api/snaptrade/generate_user': body(who),
  'POST /connect/api/snaptrade/get_login_uri': body(who),
  'POST /connect/api/snaptrade/store_connection': withNames(
    who,
    fc.record(
      {
        connection_id: fc.oneof(
          { weight: 3, arbitrary: fc.constant(P.connectionId) },
          { weight: 3, arbitrary: fc.constant(P.otherConnectionId) },
          { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.constant(P.itemId)) },
          { weight: 1, arbitrary: hostileValue },
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  'POST /connect/api/snaptrade/disconnect': withNames(
    who,
    fc.record(
      {
        account_id: fc.oneof(
          { weight: 1, arbitrary: fc.constant(P.connectionId) },
          { weight: 4, arbitrary: fc.constant(P.otherConnectionId) },
          { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.constant(P.otherItemId)) },
          { weight: 1, arbitrary: hostileValue },
        ),
        user_id: fc.oneof(fc.constant(P.otherSnapTradeUserId), text),
        user_secret: fc.oneof(text, hostileString),
      },
      { requiredKeys: ['account_id'] },
    ),
  ),
};

// --- the chat ---------------------------------------------------------------------------------------

/** Thread ids: two the fuzz user's turns create and read back, any id, or hostile text. */
const chatThreadId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('thread-fuzz-a', 'thread-fuzz-b') },
  { weight: 2, arbitrary: idArb },
  { weight: 1, arbitrary: hostileValue },
);
const chatQuestion = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'How much did I spend last month?',
      'What is my net worth?',
      'and the month before?',
      'What subscriptions do I have?',
      "What's the weather in Paris?",
      'How much did I spend in the last 99999999 months?',
      'What did I spend since March 99999?',
      'Spending from Feb 30 2024 to Feb 31 2024',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
  { weight: 1, arbitrary: hostileValue },
);

const chatShapes: Record<string, fc.Arbitrary<Shape>> = {
  'POST /agent/chat': body(
    fc
      .tuple(
        who,
        fc.record({
          message: chatQuestion,
          thread_id: opt(chatThreadId),
          query_id: fc.oneof(
            { weight: 6, arbitrary: fc.uuid().map((id) => `query-${id}`) },
            { weight: 1, arbitrary: hostileValue },
          ),
          model: opt(fc.constantFrom('grok-4', 'gpt-x', '')),
        }),
      )
      .map(([names, rest]) => ({ ...rest, user_info: names })),
  ),
  'GET /agent/dsl/:thread_id': fc
    .oneof(fc.constantFrom('thread-fuzz-a', 'thread-fuzz-b'), idArb)
    .map((param) => ({ param })),
  'GET /db/chatbox/get-messages': query(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'GET /db/visualization/get-dsl': query(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'GET /db/get-all-user-threads': query(
    fc
      .tuple(who, opt(fc.oneof(fc.integer({ min: -5, max: 200 }), hostileValue)))
      .map(([names, limit]) => ({ ...names, limit })),
  ),
  'POST /db/delete-thread': body(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ ...names, thread_id })),
  ),
  'POST /db/sync-thread-history': body(
    fc.tuple(who, chatThreadId).map(([names, thread_id]) => ({ thread_id, user_info: names })),
  ),
  'POST /db/fork-chat': body(
    fc
      .tuple(who, chatThreadId, fc.oneof(idArb, hostileValue))
      .map(([names, source_thread_id, source_query_id]) => ({ ...names, source_thread_id, source_query_id })),
  ),
};

const shapes: Record<string, fc.Arbitrary<Shape>> = {
  ...accountShapes,
  ...chatShapes,
  'POST /db/database-setup': body(
    fc
      .tuple(
        who,
        fc.record({
          middleName: opt(fc.oneof(word, fc.constant(null))),
          phoneNumber: opt(phone),
          country: opt(country),
          dateOfBirth: opt(isoDate),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'POST /db/store-resource': body(
    fc
      .tuple(
        who,
        fc.record({
          resource_id: opt(fc.oneof(idArb, fc.constant(P.resourceId), fc.constant(P.otherResourceId))),
          thread_id: idArb,
          query_id: idArb,
          dsl_objects: dslObjects,
          timestamp: opt(
            fc.oneof(
              fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
              fc.nat(),
            ),
          ),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'GET /db/get-user-resources': query(
    fc
      .tuple(
        who,
        fc.record({
          limit: opt(fc.integer({ min: 1, max: RESOURCE_LIMITS.maxPageSize }).map(String)),
          cursor: opt(cursor),
        }),
      )
      .map(([names, rest]) => ({ ...names, ...rest })),
  ),
  'GET /db/get-resource/:id': fc
    .tuple(who, fc.oneof(fc.constant(P.resourceId), fc.constant(P.otherResourceId), idArb))
    .map(([names, param]) => ({ query: names, param })),
  'POST /db/delete-resource': body(
    fc
      .tuple(who, fc.oneof(fc.constant(P.resourceId), fc.constant(P.otherResourceId), idArb))
      .map(([names, resource_id]) => ({ ...names, resource_id })),
  ),
  'GET /db/get-profile': query(
    fc
      .tuple(who, opt(fc.constantFrom('true', 'false', '1', '0')))
      .map(([names, fresh]) => ({ ...names, fresh })),
  ),
  'POST /db/save-user-preferences': body(
    fc.tuple(who, preferences).map(([names, prefs]) => ({ ...names, preferences: prefs })),
  ),
  'POST /db/generate-preference-prompt': body(
    fc.record({
      user_info: fc.record(
        {
          username: fc.constant(P.username),
          firstName: word,
          lastName: word,
          email: fc.constant(P.email),
          country,
        },
        { requiredKeys: [] },
      ),
      preferences,
      existing_prompt: opt(fc.oneof(fc.lorem({ maxCount: 20 }), fc.constant(null))),
    }),
  ),
  // The user's own names rarely: each success erases its linked accounts, which are linked again.
  'POST /db/delete-user-data': body(whoRarelySelf),
  'POST /db/delete-user-account': body(whoRarelySelf),

  'POST /api/auth/sign-up/email': body(
    fc.record({
      email: fc.oneof({ weight: 5, arbitrary: freshEmail }, { weight: 1, arbitrary: fc.constant(P.email) }),
      password: fc.constant('correct horse battery'),
      name: fc.constant('Grace Hopper'),
      username: fc.oneof(
        { weight: 5, arbitrary: freshUsername },
        { weight: 1, arbitrary: fc.constant(P.username) },
      ),
      firstName: word,
      middleName: opt(word),
      lastName: word,
      phoneNumber: phone,
      country,
      dateOfBirth: isoDate,
      agreedToTerms: fc.constant(true),
      agreedToPrivacy: fc.constant(true),
      callbackURL: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/sign-in/email': body(
    fc.record({
      // The user's own address and password mostly: a sign-in that succeeds is the handler reached.
      email: fc.oneof(
        { weight: 3, arbitrary: fc.constant(P.email) },
        { weight: 1, arbitrary: fc.constant(P.otherEmail) },
        { weight: 1, arbitrary: freshEmail },
      ),
      password: fc.oneof(
        { weight: 3, arbitrary: fc.constant(P.password) },
        { weight: 1, arbitrary: password },
      ),
      rememberMe: opt(fc.boolean()),
      callbackURL: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/sign-out': fc.constantFrom<Shape>({ body: {} }, {}),
  'POST /api/auth/revoke-sessions': fc.constantFrom<Shape>({ body: {} }, {}),
  'POST /api/auth/revoke-other-sessions': fc.constantFrom<Shape>({ body: {} }, {}),
  'GET /api/auth/get-session': query(
    fc.record({ disableCookieCache: opt(fc.constantFrom('true', 'false')) }),
  ),
  'POST /api/auth/request-password-reset': body(
    fc.record({
      email: fc.oneof(fc.constant(P.email), fc.constant(P.otherEmail), freshEmail),
      redirectTo: opt(callbackUrl),
    }),
  ),
  'POST /api/auth/reset-password': fc
    .record({ newPassword: password, token })
    .chain((value) =>
      fc.constantFrom<Shape>(
        { body: value },
        { body: { newPassword: value.newPassword }, query: { token: value.token } },
      ),
    ),
  'GET /api/auth/reset-password/:token': fc
    .tuple(token, opt(callbackUrl))
    .map(([param, callbackURL]) => ({ param, query: withoutUndefined({ callbackURL }) })),
  'GET /api/auth/verify-email': query(fc.record({ token, callbackURL: opt(callbackUrl) })),
  'POST /api/auth/send-verification-email': body(
    fc.record({ email: fc.oneof(fc.constant(P.email), freshEmail), callbackURL: opt(callbackUrl) }),
  ),
  'POST /api/auth/is-username-available': body(
    fc.record({ username: fc.oneof(fc.constant(P.username), fc.constant(P.otherUsername), freshUsername) }),
  ),
  'POST /api/auth/update-user': body(
    fc.record(
      {
        name: text,
        image: fc.oneof(
          fc.constant(null),
          fc.constantFrom('https://example.com/a.png', 'javascript:alert(1)'),
        ),
        firstName: word,
        middleName: fc.oneof(word, fc.constant(null)),
        lastName: word,
        phoneNumber: phone,
        country,
        dateOfBirth: isoDate,
        displayUsername: fc.oneof(fc.constant(P.username), text),
      },
      { requiredKeys: [] },
    ),
  ),
  'GET /api/auth/list-sessions': fc.constant({}),
  'POST /api/auth/revoke-session': body(fc.record({ token: fc.oneof(fc.constant(P.sessionToken), token) })),
  'POST /api/auth/change-password': body(
    fc.record({
      currentPassword: fc.oneof(fc.constant(P.password), password),
      newPassword: password,
      revokeOtherSessions: opt(fc.boolean()),
    }),
  ),
};

/** Any endpoint without a shape of its own: an empty or arbitrary object, or a few query pairs. */
const genericShape: fc.Arbitrary<Shape> = fc.oneof(
  fc.constant({ body: {} }),
  fc.record({
    body: fc.dictionary(
      fc.constantFrom('email', 'token', 'id', 'password', 'callbackURL', 'providerId'),
      fc.oneof(text, fc.constant(P.email), fc.constant(P.sessionToken)),
    ),
  }),
  fc.record({ query: fc.dictionary(fc.constantFrom('token', 'callbackURL', 'id', 'error'), text) }),
);

// --- mutations ------------------------------------------------------------------------------------

/** `at` picks among the value's paths (modulo their number), so any shape can take any mutation. */
export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'add'; at: number; key: string; value: unknown }
  | { op: 'whole'; value: unknown }
  /** One hostile character into an otherwise valid string (after a placeholder: appended). */
  | { op: 'taint'; at: number; insert: string; position: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: hostileValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      at: fc.nat(),
      key: extraKey,
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('whole' as const), value: hostileValue }) },
);

type Path = Array<string | number>;

function pathsOf(value: unknown, objectsOnly: boolean): Path[] {
  const out: Path[] = [];
  const stack: Array<{ value: unknown; path: Path }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop() as { value: unknown; path: Path };
    if (node === null || typeof node !== 'object') continue;
    if (objectsOnly && !Array.isArray(node)) out.push(path);
    for (const [key, child] of Object.entries(node)) {
      const childPath = [...path, Array.isArray(node) ? Number(key) : key];
      if (!objectsOnly) out.push(childPath);
      stack.push({ value: child, path: childPath });
    }
  }
  return out;
}

/** Sets an own property, even '__proto__', so that JSON.stringify sends it. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

function clone(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineOwn(out, key, clone(child));
  return out;
}

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    root,
  );
}

function parentOf(root: unknown, path: Path): Record<string | number, unknown> | undefined {
  let node = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, unknown>)[key];
  return node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

export function applyMutations(value: unknown, mutations: readonly Mutation[]): unknown {
  let root = clone(value);
  for (const m of mutations) {
    if (m.op === 'whole') {
      root = clone(m.value);
      continue;
    }
    if (m.op === 'taint') {
      const strings = pathsOf(root, false).filter((path) => typeof valueAt(root, path) === 'string');
      const path = strings[m.at % Math.max(strings.length, 1)];
      const parent = path && parentOf(root, path);
      if (!path || !parent) continue;
      const key = path[path.length - 1] as string | number;
      const text = parent[key] as string;
      const cut = text.startsWith('$$') ? text.length : m.position % (text.length + 1);
      parent[key] = `${text.slice(0, cut)}${m.insert}${text.slice(cut)}`;
      continue;
    }
    const paths = pathsOf(root, m.op === 'add');
    const path = paths[m.at % Math.max(paths.length, 1)];
    if (!path) continue;
    if (m.op === 'add') {
      const target = path.reduce<unknown>(
        (node, key) => (node as Record<string | number, unknown>)[key],
        root,
      );
      if (target && typeof target === 'object' && !Array.isArray(target)) {
        defineOwn(target as Record<string, unknown>, m.key, clone(m.value));
      }
      continue;
    }
    const parent = parentOf(root, path);
    const key = path[path.length - 1] as string | number;
    if (!parent) continue;
    if (m.op === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (Array.isArray(parent)) {
      parent[Number(key)] = clone(m.value);
    } else {
      defineOwn(parent as Record<string, unknown>, String(key), clone(m.value));
    }
  }
  return root;
}

// --- the case ---------------------------------------------------------------------------------

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

const ORIGIN_HEADER: Record<OriginKind, (ours: string) => string | undefined> = {
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
    kind: fc.constant('junk' as const),
    bytes: fc.array(fc.nat({ max: 255 }), { maxLength: 300 }),
    contentType: fc.constantFrom(...CONTENT_TYPES),
  });
  const wrongType = fc.record({
    kind: fc.constant('wrong-type' as const),
    contentType: fc.constantFrom(...CONTENT_TYPES.filter((type) => type !== 'application/json')),
    sealed: fc.boolean(),
  });
  const tampered = fc.record({
    kind: fc.constant('tampered' as const),
    tamper: fc.constantFrom('flip' as const, 'other-path' as const, 'stale' as const, 'replay' as const),
  });
  const simple = (kind: 'sealed' | 'plain' | 'empty' | 'form'): fc.Arbitrary<Transport> =>
    fc.constant({ kind });
  const multipart = fc.record({
    kind: fc.constant('multipart' as const),
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
  if (endpoint.service === 'connect') {
    // The spec's client sends these as forms; API users send JSON. Neither is ever sealed.
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
  op: fc.constant('taint' as const),
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
  if (endpoint.service === 'connect') {
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
  if (endpoint.service === 'connect') {
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
    shape: shapes[key] ?? genericShape,
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
              open: fc.constantFrom('[' as const, '{"a":' as const),
              placement: fc.constantFrom('body' as const, 'field' as const),
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
              placement: fc.constantFrom('body' as const, 'field' as const),
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
  'POST /db/delete-resource': 3,
};

/** Requests over `endpoints`. */
export function fuzzCaseArbitrary(endpoints: readonly Endpoint[]): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    ...endpoints.map((endpoint) => {
      const key = endpointKey(endpoint);
      return { weight: WEIGHTS[key] ?? (shapes[key] ? 4 : 1), arbitrary: caseArbitrary(endpoint) };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Building a request

export type FuzzUser = {
  id: string;
  token: string;
  sessionToken: string;
  email: string;
  password: string;
  username: string;
  firstName: string;
  lastName: string;
  resourceId: string;
  cursor: string;
  /** What the user has linked (runs that fuzz linked accounts link them for every fuzz user). */
  linked?: LinkedAccounts;
};

/**
 * A fuzz user's linked accounts, as the API reported them at setup: the names and ids its requests
 * use, and that the other user's requests try to reach.
 */
export type LinkedAccounts = {
  bankName: string;
  /** The bank's Plaid item id. */
  itemId: string;
  /** One account of the bank (Penny's id, as get-credentials lists it). */
  bankAccountId: string;
  /** A real next_cursor of the bank's transactions. */
  txCursor: string;
  walletName: string;
  walletAddress: string;
  brokerageName: string;
  /** The brokerage's SnapTrade authorization id (connection_id / account_id on /connect). */
  connectionId: string;
  snapTradeUserId: string;
  /** A Link public token not yet exchanged: the first exchange spends it. */
  publicToken: string;
  /** The public token the bank was linked with (spent). */
  spentPublicToken: string;
};

type BuildContext = {
  user: FuzzUser;
  other: FuzzUser;
  /** What the fuzz user links (and links again when a request removed it); none: no linked accounts. */
  plan?: LinkPlan;
  anonToken: string;
  boxPublicKey: string;
  origin: string;
};

export type BuiltRequest = {
  method: FuzzMethod;
  /** Pathname plus query string. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** The body as sent before sealing (or the junk bytes), cut for printing. */
  preview: string;
  /** The JSON body before encoding, when there is one. */
  value?: unknown;
};

function fill(ctx: BuildContext, value: string, maxHuge: number): string {
  if (!value.startsWith('$$')) return value;
  const hugeMatch = /^\$\$huge:(\d+):(.)$/su.exec(value);
  if (hugeMatch) return (hugeMatch[2] as string).repeat(Math.min(Number(hugeMatch[1]), maxHuge));
  const own = ctx.user.linked;
  const other = ctx.other.linked;
  const table: Record<string, string> = {
    [P.bankName]: own?.bankName ?? 'Unlinked_plaid',
    [P.walletName]: own?.walletName ?? 'Unlinked_web3',
    [P.brokerageName]: own?.brokerageName ?? 'Unlinked_snaptrade',
    [P.itemId]: own?.itemId ?? 'unlinked-item',
    [P.connectionId]: own?.connectionId ?? 'unlinked-connection',
    [P.bankAccountId]: own?.bankAccountId ?? 'unlinked-account',
    [P.txCursor]: own?.txCursor ?? 'unlinked-cursor',
    [P.publicToken]: own?.publicToken ?? 'public-sandbox-unlinked',
    [P.spentPublicToken]: own?.spentPublicToken ?? 'public-sandbox-unlinked',
    [P.otherBankName]: other?.bankName ?? 'Other_unlinked_plaid',
    [P.otherWalletName]: other?.walletName ?? 'Other_unlinked_web3',
    [P.otherBrokerageName]: other?.brokerageName ?? 'Other_unlinked_snaptrade',
    [P.otherItemId]: other?.itemId ?? 'other-unlinked-item',
    [P.otherConnectionId]: other?.connectionId ?? 'other-unlinked-connection',
    [P.otherBankAccountId]: other?.bankAccountId ?? 'other-unlinked-account',
    [P.otherTxCursor]: other?.txCursor ?? 'other-unlinked-cursor',
    [P.otherPublicToken]: other?.publicToken ?? 'public-sandbox-other-unlinked',
    [P.otherSnapTradeUserId]: other?.snapTradeUserId ?? 'other-unlinked-user',
    [P.username]: ctx.user.username,
    [P.firstName]: ctx.user.firstName,
    [P.lastName]: ctx.user.lastName,
    [P.email]: ctx.user.email,
    [P.password]: ctx.user.password,
    [P.resourceId]: ctx.user.resourceId,
    [P.sessionToken]: ctx.user.sessionToken,
    [P.otherUsername]: ctx.other.username,
    [P.otherEmail]: ctx.other.email,
    [P.otherResourceId]: ctx.other.resourceId,
    [P.cursor]: ctx.user.cursor,
  };
  if (table[value] !== undefined) return table[value];
  // A placeholder with a tainted tail ('$$firstName\u0000'): the value, then the tail.
  const prefix = Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .find((key) => value.startsWith(key));
  return prefix ? `${table[prefix]}${value.slice(prefix.length)}` : value;
}

function resolve(ctx: BuildContext, value: unknown, maxHuge = Number.POSITIVE_INFINITY): unknown {
  if (typeof value === 'string') return fill(ctx, value, maxHuge);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolve(ctx, item, maxHuge));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) defineOwn(out, key, resolve(ctx, child, maxHuge));
  return out;
}

function deepText(deep: Deep): string {
  const close = deep.open === '[' ? ']' : '}';
  return `${deep.open.repeat(deep.depth)}1${close.repeat(deep.depth)}`;
}

const DEEP_MARKER = '$$deep';
/** The field spliced text replaces, per endpoint: where each one takes a document. */
const DEEP_FIELDS: Record<string, string> = {
  'POST /db/store-resource': 'dsl_objects',
  'POST /db/save-user-preferences': 'preferences',
  'POST /db/generate-preference-prompt': 'preferences',
};

/**
 * The JSON text of the body, with a deeply nested document or raw text spliced in as text when the case
 * asks: in place of the body, or of the field that takes a document (so the rest of the body is valid).
 */
function bodyText(c: FuzzCase, value: unknown): string | undefined {
  const spliced = c.deep ? { text: deepText(c.deep), placement: c.deep.placement } : c.raw;
  if (spliced) {
    if (spliced.placement === 'body' || value === null || typeof value !== 'object' || Array.isArray(value)) {
      return spliced.text;
    }
    const holder: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    defineOwn(holder, DEEP_FIELDS[c.endpoint] ?? 'nested', DEEP_MARKER);
    return JSON.stringify(holder).replace(JSON.stringify(DEEP_MARKER), () => spliced.text || '""');
  }
  return value === undefined ? undefined : JSON.stringify(value);
}

const encoder = new TextEncoder();

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The bytes of a JS string with lone surrogates kept (WTF-8: each as its 3-byte form, which is not
 * valid UTF-8), where TextEncoder would turn them into U+FFFD: forms carry them as a browser never would.
 */
function wtf8(text: string): Uint8Array {
  if (!LONE_SURROGATE.test(text)) return encoder.encode(text);
  const chunks: Uint8Array[] = [];
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    chunks.push(
      encoder.encode(text.slice(run, i)),
      Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)),
    );
    run = i + 1;
  }
  chunks.push(encoder.encode(text.slice(run)));
  return Buffer.concat(chunks);
}

/** Percent-encodes a string as a form or a path does, lone surrogates included (where encodeURIComponent throws). */
function percentEncode(text: string): string {
  if (!LONE_SURROGATE.test(text)) return encodeURIComponent(text);
  return Buffer.from(wtf8(text))
    .toString('hex')
    .replace(/../g, (hex) => `%${hex.toUpperCase()}`);
}

const sessionCookie = (token: string) => `better-auth.session_token=${token}`;

/** A body as form fields: top-level keys (arrays repeat the key), any other value as its JSON text. */
function formFields(c: FuzzCase, value: unknown, text: string): Array<[string, string]> {
  if (c.deep || c.raw || value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [['body', text]];
  }
  return Object.entries(value).flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item]).map((one): [string, string] => [
      key,
      typeof one === 'string' ? one : (JSON.stringify(one) ?? ''),
    ]),
  );
}

const BOUNDARY = 'fuzzboundary';

function multipartBody(fields: Array<[string, string]>, file: boolean, truncated: boolean): Uint8Array {
  const parts: Uint8Array[] = fields.map(([name, value]) =>
    Buffer.concat([
      wtf8(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      wtf8(value),
      encoder.encode('\r\n'),
    ]),
  );
  if (file) {
    parts.push(
      encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\ndate,amount\r\n`,
      ),
    );
  }
  parts.push(
    encoder.encode(truncated ? `--${BOUNDARY}\r\nContent-Disposition: form-da` : `--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

/** The web app's envelope (sealBody) around JSON text that no JS value could hold (deep nesting). */
function sealText(ctx: BuildContext, path: string, jsonText: string, ts = Date.now()): string {
  const plaintext = `{"v":1,"ts":${ts},"rid":"${randomRequestId()}","method":"POST","path":${JSON.stringify(path)},"body":${jsonText}}`;
  const ephemeral = nacl.box.keyPair();
  const nonce = nacl.randomBytes(nacl.box.nonceLength);
  const box = nacl.box(
    encoder.encode(plaintext),
    nonce,
    Buffer.from(ctx.boxPublicKey, 'base64'),
    ephemeral.secretKey,
  );
  return JSON.stringify({
    ephem_pub: Buffer.from(ephemeral.publicKey).toString('base64'),
    nonce: Buffer.from(nonce).toString('base64'),
    ciphertext: Buffer.from(box).toString('base64'),
  });
}

/**
 * The sealed envelope of a body: sealBody (the web app's code) when the body is a value it serialises,
 * or the same construction around the text when the text is not one (spliced nesting or raw text).
 */
function seal(ctx: BuildContext, path: string, body: { value: unknown } | null, text: string): string {
  if (body) {
    return JSON.stringify(
      sealBody({ serverPublicKey: ctx.boxPublicKey, method: 'POST', path, body: body.value }),
    );
  }
  return sealText(ctx, path, text);
}

function preview(text: string): string {
  const shown = text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}

/** One request, or two for a replayed envelope (the same bytes sent twice). */
export function buildRequests(c: FuzzCase, ctx: BuildContext, endpoint: Endpoint): BuiltRequest[] {
  let pathname = endpoint.path;
  if (pathname.includes(':')) {
    const param = fill(ctx, c.shape.param ?? 'x', 10_000);
    pathname = pathname.replace(/:[A-Za-z]+/, () => (c.shape.rawParam ? param : percentEncode(param)));
  }
  const queryValue = applyMutations(c.shape.query ?? {}, c.queryMutations);
  const pairs: string[] = [];
  if (queryValue && typeof queryValue === 'object' && !Array.isArray(queryValue)) {
    const params = new URLSearchParams();
    for (const [key, raw] of Object.entries(queryValue)) {
      const values = Array.isArray(raw) ? raw : [raw];
      for (const item of values) {
        const resolved = resolve(ctx, item, 8_000);
        params.append(key, typeof resolved === 'string' ? resolved : (JSON.stringify(resolved) ?? ''));
      }
    }
    if (params.size > 0) pairs.push(params.toString());
  }
  if (c.rawQuery) pairs.push(c.rawQuery);
  const path = pairs.length > 0 ? `${pathname}?${pairs.join('&')}` : pathname;

  const headers: Record<string, string> = {};
  const user = ctx.user.token;
  const forged = `${user.split('.')[0]}.forgedsignature`;
  const bearer: Record<Caller, string | undefined> = {
    none: undefined,
    anon: ctx.anonToken,
    user,
    'user-cookie': ctx.anonToken,
    cookie: undefined,
    forged,
    'forged-cookie': undefined,
  };
  const cookie: Record<Caller, string | undefined> = {
    none: undefined,
    anon: undefined,
    user: undefined,
    'user-cookie': user,
    cookie: user,
    forged: undefined,
    'forged-cookie': forged,
  };
  if (bearer[c.caller]) headers.authorization = `Bearer ${bearer[c.caller]}`;
  if (cookie[c.caller]) headers.cookie = sessionCookie(cookie[c.caller] as string);
  const origin = ORIGIN_HEADER[c.origin](ctx.origin);
  if (origin) headers.origin = origin;

  if (endpoint.method === 'GET') return [{ method: 'GET', path, headers, preview: '' }];

  const value = resolve(ctx, applyMutations(c.shape.body, c.mutations));
  const text = bodyText(c, value);
  return encode(c, ctx, path, headers, value, text).map((request) => ({ ...request, value }));
}

function encode(
  c: FuzzCase,
  ctx: BuildContext,
  path: string,
  headers: Record<string, string>,
  value: unknown,
  text: string | undefined,
): BuiltRequest[] {
  const t = c.transport;
  if (t.kind === 'empty' || text === undefined)
    return [{ method: 'POST', path, headers, preview: '(no body)' }];
  // Spliced text is not the value's serialisation: it is sealed as text.
  const sealable = c.deep || c.raw ? null : { value };
  if (t.kind === 'junk') {
    if (t.contentType) headers['content-type'] = t.contentType;
    const bytes = Uint8Array.from(t.bytes);
    return [
      {
        method: 'POST',
        path,
        headers,
        body: bytes,
        preview: `bytes ${Buffer.from(bytes).toString('hex').slice(0, 120)}`,
      },
    ];
  }
  if (t.kind === 'form' || t.kind === 'multipart') {
    const fields = formFields(c, value, text);
    if (t.kind === 'form') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = fields.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`).join('&');
      return [{ method: 'POST', path, headers, body: form, preview: `form ${preview(form)}` }];
    }
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    const label = `multipart${t.file ? ' +file' : ''}${t.truncated ? ' (cut short)' : ''}`;
    return [
      {
        method: 'POST',
        path,
        headers,
        body: multipartBody(fields, t.file, t.truncated),
        preview: `${label} ${preview(JSON.stringify(fields))}`,
      },
    ];
  }
  const shown = preview(text);
  if (t.kind === 'plain') {
    headers['content-type'] = 'application/json';
    return [{ method: 'POST', path, headers, body: text, preview: shown }];
  }
  if (t.kind === 'wrong-type') {
    if (t.contentType) headers['content-type'] = t.contentType;
    if (t.sealed) headers['x-encrypted'] = '1';
    const sent = t.sealed ? seal(ctx, path, sealable, text) : text;
    return [{ method: 'POST', path, headers, body: sent, preview: `${t.sealed ? 'sealed ' : ''}${shown}` }];
  }
  headers['content-type'] = 'application/json';
  headers['x-encrypted'] = '1';
  if (t.kind === 'sealed')
    return [
      { method: 'POST', path, headers, body: seal(ctx, path, sealable, text), preview: `sealed ${shown}` },
    ];
  const tamper = t.tamper;
  const label = `sealed (${tamper}) ${shown}`;
  if (tamper === 'other-path') {
    return [
      {
        method: 'POST',
        path,
        headers,
        body: seal(
          ctx,
          path.startsWith('/db/delete-user-account') ? '/db/delete-user-data' : '/db/delete-user-account',
          sealable,
          text,
        ),
        preview: label,
      },
    ];
  }
  if (tamper === 'stale') {
    return [
      {
        method: 'POST',
        path,
        headers,
        body: sealText(ctx, path, text, Date.now() - 10 * 60_000),
        preview: label,
      },
    ];
  }
  const envelope = seal(ctx, path, sealable, text);
  if (tamper === 'replay') {
    return [
      { method: 'POST', path, headers, body: envelope, preview: `sealed ${shown}` },
      { method: 'POST', path, headers, body: envelope, preview: label },
    ];
  }
  const parsed = JSON.parse(envelope) as { ciphertext: string };
  const bytes = Buffer.from(parsed.ciphertext, 'base64');
  bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0x01;
  const flipped = JSON.stringify({ ...parsed, ciphertext: bytes.toString('base64') });
  return [{ method: 'POST', path, headers, body: flipped, preview: label }];
}

// ---------------------------------------------------------------------------------------------------
// Which rows a request changed

/**
 * The tables watched: every table holding a user's data, and the mail the app sent.
 * - "user", account, session, verification, profile, resource, and the linked accounts' connection,
 *   provider_user, ledger_account, balance_snapshot, ledger_transaction and holding (after the syncs a
 *   request started have finished): any insert, update or delete counts,
 *   except a session update that touches only expires_at and updated_at: Better Auth slides a session
 *   forward when it reads one older than its refresh age, and reading is not a change.
 * - outbox (the dev mail store): a refused request must not send mail, with one exception by design:
 *   a sign-in refused because the address is not confirmed re-sends the confirmation (Better Auth's
 *   emailVerification.sendOnSignIn), so that refusal may add an outbox row (MAIL_ON_REFUSAL).
 * Rate-limit and attempt counters are deliberately not watched: counting refused attempts is their job.
 */
const WATCHED: Array<{ table: PgTable; ignoredOnUpdate: string[] }> = [
  { table: tables.user, ignoredOnUpdate: [] },
  { table: tables.account, ignoredOnUpdate: [] },
  { table: tables.session, ignoredOnUpdate: ['expires_at', 'updated_at'] },
  { table: tables.verification, ignoredOnUpdate: [] },
  { table: tables.profile, ignoredOnUpdate: [] },
  { table: tables.resource, ignoredOnUpdate: [] },
  { table: tables.outbox, ignoredOnUpdate: [] },
  { table: tables.connection, ignoredOnUpdate: [] },
  { table: tables.providerUser, ignoredOnUpdate: [] },
  { table: tables.ledgerAccount, ignoredOnUpdate: [] },
  { table: tables.balanceSnapshot, ignoredOnUpdate: [] },
  { table: tables.ledgerTransaction, ignoredOnUpdate: [] },
  { table: tables.holding, ignoredOnUpdate: [] },
];

/** Rejections that may legitimately add mail, by endpoint and status. */
const MAIL_ON_REFUSAL = new Set(['POST /api/auth/sign-in/email 403']);

export type ChangeLog = {
  /** The position of the latest recorded change. */
  mark(): Promise<number>;
  /** What changed after `mark`, e.g. ['resource insert ×1']. */
  since(mark: number): Promise<Array<{ table: string; op: string; rows: number }>>;
};

/**
 * Records every row written to the watched tables, by a trigger installed into the test database
 * (a throwaway one): exact per request, and cheap enough to read after each of thousands of
 * requests, where hashing the tables' contents each time cost more than the request itself.
 */
export async function watchChanges(t: TestApp): Promise<ChangeLog> {
  await t.rows(
    sql.raw(
      'create table if not exists fuzz_change (id bigserial primary key, tbl text not null, op text not null)',
    ),
  );
  await t.rows(
    sql.raw(`create or replace function fuzz_record_change() returns trigger language plpgsql as $fuzz$
begin
  if tg_op = 'UPDATE' and (to_jsonb(old) - tg_argv) = (to_jsonb(new) - tg_argv) then return null; end if;
  insert into fuzz_change (tbl, op) values (tg_table_name, lower(tg_op));
  return null;
end $fuzz$`),
  );
  for (const { table, ignoredOnUpdate } of WATCHED) {
    const name = getTableName(table);
    const args = ignoredOnUpdate.map((column) => `'${column}'`).join(', ');
    await t.rows(sql.raw(`drop trigger if exists fuzz_change on "${name}"`));
    await t.rows(
      sql.raw(
        `create trigger fuzz_change after insert or update or delete on "${name}" for each row execute function fuzz_record_change(${args})`,
      ),
    );
  }
  return {
    async mark() {
      const [row] = await t.rows<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from fuzz_change`);
      return Number(row?.n ?? 0);
    },
    async since(mark) {
      const rows = await t.rows<{ tbl: string; op: string; n: number }>(
        sql`select tbl, op, count(*)::int as n from fuzz_change where id > ${mark} group by tbl, op order by tbl, op`,
      );
      return rows.map((row) => ({ table: row.tbl, op: row.op, rows: Number(row.n) }));
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Running

export type FailureKind =
  | '5xx'
  | '4xx-without-error'
  /** An error of our services (/db, /agent, /connect) whose body or code its contract does not document. */
  | 'undocumented-error'
  | 'row-changed'
  | 'off-origin-redirect'
  /** A provider secret (sealed or opened) or another user's linked ids in an answer. */
  | 'leak'
  /** A request naming another user's connection (its name, item or authorization id) that succeeded. */
  | 'cross-user';

export type FuzzFailure = {
  kind: FailureKind;
  endpoint: string;
  status: number;
  /** Index of the generated case (reproducible from the seed). */
  index: number;
  request: string;
  /** What went wrong, without the particulars of one request: the failures are grouped by it. */
  cause: string;
  detail: string;
  /** How many requests failed the same way (same kind, endpoint, status and cause). */
  occurrences: number;
};

export type FuzzReport = {
  seed: number;
  cases: number;
  requests: number;
  byEndpoint: Record<string, Record<number, number>>;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
  /** Users signed up to replace one a request legitimately deleted or changed the password of. */
  usersCreated: number;
  /** Sessions restored after a request legitimately ended the caller's. */
  sessionsRestored: number;
  /** Times the fuzz user's linked accounts were linked again after a request removed them. */
  relinks: number;
  /**
   * Requests naming the other user's connections (account name, item id, authorization id), by
   * endpoint, then by answer ('404 accounts:not-found').
   */
  crossUser: Record<string, Record<string, number>>;
  /** The other user's linked data before and after the run (linkedSnapshot), and at the vendors after. */
  other: {
    userId: string;
    before: string;
    after: string;
    bankAtVendor: boolean;
    brokerageAtVendor: boolean;
  } | null;
  ms: number;
  /** Where the time went, in milliseconds: building and sealing, the app answering, bookkeeping. */
  timing: { build: number; request: number; changes: number; users: number };
};

export type FuzzOptions = {
  seed: number;
  count: number;
  /** Defaults to every discovered endpoint. */
  endpoints?: Endpoint[];
  onProgress?: (done: number, report: FuzzReport) => void;
  /** Every request and its answer, for tracing a run (`npm run fuzz -- --trace`). */
  onRequest?: (entry: { index: number; request: string; status: number; answer: string }) => void;
};

/** Endpoints after whose success some of the caller's linked accounts may be gone. */
const ACCOUNT_REMOVING = /\/(disconnect-account|plaid\/disconnect|snaptrade\/disconnect|delete-user-data)$/;

/** Endpoints after whose success the caller's session or password may be gone. */
const SESSION_ENDING =
  /\/(sign-out|revoke-session|revoke-sessions|revoke-other-sessions|change-password|delete-user|delete-user-account|reset-password|change-email|update-user)\b/;

const jsonError = (service: Endpoint['service'], parsed: unknown): boolean => {
  if (parsed === null || typeof parsed !== 'object') return false;
  const record = parsed as Record<string, unknown>;
  // Our own routes answer { success: false, error }; Better Auth answers { code?, message }.
  return typeof record.error === 'string' || (service === 'auth' && typeof record.message === 'string');
};

/** The first line of what an error log line says went wrong, and where in our code. */
function causeOf(line: string): string | undefined {
  let entry: {
    err?: { type?: string; message?: string; stack?: string };
    component?: string;
    cause?: string;
    msg?: string;
  };
  try {
    entry = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (entry.err) {
    const stack = entry.err.stack ?? '';
    const underlying = /caused by: (.*)/.exec(stack)?.[1] ?? entry.err.message?.split('\n')[0] ?? '';
    const where = /\/(apps\/[^\s)]+\.ts:\d+)/.exec(stack)?.[1];
    return `${entry.err.type ?? 'Error'}: ${underlying.slice(0, 200)}${where ? ` (at ${where})` : ''}`;
  }
  if (entry.component === 'auth') return `Better Auth: ${entry.cause ?? entry.msg}`;
  return undefined;
}

/**
 * What the app logged while answering: the error causes and the lines at warn level and above between
 * the previous request's log line and this one's (requests run one at a time).
 */
function logsOf(t: TestApp, requestId: string | null): { cause: string; lines: string } {
  const lines = t.logText().split('\n').filter(Boolean);
  let end = lines.length - 1;
  if (requestId) {
    const index = lines.findLastIndex((line) => line.includes(requestId));
    if (index >= 0) end = index;
  }
  const picked: string[] = [];
  const causes: string[] = [];
  for (let i = end; i >= 0 && picked.length < 12; i--) {
    const line = lines[i] as string;
    if (i < end && /"status":\d{3}/.test(line) && !(requestId && line.includes(requestId))) break;
    if (!/"level":(40|50|60)/.test(line)) continue;
    picked.unshift(line.length > 600 ? `${line.slice(0, 600)}…` : line);
    const cause = causeOf(line);
    if (cause) causes.unshift(cause);
  }
  return { cause: causes.join('; ') || '(nothing logged)', lines: picked.join('\n') };
}

/**
 * Waits for the work a request left running after its answer (auth work done off the request path,
 * queued mail), so that a change is charged to the request that caused it.
 */
async function settled(t: TestApp): Promise<void> {
  await t.authGateway.settled();
  await t.mailer.settled();
  await t.services.sync.settled();
}

type Names = { token: string; username: string; firstName: string; lastName: string };

/**
 * Two saved resources for the user, stored and listed through the API as the web app does: the id of
 * one (for get-resource and delete-resource) and a real cursor to the second page of the list.
 */
async function seedResources(t: TestApp, boxPublicKey: string, user: Names) {
  const names = { username: user.username, firstName: user.firstName, lastName: user.lastName };
  const ids: string[] = [];
  for (const title of ['Fuzz seed one', 'Fuzz seed two']) {
    const stored = await sealedPost(t, boxPublicKey, user, '/db/store-resource', {
      thread_id: 'fuzz-thread',
      query_id: 'fuzz-query',
      dsl_objects: [{ type: 'container', title, content_blocks: [{ type: 'content', content: 'x' }] }],
    });
    const id = stored.body.resource_id;
    if (typeof id !== 'string') throw new Error(`fuzz setup: store-resource answered ${stored.status}`);
    ids.push(id);
  }
  const listed = await t.app.request(
    `/db/get-user-resources?${new URLSearchParams({ ...names, limit: '1' })}`,
    {
      headers: { authorization: `Bearer ${user.token}` },
    },
  );
  const { next_cursor: cursor } = (await listed.json()) as { next_cursor?: string | null };
  if (!cursor) throw new Error(`fuzz setup: get-user-resources answered ${listed.status} without a cursor`);
  return { resourceId: ids[0] as string, cursor };
}

/** A signed-up user with two saved resources, and with `plan` the accounts it names linked. */
async function newFuzzUser(t: TestApp, boxPublicKey: string, plan?: LinkPlan): Promise<FuzzUser> {
  const { token, user } = await t.signUpVerifiedUser();
  const seeded = await seedResources(t, boxPublicKey, { token, ...user });
  const fuzzUser: FuzzUser = {
    id: user.id,
    token,
    sessionToken: decodeURIComponent(token).split('.')[0] as string,
    email: user.email,
    password: user.password,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    ...seeded,
  };
  if (plan) fuzzUser.linked = await linkAccounts(t, boxPublicKey, fuzzUser, plan);
  return fuzzUser;
}

// ---------------------------------------------------------------------------------------------------
// Linked accounts

/** What a fuzz user links: a sandbox bank, a brokerage and a wallet; where its spare public token is from. */
export type LinkPlan = {
  institution: string;
  spareInstitution: string;
  broker: string;
  walletName: string;
  chain: ChainCode;
  address: string;
};

/** The fuzz user's: First_Platypus_Bank_plaid, SnapTrade_Sandbox_snaptrade and an Ethereum wallet. */
export const USER_LINKS: LinkPlan = {
  institution: 'ins_109508',
  spareInstitution: 'ins_109508',
  broker: 'SANDBOX',
  walletName: 'Fuzz_wallet_web3',
  chain: 'eth',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};

/**
 * The other user's: another institution and brokerage, so that its account names differ from the fuzz
 * user's, and a Bitcoin address no generated request uses (seeing it in an answer is a leak). Its
 * spare public token is for a third institution: the sandbox derives account ids from the Link user and
 * the institution, and the fuzz user exchanging that token must not get the other's own account ids.
 */
export const OTHER_LINKS: LinkPlan = {
  institution: 'ins_109509',
  spareInstitution: 'ins_109510',
  broker: 'ALPACA-PAPER',
  walletName: 'Savings_wallet_web3',
  chain: 'btc',
  address: 'bc1q0xcqpzrky6eff2g52qdye53xkk9jxkvrh6yhyw',
};

type Answered = { status: number; body: Record<string, unknown> };

async function answered(response: Response): Promise<Answered> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { text: text.slice(0, 300) };
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : { body };
  return { status: response.status, body: record };
}

const namesOf = (user: Names) => ({
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
});

/** A /db or /agent POST as the web app sends it: sealed, with the bearer token, the user's names added. */
async function sealedPost(
  t: TestApp,
  boxPublicKey: string,
  user: Names,
  path: string,
  fields: Record<string, unknown>,
): Promise<Answered> {
  const body = { ...namesOf(user), ...fields };
  const response = await t.app.request(path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': 'application/json',
      'x-encrypted': '1',
    },
    body: JSON.stringify(sealBody({ serverPublicKey: boxPublicKey, method: 'POST', path, body })),
  });
  return answered(response);
}

/** A /connect/api POST as the web app sends it: a form, the session cookie and our Origin. */
async function connectPost(
  t: TestApp,
  user: Names,
  path: string,
  fields: Record<string, string> = {},
): Promise<Answered> {
  const response = await t.app.request(`/connect/api${path}`, {
    method: 'POST',
    headers: {
      cookie: sessionCookie(user.token),
      origin: t.config.publicUrl,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ ...namesOf(user), ...fields }).toString(),
  });
  return answered(response);
}

function expectOk(what: string, answer: Answered): Record<string, unknown> {
  if (answer.status !== 200) {
    throw new Error(
      `fuzz setup: ${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
  }
  return answer.body;
}

/** A Link public token for the user at `institution`: create_link_token, then the Link stand-in. */
async function publicToken(t: TestApp, user: Names, institution: string): Promise<string> {
  const { link_token: linkToken } = expectOk(
    'create_link_token',
    await connectPost(t, user, '/create_link_token'),
  );
  const link = await t.app.request('/sandbox/plaid/link/public_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      link_token: linkToken,
      institution_id: institution,
      username: 'user_good',
      password: 'pass_good',
    }),
  });
  const { public_token: token } = expectOk('the Link stand-in', await answered(link));
  if (typeof token !== 'string') throw new Error('fuzz setup: the Link stand-in gave no public token');
  return token;
}

/** A brokerage through SnapTrade's portal, as the popup does it: its authorization id. */
async function linkBrokerage(t: TestApp, user: Names, broker: string): Promise<string> {
  expectOk('generate_user', await connectPost(t, user, '/snaptrade/generate_user'));
  const { redirectURI } = expectOk('get_login_uri', await connectPost(t, user, '/snaptrade/get_login_uri'));
  const portal = new URL(String(redirectURI));
  const submitted = await t.app.request(portal.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token: portal.searchParams.get('token') ?? '',
      broker,
      username: 'user_good',
      password: 'pass_good',
      action: 'connect',
    }).toString(),
  });
  const back = new URL(submitted.headers.get('location') ?? '/', t.config.publicUrl);
  const connectionId = back.searchParams.get('connection_id');
  if (!connectionId)
    throw new Error(`fuzz setup: the SnapTrade portal answered ${submitted.status}, no connection`);
  expectOk(
    'store_connection',
    await connectPost(t, user, '/snaptrade/store_connection', { connection_id: connectionId }),
  );
  return connectionId;
}

export type LinkPart = 'bank' | 'wallet' | 'brokerage';
const ALL_PARTS: ReadonlySet<LinkPart> = new Set(['bank', 'wallet', 'brokerage']);

/**
 * Links the user's accounts through the API as the web app does (a bank through Link and
 * set_access_token, a brokerage through SnapTrade's portal, a wallet by its address), or only the
 * `parts` a request removed, waits for the first syncs, and reads names and ids back from the API.
 */
async function linkAccounts(
  t: TestApp,
  boxPublicKey: string,
  user: FuzzUser,
  plan: LinkPlan,
  previous?: LinkedAccounts,
  parts: ReadonlySet<LinkPart> = ALL_PARTS,
): Promise<LinkedAccounts> {
  let bank = previous && {
    bankName: previous.bankName,
    itemId: previous.itemId,
    spentPublicToken: previous.spentPublicToken,
  };
  if (!bank || parts.has('bank')) {
    const spent = await publicToken(t, user, plan.institution);
    const linked = expectOk(
      'set_access_token',
      await connectPost(t, user, '/set_access_token', { public_token: spent }),
    );
    bank = { bankName: String(linked.account_name), itemId: String(linked.item_id), spentPublicToken: spent };
  }
  if (!previous || parts.has('wallet')) {
    expectOk(
      'store-credentials',
      await sealedPost(t, boxPublicKey, user, '/db/store-credentials', {
        account_name: plan.walletName,
        credentials: { chain: plan.chain, account_id: plan.address },
      }),
    );
  }
  const connectionId =
    previous && !parts.has('brokerage') ? previous.connectionId : await linkBrokerage(t, user, plan.broker);
  await t.services.sync.settled();

  const listed = await t.app.request(`/db/get-credentials?${new URLSearchParams(namesOf(user))}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const credentials = getCredentialsResponseSchema.parse(expectOk('get-credentials', await answered(listed)));
  const bankAccounts = credentials.accounts[bank.bankName]?.accounts ?? [];
  const bankAccount = bankAccounts.find((account) => account.kind === 'checking') ?? bankAccounts[0];
  const brokerage = Object.values(credentials.accounts).find(
    (entry) => entry.account_type === 'snaptrade' && entry.item_id === connectionId,
  );
  const wallet = credentials.accounts[plan.walletName];
  if (!bankAccount || !brokerage || !wallet) {
    throw new Error(
      `fuzz setup: linked accounts missing from get-credentials: ${Object.keys(credentials.accounts)}`,
    );
  }
  const page = expectOk(
    'get-transactions',
    await sealedPost(t, boxPublicKey, user, '/agent/plaid/get-transactions', {
      account_name: bank.bankName,
      start_date: '1970-01-01',
      end_date: '2100-12-31',
      limit: 1,
    }),
  );
  const [snapTradeUser] = await t.rows<{ external_user_id: string }>(
    sql`select external_user_id from provider_user where user_id = ${user.id} and platform = 'snaptrade'`,
  );
  if (typeof page.next_cursor !== 'string' || !snapTradeUser) {
    throw new Error('fuzz setup: no transactions cursor or no SnapTrade user');
  }
  return {
    ...bank,
    bankAccountId: bankAccount.id,
    txCursor: page.next_cursor,
    walletName: plan.walletName,
    walletAddress: wallet.account_id ?? plan.address,
    brokerageName: brokerage.account_name,
    connectionId,
    snapTradeUserId: snapTradeUser.external_user_id,
    publicToken: previous?.publicToken ?? (await publicToken(t, user, plan.spareInstitution)),
  };
}

/** The parts of the user's linked accounts a request removed (disconnected, or deleted with its data). */
async function removedParts(t: TestApp, user: FuzzUser): Promise<Set<LinkPart>> {
  const linked = user.linked;
  if (!linked) return new Set();
  const rows = await t.rows<{ platform: string; name: string; item_id: string | null }>(
    sql`select platform, name, item_id from connection where user_id = ${user.id}`,
  );
  const [snapTradeUser] = await t.rows(sql`select 1 from provider_user where user_id = ${user.id}`);
  const has = (platform: string, test: (row: { name: string; item_id: string | null }) => boolean) =>
    rows.some((row) => row.platform === platform && test(row));
  const removed = new Set<LinkPart>();
  if (!has('plaid', (row) => row.item_id === linked.itemId)) removed.add('bank');
  if (!has('web3', (row) => row.name === linked.walletName)) removed.add('wallet');
  if (!snapTradeUser || !has('snaptrade', (row) => row.item_id === linked.connectionId))
    removed.add('brokerage');
  return removed;
}

/**
 * A new session for a user whose session a request ended (sign-out, revoke), made the way Better Auth
 * makes one after a sign-in, and signed as its cookie is: the fuzz keeps a caller without paying a
 * password hash each time (sign-in itself is among the fuzzed endpoints).
 */
async function restoreSession(t: TestApp, user: FuzzUser): Promise<FuzzUser> {
  const context = await t.auth.$context;
  const session = await context.internalAdapter.createSession(user.id);
  const signature = createHmac('sha256', t.secrets.authSecret).update(session.token).digest('base64');
  return { ...user, token: encodeURIComponent(`${session.token}.${signature}`), sessionToken: session.token };
}

/** The caller's user as its session sees it now, or null when the session no longer works. */
async function sessionUser(t: TestApp, user: FuzzUser): Promise<Record<string, unknown> | null> {
  const response = await t.app.request('/api/auth/get-session', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (!response.ok) return null;
  const body = (await response.json().catch(() => null)) as { user?: Record<string, unknown> } | null;
  return body?.user?.id === user.id ? body.user : null;
}

async function userExists(t: TestApp, user: FuzzUser): Promise<boolean> {
  return (await t.rows(sql`select 1 from "user" where id = ${user.id}`)).length > 0;
}

/** The request as a line to reproduce it by: credentials are named, not shown. */
function describeRequest(request: BuiltRequest, caller: Caller): string {
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path;
  const headers = {
    ...request.headers,
    authorization: request.headers.authorization ? '(set)' : undefined,
    cookie: request.headers.cookie ? '(set)' : undefined,
  };
  return `${request.method} ${path} as ${caller}; headers ${JSON.stringify(headers)}; body ${request.preview}`;
}

type Answer = {
  endpoint: Endpoint;
  status: number;
  bodyText: string;
  headers: Headers;
  /** The rows the request changed, read only when the invariant needs them. */
  changes: () => Promise<Array<{ table: string; op: string; rows: number }>>;
};

/** Every invariant an answer breaks: no 5xx, JSON 4xx errors, no off-site redirect, no change on refusal. */
async function brokenInvariants(
  t: TestApp,
  origin: string,
  answer: Answer,
): Promise<Array<Pick<FuzzFailure, 'kind' | 'cause' | 'detail'>>> {
  const { endpoint, status, bodyText, headers } = answer;
  const broken: Array<Pick<FuzzFailure, 'kind' | 'cause' | 'detail'>> = [];
  if (status >= 500) {
    const logged = logsOf(t, headers.get('x-request-id'));
    broken.push({
      kind: '5xx',
      cause: logged.cause,
      detail: `answer ${bodyText.slice(0, 200)}\n${logged.lines}`,
    });
  }
  if (status >= 400 && status < 500) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bodyText);
    } catch {
      parsed = undefined;
    }
    if (!jsonError(endpoint.service, parsed)) {
      broken.push({
        kind: '4xx-without-error',
        cause: `answer ${JSON.stringify(bodyText.slice(0, 80))}`,
        detail: `answer ${JSON.stringify(bodyText.slice(0, 200))} (${headers.get('content-type') ?? 'no content type'})`,
      });
    }
  }
  if (status >= 400 && endpoint.service !== 'auth') {
    const problem = undocumented(endpoint, status, bodyText);
    if (problem) {
      broken.push({
        kind: 'undocumented-error',
        cause: problem,
        detail: `answer ${JSON.stringify(bodyText.slice(0, 200))}`,
      });
    }
  }
  const location = headers.get('location');
  if (location) {
    const target = new URL(location, origin);
    if (target.origin !== new URL(origin).origin) {
      broken.push({
        kind: 'off-origin-redirect',
        cause: `to ${target.origin}`,
        detail: `Location: ${location}`,
      });
    }
  }
  // Refused: a 4xx, or a redirect that carries an error (Better Auth's answer to a bad link).
  const refused =
    (status >= 400 && status < 500) || (status >= 300 && status < 400 && /[?&]error=/.test(location ?? ''));
  if (refused) {
    const key = `${endpointKey(endpoint)} ${status}`;
    const changed = (await answer.changes()).filter(
      (change) => !(change.table === 'outbox' && MAIL_ON_REFUSAL.has(key)),
    );
    if (changed.length > 0) {
      broken.push({
        kind: 'row-changed',
        cause: changed.map((change) => `${change.table} ${change.op}`).join(', '),
        detail: `changed: ${changed.map((change) => `${change.table} ${change.op} ×${change.rows}`).join(', ')}; answer ${bodyText.slice(0, 160)}`,
      });
    }
  }
  return broken;
}

/**
 * After a request that succeeded, keeps the caller usable for the requests that follow: new saved
 * resources when its own were deleted; its current names after update-user; its new password after
 * change-password; a new session when the request ended its own; a new user when it deleted the
 * account. True when that wrote rows (the change log's mark must then move past them).
 */
async function keepCallerUsable(
  t: TestApp,
  ctx: BuildContext,
  c: FuzzCase,
  request: BuiltRequest,
  boxPublicKey: string,
  report: FuzzReport,
): Promise<boolean> {
  let relinked = false;
  if (ctx.plan && ctx.user.linked && ACCOUNT_REMOVING.test(c.endpoint)) {
    const removed = await removedParts(t, ctx.user);
    if (removed.size > 0) {
      ctx.user.linked = await linkAccounts(t, boxPublicKey, ctx.user, ctx.plan, ctx.user.linked, removed);
      report.relinks++;
      relinked = true;
    }
  }
  if (/\/db\/delete-(resource|user-data)$/.test(c.endpoint)) {
    const { username, firstName, lastName } = ctx.user;
    const kept = await t.app.request(
      `/db/get-resource/${encodeURIComponent(ctx.user.resourceId)}?${new URLSearchParams({ username, firstName, lastName })}`,
      { headers: { authorization: `Bearer ${ctx.user.token}` } },
    );
    if (kept.status !== 404) return relinked;
    ctx.user = { ...ctx.user, ...(await seedResources(t, boxPublicKey, ctx.user)) };
    return true;
  }
  if (!(c.caller === 'user' || c.caller === 'user-cookie' || c.caller === 'cookie')) return relinked;
  if (!SESSION_ENDING.test(c.endpoint)) return relinked;
  if (/\/change-password$/.test(c.endpoint) && typeof request.value === 'object' && request.value) {
    const next = (request.value as { newPassword?: unknown }).newPassword;
    if (typeof next === 'string') ctx.user = { ...ctx.user, password: next };
  }
  const current = await sessionUser(t, ctx.user);
  if (current) {
    const text = (key: string, fallback: string) =>
      typeof current[key] === 'string' ? (current[key] as string) : fallback;
    ctx.user = {
      ...ctx.user,
      username: text('username', ctx.user.username),
      firstName: text('firstName', ctx.user.firstName),
      lastName: text('lastName', ctx.user.lastName),
    };
    return relinked;
  }
  if (await userExists(t, ctx.user)) {
    ctx.user = await restoreSession(t, ctx.user);
    report.sessionsRestored++;
  } else {
    ctx.user = await newFuzzUser(t, boxPublicKey, ctx.plan);
    report.usersCreated++;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Linked-account invariants

const documentedCache = new Map<string, ReadonlySet<ApiErrorCode>>();

/**
 * The error codes an endpoint of our services may answer: those every endpoint may (COMMON_ERRORS),
 * its contract's own, a body that is not JSON or too large, the envelope's refusals where bodies are
 * sealed, and not-found where a path parameter names nothing.
 */
function documentedErrors(endpoint: Endpoint): ReadonlySet<ApiErrorCode> {
  const key = endpointKey(endpoint);
  const known = documentedCache.get(key);
  if (known) return known;
  const codes = new Set<ApiErrorCode>([
    ...COMMON_ERRORS,
    ...(CONTRACTS.get(key)?.errors ?? []),
    'request:not-json',
    'request:too-large',
  ]);
  if (endpoint.service !== 'connect') {
    for (const code of API_ERROR_CODES) if (code.startsWith('envelope:')) codes.add(code);
  }
  if (endpoint.path.includes(':')) codes.add('request:not-found');
  documentedCache.set(key, codes);
  return codes;
}

/** What is wrong with an error answer of our services, or undefined: its body, code, or status. */
function undocumented(endpoint: Endpoint, status: number, bodyText: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return 'not JSON';
  }
  const body = apiErrorBodySchema.safeParse(parsed);
  if (!body.success) return `not an error body: ${JSON.stringify(parsed).slice(0, 80)}`;
  const { code } = body.data;
  if (!documentedErrors(endpoint).has(code)) return `code ${code} not documented`;
  if (ERROR_STATUS[code] !== status) return `status ${status} for ${code}`;
  return undefined;
}

/** The binding accounts-service.ts seals the SnapTrade user secret under. */
const SNAPTRADE_SECRET_BINDING = 'provider-user:snaptrade';

/** Strings no answer may hold: every provider secret, sealed and opened; the other user's linked ids. */
export type Forbidden = { secrets: string[]; otherIds: string[] };

export async function forbiddenStrings(t: TestApp, otherId: string): Promise<Forbidden> {
  const vault = createVault(t.secrets.vaultKey);
  const secrets: string[] = [];
  const sealed = await t.rows<{ id: string; user_id: string; sealed_secret: string }>(
    sql`select id, user_id, sealed_secret from connection where sealed_secret is not null`,
  );
  for (const row of sealed) {
    secrets.push(
      row.sealed_secret,
      vault.open(row.sealed_secret, { userId: row.user_id, connectionId: row.id }),
    );
  }
  const providerUsers = await t.rows<{ user_id: string; sealed_secret: string }>(
    sql`select user_id, sealed_secret from provider_user`,
  );
  for (const row of providerUsers) {
    secrets.push(
      row.sealed_secret,
      vault.open(row.sealed_secret, { userId: row.user_id, connectionId: SNAPTRADE_SECRET_BINDING }),
    );
  }
  const ids = await t.rows<{ value: string | null }>(sql`
    select id as value from connection where user_id = ${otherId}
    union all select item_id from connection where user_id = ${otherId}
    union all select external_user_id from connection where user_id = ${otherId}
    union all select id from ledger_account where user_id = ${otherId}
    union all select provider_account_id from ledger_account where user_id = ${otherId}
    union all select external_user_id from provider_user where user_id = ${otherId}`);
  // Short values (a wallet's username, say) could turn up by coincidence: ids and secrets are long.
  const long = (value: string | null): value is string => typeof value === 'string' && value.length >= 12;
  return {
    secrets: [...new Set(secrets)].filter(long),
    otherIds: [...new Set(ids.map((row) => row.value))].filter(long),
  };
}

const TOKEN_PATTERN = /\b(access|public)-(sandbox|development|production)-[0-9a-f-]{36}\b/;

/**
 * What an answer gives away: a provider secret, or the other user's linked ids (unless the request
 * itself carried them: an answer may repeat what it was sent), or a Plaid token of any kind.
 */
export function leaksIn(answer: string, requestText: string, forbidden: Forbidden): string[] {
  const found: string[] = [];
  for (const secret of forbidden.secrets) {
    if (answer.includes(secret)) found.push(`a provider secret (${secret.slice(0, 10)}…)`);
  }
  for (const id of forbidden.otherIds) {
    if (answer.includes(id) && !requestText.includes(id)) found.push(`the other user's ${id}`);
  }
  const token = TOKEN_PATTERN.exec(answer)?.[0];
  if (token && !requestText.includes(token)) found.push(`a Plaid token (${token.slice(0, 20)}…)`);
  return found;
}

/** Endpoints that act on one of the caller's connections named by account_name. */
const BY_ACCOUNT_NAME =
  /^POST \/(agent\/.+|db\/disconnect-account|db\/refresh-accounts|connect\/api\/create_link_token)$/;

/**
 * The other user's connection a request names, if any: by account name (where the endpoint looks a
 * connection up by it), or by Plaid item id or SnapTrade authorization id in any field.
 */
function crossUserTarget(
  key: string,
  value: unknown,
  other: LinkedAccounts | undefined,
): { field: string; accountName?: string } | undefined {
  if (!other || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  const name = fields.account_name;
  if (
    BY_ACCOUNT_NAME.test(key) &&
    typeof name === 'string' &&
    [other.bankName, other.walletName, other.brokerageName].includes(name)
  ) {
    return { field: 'account_name', accountName: name };
  }
  for (const [field, item] of Object.entries(fields)) {
    if (item === other.itemId || item === other.connectionId) return { field };
  }
  return undefined;
}

/**
 * Whether the server reads the generated value as the request's fields: not when junk, nothing, or
 * spliced text stands in for the body; not when /connect/api gets a sealed envelope (it opens none) or
 * a form of a spliced body.
 */
function fieldsDelivered(c: FuzzCase, endpoint: Endpoint): boolean {
  const t = c.transport;
  if (t.kind === 'junk' || t.kind === 'empty') return false;
  if (c.deep?.placement === 'body' || c.raw?.placement === 'body') return false;
  if (endpoint.service !== 'connect') return true;
  if (t.kind === 'form' || t.kind === 'multipart') return !c.deep && !c.raw;
  if (t.kind !== 'wrong-type') return t.kind === 'plain';
  // JSON text under a form type parses as one odd field name; JSON and text/plain are read as JSON.
  return !t.sealed && (t.contentType === null || /^(text\/plain|application\/json)/.test(t.contentType));
}

/** What a refusal of a request naming another user's connection may be: never data, never the vendor. */
const CROSS_USER_REFUSALS = new Set([400, 401, 403, 404, 413, 429]);

/**
 * The other user's linked data as rows: each connection with its columns (sealed token, cursor, sync
 * times included) and the count and sum of its accounts, balances, transactions and holdings, and its
 * SnapTrade user. Equal before and after the run: nothing the fuzz user sent touched it.
 */
export async function linkedSnapshot(t: TestApp, userId: string): Promise<string> {
  const connections = await t.rows(sql`
    select c.id, c.platform, c.name, c.item_id, c.external_user_id, c.chain, c.tag, c.sealed_secret, c.status,
      c.status_detail, c.sync_cursor, c.sync_lease_until::text, c.last_synced_at::text, c.updated_at::text,
      (select count(*)::int from ledger_account a where a.connection_id = c.id) as accounts,
      (select string_agg(a.id || ':' || coalesce(a.current_balance::text, '-'), ',' order by a.id)
         from ledger_account a where a.connection_id = c.id) as balances,
      (select count(*)::int from balance_snapshot b join ledger_account a on a.id = b.account_id
         where a.connection_id = c.id) as snapshots,
      (select count(*)::int from ledger_transaction x where x.connection_id = c.id) as transactions,
      (select coalesce(sum(x.amount), 0)::text from ledger_transaction x where x.connection_id = c.id) as total,
      (select max(x.updated_at)::text from ledger_transaction x where x.connection_id = c.id) as last_write,
      (select count(*)::int from holding h join ledger_account a on a.id = h.account_id
         where a.connection_id = c.id) as holdings
    from connection c where c.user_id = ${userId} order by c.id`);
  const providerUsers = await t.rows(
    sql`select platform, external_user_id, sealed_secret, updated_at::text from provider_user where user_id = ${userId}`,
  );
  return JSON.stringify({ connections, providerUsers }, null, 1);
}

/** Whether the other user's bank item and brokerage authorization still exist at the (sandbox) vendors. */
async function atVendors(t: TestApp, user: FuzzUser): Promise<{ bank: boolean; brokerage: boolean }> {
  const linked = user.linked;
  if (!linked) return { bank: false, brokerage: false };
  const vault = createVault(t.secrets.vaultKey);
  const [bankRow] = await t.rows<{ id: string; sealed_secret: string | null }>(
    sql`select id, sealed_secret from connection where user_id = ${user.id} and item_id = ${linked.itemId}`,
  );
  const bank =
    bankRow?.sealed_secret != null &&
    (await t.providers
      .plaid()
      .getAccounts(vault.open(bankRow.sealed_secret, { userId: user.id, connectionId: bankRow.id }))
      .then(
        () => true,
        () => false,
      ));
  const [snapTradeUser] = await t.rows<{ external_user_id: string; sealed_secret: string }>(
    sql`select external_user_id, sealed_secret from provider_user where user_id = ${user.id}`,
  );
  const brokerage =
    snapTradeUser !== undefined &&
    (await t.providers
      .snaptrade()
      .listAuthorizations({
        userId: snapTradeUser.external_user_id,
        userSecret: vault.open(snapTradeUser.sealed_secret, {
          userId: user.id,
          connectionId: SNAPTRADE_SECRET_BINDING,
        }),
      })
      .then(
        (authorizations) => authorizations.some((item) => item.id === linked.connectionId),
        () => false,
      ));
  return { bank, brokerage };
}

/** Whether linked accounts are among the endpoints: then both users link theirs, which needs HTTP. */
const fuzzesLinkedAccounts = (endpoints: readonly Endpoint[]) =>
  endpoints.some((endpoint) => endpoint.service === 'agent' || endpoint.service === 'connect');

/**
 * Sends `count` generated requests one at a time (so each change is attributable), checking the
 * invariants after each. Two users exist throughout: the caller and another whose names and ids the
 * requests use to reach across users. When a request legitimately ends the caller's session (sign-out,
 * revoke, password change, account deletion), a fresh user takes its place. When /agent or /connect
 * endpoints are fuzzed, both users first link a sandbox bank, a brokerage and a wallet (the app must
 * listen: createTestApp({ listen: true })), the fuzz user links again whatever a request removed, and
 * after the run the other user's linked data must be exactly as before, at Penny and at the vendors.
 */
export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const config = publicConfigSchema.parse(await (await t.app.request('/config')).json());
  const endpoints = options.endpoints ?? discoverEndpoints(t);
  const byKey = new Map(endpoints.map((endpoint) => [endpointKey(endpoint), endpoint]));
  const cases = fc.sample(fuzzCaseArbitrary(endpoints), { seed: options.seed, numRuns: options.count });
  const linking = fuzzesLinkedAccounts(endpoints);
  if (linking && !t.origin) {
    throw new Error('fuzzing linked accounts needs the app to listen: createTestApp({ listen: true })');
  }

  const report: FuzzReport = {
    seed: options.seed,
    cases: cases.length,
    requests: 0,
    byEndpoint: {},
    byStatus: {},
    failures: [],
    usersCreated: 0,
    sessionsRestored: 0,
    relinks: 0,
    crossUser: {},
    other: null,
    ms: 0,
    timing: { build: 0, request: 0, changes: 0, users: 0 },
  };
  const timed = async <T>(phase: keyof FuzzReport['timing'], work: () => Promise<T> | T): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      report.timing[phase] += performance.now() - start;
    }
  };
  const failureIndex = new Map<string, FuzzFailure>();
  const recordFailure = (failure: Omit<FuzzFailure, 'occurrences'>) => {
    // Values in quotes and numbers vary between requests failing the same way.
    const cause = failure.cause.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N');
    const key = `${failure.kind}|${failure.endpoint}|${failure.status}|${cause}`;
    const known = failureIndex.get(key);
    if (known) known.occurrences++;
    else {
      const entry = { ...failure, occurrences: 1 };
      failureIndex.set(key, entry);
      report.failures.push(entry);
    }
  };

  const plan = linking ? USER_LINKS : undefined;
  const [user, other] = await timed('users', () =>
    Promise.all([
      newFuzzUser(t, config.boxPublicKey, plan),
      newFuzzUser(t, config.boxPublicKey, linking ? OTHER_LINKS : undefined),
    ]),
  );
  const ctx: BuildContext = {
    user,
    other,
    anonToken: config.anonToken,
    boxPublicKey: config.boxPublicKey,
    origin: t.config.publicUrl,
    ...(plan ? { plan } : {}),
  };
  const otherBefore = linking ? await linkedSnapshot(t, ctx.other.id) : '';
  let forbidden = linking ? await forbiddenStrings(t, ctx.other.id) : { secrets: [], otherIds: [] };
  const changes = await watchChanges(t);
  let before = await changes.mark();

  for (const [index, c] of cases.entries()) {
    const endpoint = byKey.get(c.endpoint) as Endpoint;
    const requests = await timed('build', () => buildRequests(c, ctx, endpoint));
    for (const request of requests) {
      const { response, bodyText } = await timed('request', async () => {
        const response = await t.app.request(request.path, {
          method: request.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        });
        const bodyText = await response.text();
        await settled(t);
        return { response, bodyText };
      });
      const after = await timed('changes', () => changes.mark());
      const status = response.status;
      report.requests++;
      const counts = report.byEndpoint[c.endpoint] ?? {};
      report.byEndpoint[c.endpoint] = counts;
      counts[status] = (counts[status] ?? 0) + 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;

      const described = describeRequest(request, c.caller);
      const base = { endpoint: c.endpoint, status, index, request: described };
      options.onRequest?.({ index, request: described, status, answer: bodyText.slice(0, 300) });
      let changed: Promise<Array<{ table: string; op: string; rows: number }>> | undefined;
      const changesOf = () => {
        changed ??= after === before ? Promise.resolve([]) : timed('changes', () => changes.since(before));
        return changed;
      };
      const broken = await brokenInvariants(t, ctx.origin, {
        endpoint,
        status,
        bodyText,
        headers: response.headers,
        changes: changesOf,
      });
      for (const failure of broken) recordFailure({ ...base, ...failure });

      if (linking) {
        // New connections bring new secrets: the answer that made them is checked against them too.
        const linkedTables = new Set(['connection', 'provider_user', 'ledger_account']);
        if ((await changesOf()).some((change) => linkedTables.has(change.table))) {
          forbidden = await timed('changes', () => forbiddenStrings(t, ctx.other.id));
        }
        const requestText = `${request.path}\n${JSON.stringify(request.value) ?? ''}`;
        const answerText = `${bodyText}\n${[...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n')}`;
        const leaks = leaksIn(answerText, requestText, forbidden);
        if (leaks.length > 0) {
          recordFailure({
            ...base,
            kind: 'leak',
            cause: leaks.join('; '),
            detail: `answer ${bodyText.slice(0, 300)}`,
          });
        }
        const target = fieldsDelivered(c, endpoint)
          ? crossUserTarget(c.endpoint, request.value, ctx.other.linked)
          : undefined;
        if (target) {
          const code = /"code":"([^"]+)"/.exec(bodyText)?.[1] ?? '';
          const refused = CROSS_USER_REFUSALS.has(status) && (status !== 404 || code.endsWith(':not-found'));
          // The fuzz user may own a connection of the same name (a wallet it saved under it, say).
          const owned =
            !refused &&
            target.accountName !== undefined &&
            (
              await t.rows(
                sql`select 1 from connection where user_id = ${ctx.user.id} and name = ${target.accountName}`,
              )
            ).length > 0;
          const answers = report.crossUser[c.endpoint] ?? {};
          report.crossUser[c.endpoint] = answers;
          const answerKey = `${status} ${code}`.trim();
          const counted = owned ? `${answerKey} (a name the user owns too)` : answerKey;
          answers[counted] = (answers[counted] ?? 0) + 1;
          if (!refused && !owned) {
            recordFailure({
              ...base,
              kind: 'cross-user',
              cause: `${target.field} of the other user answered ${answerKey}`,
              detail: `answer ${bodyText.slice(0, 300)}`,
            });
          }
        }
      }
      before = after;

      if (status < 300) {
        const wrote = await timed('users', () =>
          keepCallerUsable(t, ctx, c, request, config.boxPublicKey, report),
        );
        if (wrote) {
          await settled(t);
          before = await changes.mark();
          if (linking) forbidden = await forbiddenStrings(t, ctx.other.id);
        }
      }
    }
    if (options.onProgress && (index + 1) % 500 === 0) options.onProgress(index + 1, report);
  }
  if (linking) {
    const vendors = await atVendors(t, ctx.other);
    report.other = {
      userId: ctx.other.id,
      before: otherBefore,
      after: await linkedSnapshot(t, ctx.other.id),
      bankAtVendor: vendors.bank,
      brokerageAtVendor: vendors.brokerage,
    };
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

// ---------------------------------------------------------------------------------------------------
// Printing

/** Counts by endpoint and status, one line each, then the totals by status. */
export function formatCounts(report: FuzzReport): string {
  const statusList = (counts: Record<number, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  const width = Math.max(...Object.keys(report.byEndpoint).map((key) => key.length), 10);
  const lines = Object.keys(report.byEndpoint)
    .sort()
    .map((key) => `  ${key.padEnd(width)}  ${statusList(report.byEndpoint[key] ?? {})}`);
  return [
    `fuzz: seed ${report.seed}, ${report.cases} cases, ${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s (${Object.entries(
      report.timing,
    )
      .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
      .join(
        ', ',
      )}; ${report.sessionsRestored} sessions restored, ${report.usersCreated} users replaced, ${report.relinks} relinks)`,
    ...lines,
    `  ${'all'.padEnd(width)}  ${statusList(report.byStatus)}`,
    ...crossUserLines(report),
  ].join('\n');
}

/** The requests that named the other user's connections, by answer. */
function crossUserLines(report: FuzzReport): string[] {
  const answers: Record<string, number> = {};
  for (const byAnswer of Object.values(report.crossUser)) {
    for (const [answer, n] of Object.entries(byAnswer)) answers[answer] = (answers[answer] ?? 0) + n;
  }
  const total = Object.values(answers).reduce((sum, n) => sum + n, 0);
  if (total === 0) return [];
  const listed = Object.entries(answers)
    .sort(([, a], [, b]) => b - a)
    .map(([answer, n]) => `${answer} ×${n}`)
    .join(', ');
  const other = report.other;
  const unchanged = other
    ? `; the other user's linked data ${other.after === other.before ? 'unchanged' : 'CHANGED'}, at the vendors: bank ${other.bankAtVendor ? 'kept' : 'GONE'}, brokerage ${other.brokerageAtVendor ? 'kept' : 'GONE'}`
    : '';
  return [`  requests naming the other user's connections: ${total} (${listed})${unchanged}`];
}

export function formatFailures(report: FuzzReport): string {
  return report.failures
    .map(
      (f) =>
        `[${f.kind}] ${f.endpoint} → ${f.status} (×${f.occurrences}, first at case #${f.index} of seed ${report.seed})\n  cause: ${f.cause}\n  request: ${f.request}\n  ${f.detail.replaceAll('\n', '\n  ')}`,
    )
    .join('\n\n');
}

/** The number of requests answered 5xx. */
export const count5xx = (report: FuzzReport) =>
  Object.entries(report.byStatus).reduce((sum, [status, n]) => sum + (Number(status) >= 500 ? n : 0), 0);
