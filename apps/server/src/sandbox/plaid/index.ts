export { isPfcPair, PFC_TAXONOMY } from '../../connections/plaid/pfc-taxonomy.ts';
export { createPlaidSandbox, type PlaidSandboxDeps } from './app.ts';
export { type BankItemData, byDateThenId, generateBankItem } from './bank-data.ts';
export { findInstitution, SANDBOX_INSTITUTIONS } from './institutions.ts';
