export { type AccountsService, accountNameFor, createAccountsService } from './accounts-service.ts';
export { createSyncEngine, type ProviderClients, type SyncEngine, type SyncOutcome } from './sync.ts';
