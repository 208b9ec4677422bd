// Each category's one colour is the contracts', shared with the web (docs/decisions/0017-charts-that-fit-their-data.md).
export { categoryColor } from '@penny/contracts';
export {
  type AccountsService,
  accountNameFor,
  createAccountsService,
  snapTradeUserIdOf,
} from './accounts/index.ts';
export * from './analytics/index.ts';
export * from './budgets/index.ts';
export * from './categories.ts';
export { comparedMonths, createHomeService, type HomeService } from './home/index.ts';
export * from './recategorize/index.ts';
export { createSyncEngine, type SyncEngine, type SyncOutcome } from './sync/index.ts';
export { snapTradeUserOf } from './sync/snaptrade.ts';
