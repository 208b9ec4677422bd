export { type AccountsService, accountNameFor, createAccountsService } from './accounts-service.ts';
export { createSyncEngine, type SyncEngine, type SyncOutcome } from './sync.ts';
