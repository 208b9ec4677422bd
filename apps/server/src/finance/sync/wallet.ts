import { ProviderError } from '../../connections/types.ts';
import { type ConnectionRow, replaceHoldings, upsertAccounts, upsertTransactions } from '../ledger.ts';
import type { SyncDeps } from './types.ts';

/**
 * A wallet: its balance as one crypto account, its coins as holdings and its transfers as
 * transactions, in one transaction. Answers the rows written.
 */
export async function syncWallet(deps: SyncDeps, row: ConnectionRow): Promise<number> {
  const owner = { userId: row.userId, connectionId: row.id };
  const address = row.externalUserId;
  const chain = row.chain;
  if (!address || !chain)
    throw new ProviderError('invalid-request', 'web3', null, 'The wallet has no address.');
  const chains = deps.clients.chains();
  const balance = await chains.getBalance(chain, address);
  const transfers = await chains.getTransfers(chain, address);
  const native = balance.assets[0];
  return deps.db.transaction(async (tx) => {
    const accountIds = await upsertAccounts(
      tx,
      owner,
      [
        {
          providerAccountId: address,
          name: row.name.replace(/_web3$/, '').replaceAll('_', ' '),
          officialName: native ? `${native.name} wallet` : null,
          mask: null,
          kind: 'crypto',
          subtype: chain,
          currency: 'USD',
          current: balance.totalUsd,
          available: balance.totalUsd,
          limit: null,
          currentUsd: balance.totalUsd,
        },
      ],
      deps.now(),
    );
    await replaceHoldings(
      tx,
      { userId: row.userId, platform: 'web3' },
      accountIds,
      balance.assets.map((asset) => ({
        providerAccountId: address,
        security: {
          providerSecurityId: `${chain}:${asset.contract ?? asset.symbol}`,
          ticker: asset.symbol,
          name: asset.name,
          type: 'cryptocurrency',
          currency: 'USD',
          closePrice: asset.usdPrice,
        },
        quantity: asset.amount,
        price: asset.usdPrice,
        value: asset.usdValue,
        costBasis: null,
      })),
    );
    const written = await upsertTransactions(
      tx,
      owner,
      accountIds,
      transfers.map((transfer) => ({ ...transfer, providerAccountId: address })),
    );
    return written.written;
  });
}
