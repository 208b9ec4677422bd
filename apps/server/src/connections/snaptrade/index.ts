export {
  ACTIVITY_CATEGORIES,
  holdingFromAccountPosition,
  holdingFromLegacyPosition,
  transactionFromActivity,
} from './conversions.ts';
export { createSnapTradeAdapter, type SnapTradeAdapterOptions } from './snaptrade-adapter.ts';
