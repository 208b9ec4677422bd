export { createPlaidAdapter, type PlaidAdapterOptions } from './adapter.ts';
export { accountKind } from './convert.ts';
