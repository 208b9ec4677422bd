export { createPlaidAdapter, type PlaidAdapterOptions } from './adapter.ts';
export { accountKind } from './convert.ts';
export { isPfcPair, PFC_TAXONOMY, type PfcDetailed, type PfcPrimary, primaryOf } from './pfc-taxonomy.ts';
