/**
 * The sandbox upstreams for crypto wallets: fake Ethereum JSON-RPC (+ Etherscan txlist), Solana JSON-RPC,
 * Esplora and a CoinGecko-style price API, each a Hono app with relative routes (mounted at
 * SANDBOX_PATHS.evm, .solana, .esplora, .prices). Wallet data is a pure function of (chain, address, day).
 */
export { NATIVE_ASSETS, SANDBOX_TOKENS, type SandboxToken } from './assets.ts';
export { createEsploraSandbox } from './esplora.ts';
export { createEvmSandbox, TRANSFER_TOPIC } from './evm.ts';
export { createPriceSandbox, SANDBOX_COINS, type SandboxCoinId, sandboxUsdPrice } from './prices.ts';
export { createSolanaSandbox } from './solana.ts';
export { generateWallet, NATIVE, type Wallet, type WalletTransfer } from './wallet-data.ts';
