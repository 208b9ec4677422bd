import { createChatService, createResourceService } from '../chat/index.ts';
import type { ProviderClients, Vault } from '../connections/index.ts';
import type { Database } from '../db/index.ts';
import { createAccountsService, createSyncEngine } from '../finance/index.ts';
import { createProfileService, createUserDataService } from '../identity/index.ts';
import type { Logger } from '../logger.ts';

export { ServiceError } from './errors.ts';

/**
 * Every domain service, built once by compose.ts: one named, typed handler per operation, each taking
 * the acting user explicitly. The HTTP routes call these handlers and nothing else; the agent's tools
 * will call the same ones.
 */
export function createDomainServices(deps: {
  db: Database;
  logger: Logger;
  /** The credential vault (provider tokens sealed at rest). */
  vault: Vault;
  /** Provider clients (sandbox or live: configuration only). */
  providers: ProviderClients;
  /** Where SnapTrade's portal sends the browser back to. */
  snapTradeRedirectUrl: string;
  /** Linked data older than this is synced again when read. */
  syncMaxAgeMs: number;
  /** Called after sessions were ended (the session cache). */
  onSessionsChanged?: () => Promise<void>;
}) {
  const sync = createSyncEngine({
    db: deps.db,
    vault: deps.vault,
    clients: deps.providers,
    logger: deps.logger,
  });
  const accounts = createAccountsService({
    db: deps.db,
    vault: deps.vault,
    clients: deps.providers,
    sync,
    logger: deps.logger,
    snapTradeRedirectUrl: deps.snapTradeRedirectUrl,
    syncMaxAgeMs: deps.syncMaxAgeMs,
  });
  return {
    profile: createProfileService(deps.db),
    userData: createUserDataService({
      db: deps.db,
      logger: deps.logger,
      // Delete Data and Delete Account remove the provider-side users and items before the rows.
      linkedAccountCleanups: accounts.linkedAccountCleanups,
      ...(deps.onSessionsChanged ? { onSessionsChanged: deps.onSessionsChanged } : {}),
    }),
    resources: createResourceService(deps.db),
    chat: createChatService(deps.db),
    accounts,
    sync,
  };
}

export type DomainServices = ReturnType<typeof createDomainServices>;
