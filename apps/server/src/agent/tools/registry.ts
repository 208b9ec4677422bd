import type { ToolName } from '@penny/contracts';
import { affordabilityTool } from './affordability.ts';
import { balanceHistoryTool } from './balance-history.ts';
import { budgetStatusTool } from './budget-status.ts';
import { cashFlowTool } from './cash-flow.ts';
import { compoundGrowthTool } from './compound-growth.ts';
import { cryptoBalancesTool } from './crypto-balances.ts';
import { cutBackTool } from './cut-back.ts';
import { emergencyFundTool } from './emergency-fund.ts';
import { holdingsTool } from './holdings.ts';
import { largestTransactionsTool } from './largest-transactions.ts';
import { ledgerQueryTool } from './ledger-query.ts';
import { listAccountsTool } from './list-accounts.ts';
import { loanPaymentTool } from './loan-payment.ts';
import { moneySummaryTool } from './money-summary.ts';
import { netWorthTool } from './net-worth.ts';
import { openOrdersTool, proposeCancelOrderTool } from './open-orders.ts';
import { proposeBudgetTool } from './propose-budget.ts';
import { proposeOrderTool } from './propose-order.ts';
import { proposeRebalanceTool } from './propose-rebalance.ts';
import { proposeRecategorizeTool } from './propose-recategorize.ts';
import { recurringPaymentsTool } from './recurring-payments.ts';
import { savingsGoalTool } from './savings-goal.ts';
import { searchTransactionsTool } from './search-transactions.ts';
import { spendingByCategoryTool } from './spending-by-category.ts';
import { spendingByMerchantTool } from './spending-by-merchant.ts';
import type { FinanceTool } from './types.ts';

/**
 * The finance toolkit, one tool per name in the contracts' `toolInputSchemas`: a new name there fails
 * to compile here until its tool exists.
 */
export const financeTools = {
  list_accounts: listAccountsTool,
  net_worth: netWorthTool,
  balance_history: balanceHistoryTool,
  search_transactions: searchTransactionsTool,
  spending_by_category: spendingByCategoryTool,
  spending_by_merchant: spendingByMerchantTool,
  cash_flow: cashFlowTool,
  recurring_payments: recurringPaymentsTool,
  largest_transactions: largestTransactionsTool,
  holdings: holdingsTool,
  crypto_balances: cryptoBalancesTool,
  compound_growth: compoundGrowthTool,
  loan_payment: loanPaymentTool,
  savings_goal: savingsGoalTool,
  emergency_fund: emergencyFundTool,
  money_summary: moneySummaryTool,
  affordability: affordabilityTool,
  cut_back: cutBackTool,
  ledger_query: ledgerQueryTool,
  propose_recategorize: proposeRecategorizeTool,
  budget_status: budgetStatusTool,
  propose_budget: proposeBudgetTool,
  propose_order: proposeOrderTool,
  open_orders: openOrdersTool,
  propose_cancel_order: proposeCancelOrderTool,
  propose_rebalance: proposeRebalanceTool,
} satisfies { [N in ToolName]: FinanceTool<N> };

export type FinanceTools = typeof financeTools;
