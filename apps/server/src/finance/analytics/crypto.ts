import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { type AnalyticsAccount, listAccounts } from './accounts.ts';
import type { Money } from './money.ts';
import { ACCOUNT_USD, inList, money2, readRows } from './sql.ts';

export type CryptoWallet = {
  id: string;
  name: string;
  connectionName: string;
  chain: string | null;
  address: string | null;
  balance: Money | null;
  assets: Array<{ symbol: string; name: string; amount: string; price: string | null; value: Money | null }>;
};

export type CryptoBalances = {
  total: Money;
  /** Per chain (eth, sol, btc), largest first. */
  byChain: Array<{ chain: string | null; total: Money; wallets: number }>;
  /** Per coin or token across every wallet, largest first. */
  /** `price`: the coin's USD price as the wallets were valued (one price a coin). */
  bySymbol: Array<{ symbol: string; amount: string; value: Money; wallets: number; price: string | null }>;
  wallets: CryptoWallet[];
};

type WalletAsset = {
  account_id: string;
  symbol: string | null;
  name: string;
  quantity: string;
  price: string | null;
  value: string | null;
};

/** The coins and tokens each wallet holds, largest first. */
async function walletAssets(
  db: Database,
  userId: string,
  wallets: AnalyticsAccount[],
): Promise<WalletAsset[]> {
  if (wallets.length === 0) return [];
  return readRows<WalletAsset>(
    db,
    sql`
      select h.account_id, s.ticker as symbol, s.name, h.quantity::text as quantity,
        h.price::text as price, round(h.value, 2)::text as value
      from holding h join security s on s.id = h.security_id
      where h.user_id = ${userId} and h.account_id in ${inList(wallets.map((wallet) => wallet.id))}
      order by h.value desc nulls last, s.name`,
  );
}

function walletOf(wallet: AnalyticsAccount, assets: WalletAsset[]): CryptoWallet {
  return {
    id: wallet.id,
    name: wallet.displayName,
    connectionName: wallet.connectionName,
    chain: wallet.chain,
    address: wallet.address,
    balance: wallet.balanceUsd,
    assets: assets
      .filter((asset) => asset.account_id === wallet.id)
      .map((asset) => ({
        symbol: asset.symbol ?? asset.name,
        name: asset.name,
        amount: asset.quantity,
        price: asset.price,
        value: asset.value,
      })),
  };
}

/** The user's wallets: USD balance and coins of each, and the total. */
export async function cryptoBalances(db: Database, userId: string): Promise<CryptoBalances> {
  const wallets = (await listAccounts(db, userId)).filter((account) => account.platform === 'web3');
  const [total] = await readRows<{ total: string }>(
    db,
    sql`
      select ${money2(sql`sum(${ACCOUNT_USD})`)} as total
      from ledger_account a
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where a.user_id = ${userId} and c.platform = 'web3'`,
  );
  const assets = await walletAssets(db, userId, wallets);
  const byChain = await readRows<{ chain: string | null; total: string; wallets: number }>(
    db,
    sql`
      select c.chain, ${money2(sql`sum(${ACCOUNT_USD})`)} as total, count(*)::int as wallets
      from ledger_account a
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where a.user_id = ${userId} and c.platform = 'web3'
      group by c.chain
      order by sum(${ACCOUNT_USD}) desc nulls last, c.chain`,
  );
  const bySymbol = await readRows<{
    symbol: string;
    amount: string;
    value: string;
    wallets: number;
    price: string | null;
  }>(
    db,
    sql`
      select coalesce(s.ticker, s.name) as symbol, sum(h.quantity)::text as amount,
        ${money2(sql`sum(h.value)`)} as value, count(distinct h.account_id)::int as wallets,
        round(max(h.price), 2)::text as price
      from holding h
      join security s on s.id = h.security_id
      join ledger_account a on a.id = h.account_id and a.user_id = h.user_id
      join connection c on c.id = a.connection_id and c.user_id = a.user_id
      where h.user_id = ${userId} and c.platform = 'web3'
      group by coalesce(s.ticker, s.name)
      order by sum(h.value) desc nulls last, coalesce(s.ticker, s.name)`,
  );
  return {
    total: total?.total ?? '0.00',
    byChain: byChain.map((row) => ({ chain: row.chain, total: row.total, wallets: Number(row.wallets) })),
    bySymbol: bySymbol.map((row) => ({
      symbol: row.symbol,
      amount: row.amount,
      value: row.value,
      wallets: Number(row.wallets),
      price: row.price,
    })),
    wallets: wallets.map((wallet) => walletOf(wallet, assets)),
  };
}
