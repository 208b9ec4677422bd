// Values: hostile ones (NUL, lone surrogates, huge text, look-alike paths and dates, prototype keys)
// and valid ones built from the contracts, the parts every endpoint's request shapes are made of.

import { DETAIL_ITEMS, FINANCIAL_CATEGORIES, OCCUPATION_SUGGESTIONS, TONE_ITEMS } from '@penny/contracts';
import fc from 'fast-check';
import { MARKUP_FORGERIES } from './markup-invariant.ts';
import { huge, P } from './placeholders.ts';

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
  ...MARKUP_FORGERIES,
];

/** Hostile text: NUL, lone surrogates, huge, control and look-alike characters, paths, dates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
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
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
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

export const extraKey = fc.oneof(
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

export const word = fc.constantFrom('Ada', 'Grace', 'Zoë', 'Łukasz', '李', "O'Brien", 'Mary-Jane', 'Søren');
export const text = fc.oneof(word, fc.string({ minLength: 1, maxLength: 24 }));
export const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/);
export const idArb = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/), fc.uuid());
export const isoDate = fc
  .date({ min: new Date('1900-01-02'), max: new Date('2015-12-31'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
export const phone = fc.stringMatching(/^\+[1-9]\d{7,12}$/);
export const country = fc.constantFrom('United States', 'United Kingdom', 'France', 'Japan', 'Brazil');
export const freshEmail = fc.stringMatching(/^[a-z0-9]{10}$/).map((local) => `fz${local}@example.com`);
export const freshUsername = fc.stringMatching(/^[a-z0-9_]{6,20}$/).map((name) => `fz_${name}`);
export const password = fc.oneof(
  fc.constantFrom('correct horse battery', 'another good one', 'x', ''),
  fc.string({ minLength: 6, maxLength: 40 }),
);
export const callbackUrl = fc.oneof(
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
  // The user's own username with someone else's first or last name: refused all the same (403).
  fc.constant({ username: P.username, firstName: 'Grace', lastName: P.lastName }),
  fc.constant({ username: P.username, firstName: P.firstName, lastName: 'Hopper' }),
);
/** An id for `user_info.userId`: usually the user's own, sometimes the other user's. */
export const userIdClaim = fc.oneof(
  { weight: 3, arbitrary: fc.constant(P.userId) },
  { weight: 1, arbitrary: fc.constant(P.otherUserId) },
);
/** The user's own names (the common case), another user's, or a stranger's. */
export const who = fc.oneof({ weight: 8, arbitrary: self }, { weight: 2, arbitrary: notSelf });
/**
 * For the endpoints that delete the account or its data: the caller's own names in one case of two (the
 * rest are refused before any work), or the run spends its time signing up replacements and linking again.
 */
export const whoRarelySelf = fc.oneof({ weight: 1, arbitrary: self }, { weight: 1, arbitrary: notSelf });

const tenScale = fc.integer({ min: 1, max: 10 }).map((n) => `${n}/10`);
const threeScale = fc.integer({ min: 1, max: 3 }).map((n) => `${n}/3`);
const optionalRecord = <T>(entries: Array<[string, fc.Arbitrary<T>]>) => {
  const fields: Record<string, fc.Arbitrary<T>> = Object.fromEntries(entries);
  return fc.record(fields, { requiredKeys: [] });
};

export const preferences = fc.record(
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
export const dslObjects = fc.array(
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
export const cursor = fc.oneof(
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
