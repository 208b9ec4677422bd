/** The sandbox's bank data (see `generate.ts`), and the pieces of Plaid's shapes the fake API reuses. */
export {
  type BankItemData,
  byDateThenId,
  type GenerateOptions,
  generateBankItem,
} from './generate.ts';
export type { BankAccountKey } from './profile.ts';
export {
  EMPTY_PAYMENT_META,
  NO_LOCATION,
  pendingTransactionId,
  postedTransactionId,
} from './transaction-view.ts';
