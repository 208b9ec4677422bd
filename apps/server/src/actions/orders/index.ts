export { type Brokerage, createBrokerage } from './brokerage.ts';
export { draftOrder, draftOrders, type OrderRequest } from './draft.ts';
export { orderDescription } from './words.ts';
