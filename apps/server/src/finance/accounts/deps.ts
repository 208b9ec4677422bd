import type { ProviderReaders } from '../../connections/index.ts';
import type { Vault } from '../../connections/vault.ts';
import type { Database } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';
import type { SyncEngine } from '../sync/index.ts';

/** What the accounts handlers work with; each handler takes the part it needs. */
export type AccountsDeps = {
  db: Database;
  vault: Vault;
  clients: ProviderReaders;
  sync: SyncEngine;
  logger: Logger;
  /** Where SnapTrade's portal sends the browser back to (the SPA's callback page). */
  snapTradeRedirectUrl: string;
  /** Data older than this is synced again when read through the agent calls. */
  syncMaxAgeMs: number;
  now: () => Date;
};
