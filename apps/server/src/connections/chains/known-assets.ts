import type { Chain } from '../types.ts';

/**
 * The assets Penny reads and prices: each chain's native coin and a short list of well-known tokens
 * (mainnet contracts and mints), with their CoinGecko ids. Tokens outside the list (airdrops, spam)
 * are left out of balances and transfers.
 */
export type KnownAsset = {
  symbol: string;
  name: string;
  decimals: number;
  /** CoinGecko id used for the USD price. */
  priceId: string;
  /** ERC-20 contract (checksummed) or SPL mint; null for the native coin. */
  contract: string | null;
};

export const NATIVE_COINS = {
  eth: { symbol: 'ETH', name: 'Ether', decimals: 18, priceId: 'ethereum', contract: null },
  sol: { symbol: 'SOL', name: 'Solana', decimals: 9, priceId: 'solana', contract: null },
  btc: { symbol: 'BTC', name: 'Bitcoin', decimals: 8, priceId: 'bitcoin', contract: null },
} as const satisfies Record<Chain, KnownAsset>;

export const ERC20_TOKENS: readonly (KnownAsset & { contract: `0x${string}` })[] = [
  {
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    priceId: 'usd-coin',
    contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  },
  {
    symbol: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    priceId: 'tether',
    contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  },
  {
    symbol: 'LINK',
    name: 'Chainlink',
    decimals: 18,
    priceId: 'chainlink',
    contract: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
  },
  {
    symbol: 'UNI',
    name: 'Uniswap',
    decimals: 18,
    priceId: 'uniswap',
    contract: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
  },
  {
    symbol: 'DAI',
    name: 'Dai',
    decimals: 18,
    priceId: 'dai',
    contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
  },
  {
    symbol: 'WBTC',
    name: 'Wrapped Bitcoin',
    decimals: 8,
    priceId: 'wrapped-bitcoin',
    contract: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
  },
];

export const SPL_TOKENS: readonly (KnownAsset & { contract: string })[] = [
  {
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    priceId: 'usd-coin',
    contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  },
  {
    symbol: 'USDT',
    name: 'USDT',
    decimals: 6,
    priceId: 'tether',
    contract: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
  },
  {
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    priceId: 'bonk',
    contract: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
  },
  {
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    priceId: 'jupiter-exchange-solana',
    contract: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
  },
  {
    symbol: 'PYUSD',
    name: 'PayPal USD',
    decimals: 6,
    priceId: 'paypal-usd',
    contract: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
  },
];
