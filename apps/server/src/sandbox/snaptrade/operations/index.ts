export { accountOperations } from './account-operations.ts';
export { connectionOperations } from './connection-operations.ts';
export { errorResponse, type SnapTradeApi, type SnapTradeKeys } from './context.ts';
export { mountOperation } from './mount.ts';
export { orderOperations } from './order-operations.ts';
export { partnerOperations } from './partner-operations.ts';
export { tradingOperations } from './trading-operations.ts';
