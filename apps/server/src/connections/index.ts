import type { ProvidersConfig } from '../config.ts';
import { createChainAdapter, createPriceFeed } from './chains/index.ts';
import { createPlaidAdapter } from './plaid/index.ts';
import { createSnapTradeAdapter } from './snaptrade/index.ts';
import { type ChainAdapter, type PlaidAdapter, ProviderError, type SnapTradeAdapter } from './types.ts';

export { validateAddress } from './chains/address.ts';
export * from './money.ts';
export * from './types.ts';
export { createVault, type Vault, type VaultBinding, VaultError } from './vault.ts';

/** The provider clients a sync or a handler reads through. */
export type ProviderReaders = {
  plaid(): PlaidAdapter;
  snaptrade(): SnapTradeAdapter;
  chains(): ChainAdapter;
};

export type ProviderClients = ProviderReaders & {
  /**
   * Sandbox mode: the fakes are mounted on this server, whose real address is known only once it
   * listens (PORT=0 in tests). Called by main.ts and the test helper; rebuilds the clients.
   */
  useSandboxOrigin(origin: string): void;
  /**
   * SnapTrade's partner keys (what its webhooks are signed with) and, in sandbox mode, where the fake
   * sends them; undefined when SnapTrade is not configured.
   */
  snaptradeWebhooks(): { clientId: string; consumerKey: string; url: string | undefined } | undefined;
};

/**
 * The provider clients, built once from the configuration and on first use. Nothing here knows
 * whether the URLs point at the vendors or at our sandbox: live mode is configuration only.
 */
export function createProviderClients(config: ProvidersConfig): ProviderClients {
  let current = config;
  let plaid: PlaidAdapter | undefined;
  let snaptrade: SnapTradeAdapter | undefined;
  let chains: ChainAdapter | undefined;
  return {
    plaid() {
      const settings = current.plaid;
      if (!settings)
        throw new ProviderError('unavailable', 'plaid', null, 'Plaid is not configured on this server.');
      const built =
        plaid ??
        createPlaidAdapter({
          basePath: settings.baseUrl,
          clientId: settings.clientId,
          secret: settings.secret,
          webhookUrl: settings.webhookUrl,
          timeoutMs: current.timeoutMs,
        });
      plaid = built;
      return built;
    },
    snaptrade() {
      const settings = current.snaptrade;
      if (!settings) {
        throw new ProviderError(
          'unavailable',
          'snaptrade',
          null,
          'SnapTrade is not configured on this server.',
        );
      }
      const built =
        snaptrade ??
        createSnapTradeAdapter({
          basePath: settings.baseUrl,
          clientId: settings.clientId,
          consumerKey: settings.consumerKey,
          timeoutMs: current.timeoutMs,
        });
      snaptrade = built;
      return built;
    },
    chains() {
      const built =
        chains ??
        createChainAdapter({
          evmRpcUrl: current.evmRpcUrl,
          etherscanUrl: current.etherscanUrl,
          ...(current.etherscanApiKey ? { etherscanApiKey: current.etherscanApiKey } : {}),
          solanaRpcUrl: current.solanaRpcUrl,
          esploraUrl: current.esploraUrl,
          prices: createPriceFeed({
            baseUrl: current.pricesUrl,
            ...(current.pricesApiKey ? { apiKey: current.pricesApiKey } : {}),
            timeoutMs: current.timeoutMs,
          }),
          timeoutMs: current.timeoutMs,
        });
      chains = built;
      return built;
    },
    snaptradeWebhooks() {
      const settings = current.snaptrade;
      if (!settings) return undefined;
      const { clientId, consumerKey } = settings;
      return { clientId, consumerKey, url: current.mode === 'sandbox' ? settings.webhookUrl : undefined };
    },
    useSandboxOrigin(origin) {
      if (config.mode !== 'sandbox') return;
      const rebase = (url: string) => url.replace(/^http:\/\/127\.0\.0\.1:\d+\/sandbox/, `${origin}/sandbox`);
      current = {
        ...config,
        // The fake Plaid delivers its webhooks from this server to this server: over loopback too.
        plaid: config.plaid && {
          ...config.plaid,
          baseUrl: rebase(config.plaid.baseUrl),
          webhookUrl: config.plaid.webhookUrl && `${origin}/connect/webhooks/plaid`,
        },
        snaptrade: config.snaptrade && {
          ...config.snaptrade,
          baseUrl: rebase(config.snaptrade.baseUrl),
          webhookUrl: config.snaptrade.webhookUrl && `${origin}/connect/webhooks/snaptrade`,
        },
        evmRpcUrl: rebase(config.evmRpcUrl),
        etherscanUrl: rebase(config.etherscanUrl),
        solanaRpcUrl: rebase(config.solanaRpcUrl),
        esploraUrl: rebase(config.esploraUrl),
        pricesUrl: rebase(config.pricesUrl),
      };
      plaid = undefined;
      snaptrade = undefined;
      chains = undefined;
    },
  };
}
