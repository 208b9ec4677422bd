import type { ProviderReaders } from '../../connections/index.ts';
import type { ProviderErrorKind } from '../../connections/types.ts';
import type { Vault } from '../../connections/vault.ts';
import type { Database } from '../../db/index.ts';
import type { Logger } from '../../logger.ts';

export type SyncOutcome =
  | { status: 'synced'; transactions: number }
  | { status: 'already-running' }
  | { status: 'failed'; kind: ProviderErrorKind | 'internal'; message: string };

/** What a sync works with; each step takes the part it needs. */
export type SyncDeps = {
  db: Database;
  vault: Vault;
  clients: ProviderReaders;
  logger: Logger;
  now: () => Date;
  /** How long a lease lasts without renewal (a crashed process frees it after this). */
  leaseSeconds: number;
};
