// Request shapes of the linked-account endpoints (/db credentials, /agent reads, /connect/api): names
// and ids of the user's own connections, of the other user's, of nobody's, and hostile ones.

import { CHAIN_CODES, type ChainCode } from '@penny/contracts';
import fc from 'fast-check';
import { huge, P } from './placeholders.ts';
import { body, opt, query, type Shape, withNames, withoutUndefined } from './shape.ts';
import { cursor, hostileString, hostileValue, idArb, text, who, word } from './values.ts';

// --- linked accounts ------------------------------------------------------------------------------

const ownAccountName = fc.constantFrom(P.bankName, P.walletName, P.brokerageName);
export const otherAccountName = fc.constantFrom(P.otherBankName, P.otherWalletName, P.otherBrokerageName);
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

/**
 * A wallet whose every field is valid: its chain, an address of that chain, a plain tag and date. A
 * wallet's link gets through only when all of them are, which the mixed shape below rarely gives (in four
 * runs, 2 of 267 requests succeeded), so this one comes up too: the handler is reached, a success seen.
 */
const validWalletCredentials = fc.constantFrom(...CHAIN_CODES).chain((chain) =>
  fc.record(
    {
      chain: fc.constant<unknown>(chain),
      account_id: fc.constantFrom(...WALLET_ADDRESSES[chain]),
      item_id: opt(fc.constant(P.username)),
      tag: opt(fc.constantFrom('cold', 'hot')),
      last_updated: opt(
        fc
          .date({
            min: new Date('2020-01-01T00:00:00Z'),
            max: new Date('2030-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString()),
      ),
    },
    { requiredKeys: ['chain', 'account_id'] },
  ),
);

/** A wallet of one chain, each field now and then wrong or hostile. */
const mixedWalletCredentials = fc.constantFrom(...CHAIN_CODES).chain((chain) =>
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

const walletCredentials = fc.oneof(
  { weight: 1, arbitrary: validWalletCredentials },
  { weight: 2, arbitrary: mixedWalletCredentials },
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

export const accountShapes: Record<string, fc.Arbitrary<Shape>> = {
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
          { weight: 5, arbitrary: fc.constant(P.publicToken) },
          { weight: 3, arbitrary: fc.constant(P.otherPublicToken) },
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
