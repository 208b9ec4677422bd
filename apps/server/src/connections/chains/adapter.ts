import { addDecimals, multiplyDecimals } from '../money.ts';
import type { Chain, ChainAdapter, PriceFeed, ProviderTransaction, WalletBalance } from '../types.ts';
import { validateAddress } from './address.ts';
import { createBitcoinReader } from './bitcoin.ts';
import { providerError } from './errors.ts';
import { createEthereumReader } from './ethereum.ts';
import type { ChainReader } from './reader.ts';
import { createSolanaReader } from './solana.ts';

export type ChainAdapterOptions = {
  evmRpcUrl: string;
  /** Etherscan-compatible API for native ETH history: https://api.etherscan.io/v2/api live. */
  etherscanUrl: string;
  etherscanApiKey?: string;
  solanaRpcUrl: string;
  esploraUrl: string;
  prices: PriceFeed;
  timeoutMs?: number;
  /** For the date of a mempool transaction; tests pin it. */
  now?: () => Date;
};

const DEFAULT_LIMIT = 100;
const CHAIN_NAMES = { sol: 'Solana', eth: 'Ethereum', btc: 'Bitcoin' } as const satisfies Record<
  Chain,
  string
>;

/**
 * Read-only wallets on Solana, Ethereum and Bitcoin, valued in USD.
 *
 * Amounts are exact decimal strings from base units (wei, lamports, sats). USD values use today's price
 * for every transfer, old ones included (amountUsd is "what it is worth now", not the value on the day it
 * moved): historical prices would cost a price request per day per asset. Transfers are ProviderTransactions
 * with + = money in, named "Received ETH" / "Sent USDC", categorised TRANSFER_IN / TRANSFER_OUT.
 */
export function createChainAdapter(options: ChainAdapterOptions): ChainAdapter {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const now = options.now ?? (() => new Date());
  const readers = {
    eth: createEthereumReader({
      rpcUrl: options.evmRpcUrl,
      etherscanUrl: options.etherscanUrl,
      etherscanApiKey: options.etherscanApiKey,
      timeoutMs,
    }),
    sol: createSolanaReader({ rpcUrl: options.solanaRpcUrl, timeoutMs }),
    btc: createBitcoinReader({ esploraUrl: options.esploraUrl, timeoutMs, now }),
  } as const satisfies Record<Chain, ChainReader>;

  const canonical = (chain: Chain, address: string) => {
    const checked = validateAddress(chain, address);
    if (!checked.ok)
      throw providerError('invalid-request', `The ${CHAIN_NAMES[chain]} network`, 'invalid-address');
    return checked.address;
  };

  return {
    async getBalance(chain, address) {
      const owner = canonical(chain, address);
      const holdings = await readers[chain].holdings(owner);
      const prices = await options.prices.usdPrices(holdings.map((holding) => holding.asset.priceId));
      const assets = holdings.map(({ asset, amount }) => {
        const usdPrice = prices[asset.priceId] ?? null;
        return {
          symbol: asset.symbol,
          name: asset.name,
          amount,
          usdPrice,
          usdValue: usdPrice === null ? null : multiplyDecimals(amount, usdPrice, 2),
          contract: asset.contract,
        };
      });
      const totalUsd = addDecimals(
        '0',
        ...assets.flatMap((asset) => (asset.usdValue === null ? [] : [asset.usdValue])),
      );
      return { chain, address: owner, assets, totalUsd } satisfies WalletBalance;
    },

    async getTransfers(chain, address, transferOptions) {
      const owner = canonical(chain, address);
      const limit = Math.max(1, Math.min(transferOptions?.limit ?? DEFAULT_LIMIT, 1000));
      const movements = await readers[chain].movements(owner, limit);
      const prices = await options.prices.usdPrices([
        ...new Set(movements.map((movement) => movement.asset.priceId)),
      ]);
      return movements.map((movement): ProviderTransaction => {
        const incoming = !movement.amount.startsWith('-');
        const price = prices[movement.asset.priceId];
        return {
          providerTransactionId: movement.id,
          providerAccountId: owner,
          date: new Date(movement.time * 1000).toISOString().slice(0, 10),
          amount: movement.amount,
          currency: movement.asset.symbol,
          amountUsd: price === undefined ? null : multiplyDecimals(movement.amount, price, 2),
          name: `${incoming ? 'Received' : 'Sent'} ${movement.asset.symbol}`,
          merchant: null,
          categoryPrimary: incoming ? 'TRANSFER_IN' : 'TRANSFER_OUT',
          categoryDetailed: incoming ? 'TRANSFER_IN_OTHER_TRANSFER_IN' : 'TRANSFER_OUT_OTHER_TRANSFER_OUT',
          pending: movement.pending,
        };
      });
    },
  };
}
