import {
  createDatabaseSandboxStore,
  type Database,
  type GeneratedAccount,
  generateBrokerageData,
  generateWallet,
  type ItemRecord,
  NATIVE_ASSETS,
  SANDBOX_BROKERAGES,
  SANDBOX_PATHS,
  type SandboxKeys,
  type SandboxUserRecord,
  USER_NAMESPACE,
} from '@penny/server/testing';
import type { AccountBase, Holding, Security, Transaction } from 'plaid';

/**
 * The eval user's data as the vendors hold it, read outside Penny: Plaid over its own HTTP API (the
 * access tokens from the sandbox's vendor-side records), SnapTrade and the chains from the sandbox's
 * generators with the vendor-side records (exactly what their HTTP APIs serve for the same day), prices
 * from the fake CoinGecko over HTTP with the precision Penny asks for. Nothing here reads Penny's ledger.
 */

export type Chain = 'eth' | 'sol' | 'btc';

export type PlaidItemRaw = {
  institutionId: string;
  institutionName: string;
  accounts: AccountBase[];
  /** The item's current transactions (every /transactions/sync page from the start, folded), pending too. */
  transactions: Transaction[];
  holdings: Holding[];
  securities: Security[];
};

export type BrokerageRaw = { brokerage: string; accounts: GeneratedAccount[] };

export type WalletAssetRaw = {
  symbol: string;
  decimals: number;
  /** Confirmed balance in base units, as a decimal integer string. */
  units: string;
  /** The USD price the price API serves (precision=full), as written in its JSON. */
  usdPrice: string;
};

export type WalletSpec = { accountName: string; chain: Chain; address: string; tag: string };
export type WalletRaw = WalletSpec & { assets: WalletAssetRaw[] };

export type RawData = {
  /** The UTC day the records were read on: the eval's (and the server's) "today". */
  today: string;
  plaid: PlaidItemRaw[];
  brokerages: BrokerageRaw[];
  wallets: WalletRaw[];
};

type PlaidSyncPage = {
  added: Transaction[];
  modified: Transaction[];
  removed: { transaction_id: string }[];
  next_cursor: string;
  has_more: boolean;
};

export async function readRawData(input: {
  /** Where the app answers over HTTP (the sandbox upstreams are mounted under it). */
  origin: string;
  /** The installation's Plaid sandbox keys (the fake serves no one else). */
  plaidKeys: SandboxKeys['plaid'];
  database: Database;
  /** Penny's user id (Plaid's client_user_id; part of the SnapTrade user id). */
  userId: string;
  wallets: WalletSpec[];
  now?: Date;
}): Promise<RawData> {
  const now = input.now ?? new Date();
  const store = createDatabaseSandboxStore(input.database);

  // Plaid: the items this user linked (vendor-side records), each read over Plaid's HTTP API.
  const items = (await store.list<ItemRecord>('plaid:item'))
    .map(({ value }) => value)
    .filter((item) => item.clientUserId === input.userId && item.accessToken !== null)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const plaid: PlaidItemRaw[] = [];
  for (const item of items) {
    const accessToken = item.accessToken ?? '';
    const { accounts } = await plaidPost<{ accounts: AccountBase[] }>(input, '/accounts/get', {
      access_token: accessToken,
    });
    const current = new Map<string, Transaction>();
    let cursor = '';
    for (;;) {
      const page = await plaidPost<PlaidSyncPage>(input, '/transactions/sync', {
        access_token: accessToken,
        cursor,
        count: 500,
      });
      for (const transaction of [...page.added, ...page.modified])
        current.set(transaction.transaction_id, transaction);
      for (const gone of page.removed) current.delete(gone.transaction_id);
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    let holdings: Holding[] = [];
    let securities: Security[] = [];
    if (accounts.some((account) => account.type === 'investment')) {
      ({ holdings, securities } = await plaidPost<{ holdings: Holding[]; securities: Security[] }>(
        input,
        '/investments/holdings/get',
        { access_token: accessToken },
      ));
    }
    plaid.push({
      institutionId: item.institutionId,
      institutionName: item.institutionName,
      accounts,
      transactions: [...current.values()],
      holdings,
      securities,
    });
  }

  // SnapTrade: the user's live authorizations (vendor-side record) through the sandbox's generator.
  const today = now.toISOString().slice(0, 10);
  const brokerages: BrokerageRaw[] = [];
  const users = (await store.list<SandboxUserRecord>(USER_NAMESPACE))
    .map(({ value }) => value)
    .filter((user) => user.userId.includes(input.userId));
  for (const user of users)
    for (const authorization of user.authorizations) {
      if (authorization.disabledAt !== null) continue;
      brokerages.push({
        brokerage: SANDBOX_BROKERAGES[authorization.broker].name,
        accounts: generateBrokerageData({
          userId: user.userId,
          authorizationId: authorization.id,
          openedOn: authorization.openedOn,
          today,
        }).accounts,
      });
    }

  // Wallets: confirmed balances from the chain generator, priced by the fake CoinGecko.
  const wallets: WalletRaw[] = [];
  for (const spec of input.wallets) {
    const wallet = generateWallet(spec.chain, spec.address, now);
    const nativePrice = await nativeUsdPrice(input.origin, spec.chain);
    const assets: WalletAssetRaw[] = [
      {
        symbol: NATIVE_ASSETS[spec.chain].symbol,
        decimals: NATIVE_ASSETS[spec.chain].decimals,
        units: wallet.nativeBalance.toString(),
        usdPrice: nativePrice,
      },
    ];
    for (const token of wallet.tokens) {
      assets.push({
        symbol: token.symbol,
        decimals: token.decimals,
        units: (wallet.tokenBalances[token.address] ?? 0n).toString(),
        usdPrice: await tokenUsdPrice(input.origin, token.chain, token.address),
      });
    }
    wallets.push({ ...spec, assets });
  }

  return { today, plaid, brokerages, wallets };
}

async function plaidPost<T>(
  input: { origin: string; plaidKeys: SandboxKeys['plaid'] },
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(`${input.origin}${SANDBOX_PATHS.plaid}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: input.plaidKeys.clientId, secret: input.plaidKeys.secret, ...body }),
  });
  if (!response.ok)
    throw new Error(`Plaid sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const COINGECKO_IDS = { eth: 'ethereum', sol: 'solana', btc: 'bitcoin' } as const satisfies Record<
  Chain,
  string
>;
const PLATFORMS = { eth: 'ethereum', sol: 'solana' } as const;

/** A price JSON number as text: the JSON's own digits (no float formatting in between). */
async function priceOf(url: string, key: string): Promise<string> {
  const response = await fetch(url);
  const text = await response.text();
  if (!response.ok) throw new Error(`price sandbox: HTTP ${response.status} ${text}`);
  const match = new RegExp(`"${key}"\\s*:\\s*\\{[^}]*"usd"\\s*:\\s*(-?[0-9.eE+-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`price sandbox: no USD price for ${key} in ${text}`);
  return match[1];
}

function nativeUsdPrice(origin: string, chain: Chain): Promise<string> {
  const id = COINGECKO_IDS[chain];
  const query = new URLSearchParams({ ids: id, vs_currencies: 'usd', precision: 'full' });
  return priceOf(`${origin}${SANDBOX_PATHS.prices}/simple/price?${query}`, id);
}

function tokenUsdPrice(origin: string, chain: 'eth' | 'sol', contract: string): Promise<string> {
  const key = chain === 'eth' ? contract.toLowerCase() : contract;
  const query = new URLSearchParams({
    contract_addresses: contract,
    vs_currencies: 'usd',
    precision: 'full',
  });
  return priceOf(`${origin}${SANDBOX_PATHS.prices}/simple/token_price/${PLATFORMS[chain]}?${query}`, key);
}
