export type { AffordabilityData } from './affordability.ts';
export type { CashFlowData } from './cash-flow.ts';
export type { CompoundGrowthData } from './compound-growth.ts';
export type { CryptoBalancesData } from './crypto-balances.ts';
export type { CutBackData } from './cut-back.ts';
export type { EmergencyFundData } from './emergency-fund.ts';
export type { HoldingsData } from './holdings.ts';
export type { LargestTransactionsData } from './largest-transactions.ts';
export type { LedgerQueryData } from './ledger-query.ts';
export type { ListAccountsData } from './list-accounts.ts';
export type { LoanPaymentData } from './loan-payment.ts';
export type { MoneySummaryData } from './money-summary.ts';
export type { NetWorthData } from './net-worth.ts';
export type { RecurringPaymentsData } from './recurring-payments.ts';
export { type FinanceTools, financeTools } from './registry.ts';
export type { SavingsGoalData } from './savings-goal.ts';
export type { SearchTransactionsData } from './search-transactions.ts';
export type { PeriodComparison, SpendingByCategoryData } from './spending-by-category.ts';
export type { SpendingByMerchantData } from './spending-by-merchant.ts';
export type {
  FinanceTool,
  ToolBlock,
  ToolBlockRole,
  ToolContext,
  ToolProvenance,
  ToolResult,
  ToolServices,
} from './types.ts';
