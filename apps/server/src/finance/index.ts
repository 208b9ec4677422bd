export {
  type AccountsService,
  accountNameFor,
  createAccountsService,
  snapTradeUserIdOf,
} from './accounts/index.ts';
export * from './analytics/index.ts';
export * from './categories.ts';
export * from './category-colors.ts';
export { comparedMonths, createHomeService, type HomeService } from './home/index.ts';
export { createSyncEngine, type SyncEngine, type SyncOutcome } from './sync/index.ts';
