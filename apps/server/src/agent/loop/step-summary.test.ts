import { NOTHING_FOUND_STATUS } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../tools/types.ts';
import { periodLabel, summarizeToolStep } from './step-summary.ts';

const OCTOBER = { start: '2026-10-01', end: '2026-10-31' };

function result(overrides: Partial<ToolResult>): ToolResult {
  return {
    data: {},
    facts: [],
    blocks: [{ role: 'figures', block: { type: 'content', title: 'Groceries', content: '$484.63' } }],
    provenance: { accounts: ['Everyday Checking'], period: OCTOBER, transactionCount: 5 },
    ...overrides,
  };
}

describe('periodLabel', () => {
  it('names a month, a year and a range without their preposition', () => {
    expect(periodLabel(OCTOBER)).toBe('October 2026');
    expect(periodLabel({ start: '2025-01-01', end: '2025-12-31' })).toBe('2025');
    expect(periodLabel({ start: '2026-05-02', end: '2026-06-01' })).toBe('May 2 to June 1, 2026');
  });
});

describe('summarizeToolStep', () => {
  it('says what a transaction step read: its subject, the period and the transactions', () => {
    expect(summarizeToolStep('spending_by_category', result({}))).toEqual({
      status: 'completed',
      summary: 'Groceries · October 2026 · 5 transactions',
    });
  });

  it('uses the tool’s own label when the result has no titled block', () => {
    const untitled = result({
      blocks: [{ role: 'chart', block: { type: 'pie', labels: ['A'], values: [1] } }],
    });
    expect(summarizeToolStep('spending_by_merchant', untitled).summary).toBe(
      'Spending by merchant · October 2026 · 5 transactions',
    );
  });

  it('counts the accounts a balance step read, and nothing for a calculator', () => {
    const accounts = { accounts: ['Checking', 'Savings', 'Brokerage'], transactionCount: 0 };
    const worth = result({
      blocks: [{ role: 'chart', block: { type: 'line', title: 'Net worth', labels: ['Oct'], values: [1] } }],
      provenance: accounts,
    });
    expect(summarizeToolStep('net_worth', worth)).toEqual({
      status: 'completed',
      summary: 'Net worth · 3 accounts',
    });
    const loan = result({
      blocks: [{ role: 'figures', block: { type: 'content', title: 'Loan payment', content: '$500.00' } }],
      provenance: { accounts: [], transactionCount: 0 },
    });
    expect(summarizeToolStep('loan_payment', loan)).toEqual({ status: 'completed', summary: 'Loan payment' });
  });

  it('is nothing found, with the tool’s own reason, when there was nothing to read', () => {
    const noWallets = result({
      facts: ['No crypto wallets are linked.'],
      blocks: [],
      provenance: { accounts: [], transactionCount: 0 },
    });
    expect(summarizeToolStep('crypto_balances', noWallets)).toEqual({
      status: NOTHING_FOUND_STATUS,
      summary: 'Crypto balances',
      description: 'No crypto wallets are linked.',
    });
  });

  it('is nothing found when a transaction step totalled no transactions, even with a $0.00 block', () => {
    const empty = result({
      facts: ['Spending in October 2026: $0.00 across 0 transactions.'],
      provenance: { accounts: ['Everyday Checking'], period: OCTOBER, transactionCount: 0 },
    });
    expect(summarizeToolStep('spending_by_category', empty)).toMatchObject({
      status: NOTHING_FOUND_STATUS,
      summary: 'Groceries · October 2026 · 0 transactions',
    });
  });

  it('is done when an account step read accounts but no transactions', () => {
    const worth = result({ provenance: { accounts: ['Checking'], period: OCTOBER, transactionCount: 0 } });
    expect(summarizeToolStep('net_worth', worth).status).toBe('completed');
  });
});
