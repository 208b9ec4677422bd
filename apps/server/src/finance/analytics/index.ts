import type { Database } from '../../db/index.ts';
import { accountBalanceHistory } from './account-history.ts';
import { listAccounts, resolveAccounts } from './accounts.ts';
import { bankCash, liquidCash } from './bank-cash.ts';
import { budgetStatus } from './budgets.ts';
import { averageMonthlySpending, cashFlowByMonth } from './cash-flow.ts';
import { cryptoBalances } from './crypto.ts';
import { holdings } from './holdings.ts';
import { ledgerQuery } from './ledger-query.ts';
import { netWorth, netWorthTrend } from './net-worth.ts';
import { recurringPayments } from './recurring.ts';
import { spendingByCategory, spendingByMerchant } from './spending.ts';
import { largestTransactions, searchTransactions } from './transactions.ts';
import { vocabulary } from './vocabulary.ts';

/**
 * The finance analytics the agent's tools read: every figure is an SQL aggregation over the acting
 * user's own ledger rows (each query starts from `user_id = $user`, on the ledger_transaction
 * (user_id, date) and (user_id, account_id, date, id) indexes), and money stays SQL numeric until it
 * leaves as a decimal string with two places. JavaScript only adds integer cents where it must.
 * One file per family of figures; each query is a top-level function taking the database first.
 */

export type { AccountHistory, BalancePoint } from './account-history.ts';
export type { AnalyticsAccount } from './accounts.ts';
export { BANK_CASH_KINDS, type BankCash, type BankCashKind, type LiquidCash } from './bank-cash.ts';
export type { BudgetLine, BudgetPace, BudgetStatus } from './budgets.ts';
export type { AverageMonthlySpending, CashFlow, MonthFlow } from './cash-flow.ts';
export type { CryptoBalances, CryptoWallet } from './crypto.ts';
export { addDays, addMonths, daysInPeriod, monthEnd, type Period, previousPeriod } from './dates.ts';
export type { HoldingGroup, HoldingGroupBy, HoldingPosition, Holdings } from './holdings.ts';
export type { LedgerFiltersApplied } from './ledger-plan.ts';
export type {
  LedgerAverage,
  LedgerComparison,
  LedgerGroup,
  LedgerGroupChange,
  LedgerPeriodFigures,
  LedgerQueryResult,
  LedgerSeriesSummary,
} from './ledger-query.ts';
export type { ValueUnit } from './ledger-values.ts';
export { divideCents, fromCents, type Money, percentOf, toCents } from './money.ts';
export type { NetWorth, NetWorthPoint, NetWorthTrend } from './net-worth.ts';
export { type Cadence, detectCadence, type RecurringPayment, type RecurringPayments } from './recurring.ts';
export type { CategoryTotal, MerchantTotal, SpendingByCategory, SpendingByMerchant } from './spending.ts';
export type { LargestTransactions, TransactionRow, TransactionSearch } from './transactions.ts';
export type { Vocabulary } from './vocabulary.ts';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * Finance analytics over the ledger: one named handler per figure, each taking the acting user's id
 * first. Another user's rows are never read: an account of theirs named in a filter is not found.
 */
export function createAnalyticsService(deps: { db: Database }) {
  // Each query takes the database first; the service hands it the one it was built with.
  const withDb =
    <Args extends unknown[], Result>(query: (db: Database, ...args: Args) => Result) =>
    (...args: Args): Result =>
      query(deps.db, ...args);
  return {
    accounts: withDb(listAccounts),
    resolveAccounts: withDb(resolveAccounts),
    spendingByCategory: withDb(spendingByCategory),
    spendingByMerchant: withDb(spendingByMerchant),
    cashFlowByMonth: withDb(cashFlowByMonth),
    searchTransactions: withDb(searchTransactions),
    largestTransactions: withDb(largestTransactions),
    recurringPayments: withDb(recurringPayments),
    netWorth: withDb(netWorth),
    bankCash: withDb(bankCash),
    netWorthTrend: withDb(netWorthTrend),
    accountBalanceHistory: withDb(accountBalanceHistory),
    holdings: withDb(holdings),
    cryptoBalances: withDb(cryptoBalances),
    averageMonthlySpending: withDb(averageMonthlySpending),
    liquidCash: withDb(liquidCash),
    vocabulary: withDb(vocabulary),
    ledgerQuery: withDb(ledgerQuery),
    budgetStatus: withDb(budgetStatus),
  };
}
