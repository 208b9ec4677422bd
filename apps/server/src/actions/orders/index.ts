export { type Brokerage, createBrokerage } from './brokerage.ts';
export { draftOrder, draftOrders, type OrderRequest } from './draft.ts';
export { type CancelRequest, draftOrderCancels, listOpenOrders, type OpenOrder } from './open-orders.ts';
export type { RebalancePlan } from './rebalance.ts';
export { draftRebalance, type RebalanceDraft } from './rebalance-proposal.ts';
export { orderDescription } from './words.ts';
