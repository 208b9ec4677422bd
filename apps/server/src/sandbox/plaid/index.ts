export { isPfcPair, PFC_TAXONOMY } from '../../connections/plaid/pfc-taxonomy.ts';
export { createPlaidSandbox, type InitialPullTimings, type PlaidSandboxDeps } from './api/index.ts';
export { type BankItemData, byDateThenId, generateBankItem } from './bank-data/index.ts';
export { findInstitution, SANDBOX_INSTITUTIONS } from './institutions.ts';
