import { NOTHING_FOUND_STATUS, type ToolName } from '@penny/contracts';
import { count, periodText } from '../tools/format.ts';
import type { ToolResult } from '../tools/types.ts';

/**
 * What a finished finance step did, in one line for its collapsed AI Thought Process panel, from the
 * tool's actual result: its subject, the period it read and how many transactions or accounts it
 * read ('Spending · October 2026 · 42 transactions'). A step that read nothing says so in its status.
 */

/** Each tool's subject, when its result carries no titled block (an empty result has none). */
const TOOL_LABELS = {
  list_accounts: 'Accounts',
  net_worth: 'Net worth',
  balance_history: 'Balance history',
  search_transactions: 'Transaction search',
  spending_by_category: 'Spending by category',
  spending_by_merchant: 'Spending by merchant',
  cash_flow: 'Money in and out',
  recurring_payments: 'Recurring payments',
  largest_transactions: 'Largest transactions',
  holdings: 'Holdings',
  crypto_balances: 'Crypto balances',
  compound_growth: 'Compound growth',
  loan_payment: 'Loan payment',
  savings_goal: 'Savings goal',
  emergency_fund: 'Emergency fund',
  money_summary: 'Money summary',
  affordability: 'Affordability',
  cut_back: 'Where to cut back',
  ledger_query: 'Your transactions',
  propose_recategorize: 'Re-categorise',
  budget_status: 'Budgets',
  propose_budget: 'Budget',
  propose_order: 'Order',
  open_orders: 'Open orders',
  propose_cancel_order: 'Cancel orders',
  propose_rebalance: 'Rebalance',
} as const satisfies Record<ToolName, string>;

/**
 * What each tool's figures are computed from: transactions (so none in the period means nothing was
 * found), accounts (balances, holdings) or only the figures the question gave (the calculators).
 */
const TOOL_READS = {
  list_accounts: 'accounts',
  net_worth: 'accounts',
  balance_history: 'accounts',
  search_transactions: 'transactions',
  spending_by_category: 'transactions',
  spending_by_merchant: 'transactions',
  cash_flow: 'transactions',
  recurring_payments: 'transactions',
  largest_transactions: 'transactions',
  holdings: 'accounts',
  crypto_balances: 'accounts',
  compound_growth: 'inputs',
  loan_payment: 'inputs',
  savings_goal: 'inputs',
  emergency_fund: 'accounts',
  money_summary: 'accounts',
  affordability: 'accounts',
  cut_back: 'transactions',
  ledger_query: 'transactions',
  propose_recategorize: 'transactions',
  // The user's own budgets: a month with nothing spent yet is an answer, not nothing found.
  budget_status: 'inputs',
  propose_budget: 'inputs',
  propose_order: 'accounts',
  open_orders: 'accounts',
  propose_cancel_order: 'accounts',
  propose_rebalance: 'accounts',
} as const satisfies Record<ToolName, 'transactions' | 'accounts' | 'inputs'>;

/** A subject longer than this is cut back to the tool's label: the line must stay one line. */
const MAX_SUBJECT = 60;

/** The period as a noun phrase: 'in October 2026' -> 'October 2026', 'from May 2 to June 1, 2026' -> 'May 2 to June 1, 2026'. */
export function periodLabel(period: { start: string; end: string }): string {
  return periodText(period).replace(/^(in|on|from) /, '');
}

export type StepOutcome = {
  /** 'completed', or NOTHING_FOUND_STATUS when the tool read nothing to answer from. */
  status: string;
  summary: string;
  /** Set when the step found nothing: the tool's own sentence saying what was missing. */
  description?: string;
};

/** Whether the tool ran but had nothing to compute from. */
function foundNothing(tool: ToolName, result: ToolResult): boolean {
  // Every tool returns no blocks when there was nothing to read (no wallets, no payments, no matches).
  if (result.blocks.length === 0) return true;
  return TOOL_READS[tool] === 'transactions' && result.provenance.transactionCount === 0;
}

function subjectOf(tool: ToolName, result: ToolResult): string {
  const title = result.blocks.map(({ block }) => block.title).find((t) => typeof t === 'string' && t.trim());
  return title && title.length <= MAX_SUBJECT ? title.trim() : TOOL_LABELS[tool];
}

/** The finished step's status, its one-line summary and, when it found nothing, why. */
export function summarizeToolStep(tool: ToolName, result: ToolResult): StepOutcome {
  const { provenance } = result;
  const parts = [subjectOf(tool, result)];
  const reads = TOOL_READS[tool];
  if (reads === 'transactions') {
    if (provenance.period?.start && provenance.period.end) parts.push(periodLabel(provenance.period));
    parts.push(count(provenance.transactionCount, 'transaction'));
  } else if (reads === 'accounts' && provenance.accounts.length > 0) {
    parts.push(count(provenance.accounts.length, 'account'));
  }
  const summary = parts.join(' · ');
  if (!foundNothing(tool, result)) return { status: 'completed', summary };
  const why = result.facts[0];
  return { status: NOTHING_FOUND_STATUS, summary, ...(why ? { description: why } : {}) };
}
