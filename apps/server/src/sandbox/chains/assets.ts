import type { Chain } from '../../connections/types.ts';

/**
 * The fake chains' view of the world: the native assets and the few token contracts/mints the sandbox
 * wallets hold. These are the real mainnet contracts and mints (so a client's token list works against
 * the fake unchanged); the amounts and transfers are generated.
 */

export const SPL_TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';

export type SandboxToken = {
  chain: 'eth' | 'sol';
  /** ERC-20 contract (checksummed) or SPL mint. */
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** SPL Token or Token-2022 (Solana only). */
  program: typeof SPL_TOKEN_PROGRAM | typeof TOKEN_2022_PROGRAM | null;
  /** Typical size of one transfer in whole tokens, and the step amounts are rounded to. */
  typical: { min: number; max: number; step: number };
};

export const SANDBOX_TOKENS: readonly SandboxToken[] = [
  {
    chain: 'eth',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    program: null,
    typical: { min: 25, max: 2500, step: 0.01 },
  },
  {
    chain: 'eth',
    address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    symbol: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    program: null,
    typical: { min: 25, max: 2000, step: 0.01 },
  },
  {
    chain: 'eth',
    address: '0x514910771AF9Ca656af840dff83E8264EcF986CA',
    symbol: 'LINK',
    name: 'ChainLink Token',
    decimals: 18,
    program: null,
    typical: { min: 2, max: 120, step: 0.0001 },
  },
  {
    chain: 'eth',
    address: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984',
    symbol: 'UNI',
    name: 'Uniswap',
    decimals: 18,
    program: null,
    typical: { min: 5, max: 200, step: 0.001 },
  },
  {
    chain: 'eth',
    address: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
    symbol: 'DAI',
    name: 'Dai Stablecoin',
    decimals: 18,
    program: null,
    typical: { min: 25, max: 2000, step: 0.01 },
  },
  {
    chain: 'eth',
    address: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599',
    symbol: 'WBTC',
    name: 'Wrapped BTC',
    decimals: 8,
    program: null,
    typical: { min: 0.001, max: 0.05, step: 0.00001 },
  },
  {
    chain: 'sol',
    address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    program: SPL_TOKEN_PROGRAM,
    typical: { min: 20, max: 2500, step: 0.01 },
  },
  {
    chain: 'sol',
    address: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    symbol: 'USDT',
    name: 'USDT',
    decimals: 6,
    program: SPL_TOKEN_PROGRAM,
    typical: { min: 20, max: 1500, step: 0.01 },
  },
  {
    chain: 'sol',
    address: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    symbol: 'BONK',
    name: 'Bonk',
    decimals: 5,
    program: SPL_TOKEN_PROGRAM,
    typical: { min: 250_000, max: 60_000_000, step: 1 },
  },
  {
    chain: 'sol',
    address: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    symbol: 'JUP',
    name: 'Jupiter',
    decimals: 6,
    program: SPL_TOKEN_PROGRAM,
    typical: { min: 20, max: 3000, step: 0.01 },
  },
  {
    chain: 'sol',
    address: '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo',
    symbol: 'PYUSD',
    name: 'PayPal USD',
    decimals: 6,
    program: TOKEN_2022_PROGRAM,
    typical: { min: 20, max: 1500, step: 0.01 },
  },
];

export type NativeAsset = {
  symbol: string;
  decimals: number;
  /** Typical size of one incoming transfer in whole coins, and the rounding step. */
  typical: { min: number; max: number; step: number };
};

export const NATIVE_ASSETS = {
  eth: { symbol: 'ETH', decimals: 18, typical: { min: 0.02, max: 1.8, step: 0.0001 } },
  sol: { symbol: 'SOL', decimals: 9, typical: { min: 0.5, max: 45, step: 0.001 } },
  btc: { symbol: 'BTC', decimals: 8, typical: { min: 0.0005, max: 0.09, step: 0.00001 } },
} as const satisfies Record<Chain, NativeAsset>;

export function tokensOf(chain: Chain): SandboxToken[] {
  return SANDBOX_TOKENS.filter((token) => token.chain === chain);
}

export function findToken(chain: Chain, address: string): SandboxToken | undefined {
  const wanted = chain === 'eth' ? address.toLowerCase() : address;
  return tokensOf(chain).find(
    (token) => (chain === 'eth' ? token.address.toLowerCase() : token.address) === wanted,
  );
}
