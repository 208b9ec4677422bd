/**
 * Crypto wallets (platform 'web3'): address validation, the chain adapter (viem, @solana/kit, Esplora over
 * fetch) and the CoinGecko price feed. Production and sandbox differ only in the URLs passed in.
 */

export { type ChainAdapterOptions, createChainAdapter } from './adapter.ts';
export { type AddressCheck, validateAddress } from './address.ts';
export { ERC20_TOKENS, type KnownAsset, NATIVE_COINS, SPL_TOKENS } from './known-assets.ts';
export { createPriceFeed, type PriceFeedOptions } from './price-feed.ts';
