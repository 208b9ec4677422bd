import { accountMessages, categoryColor } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { countLinkedAccounts, formatDate, maskedNumber, transactionCategoryColor } from './format.ts';
import { makeAccount, makeCredential } from './testing/fake-accounts-records.ts';

describe('the Accounts header count', () => {
  const bank = makeCredential({
    account_name: 'First_Platypus_Bank_plaid',
    account_type: 'plaid',
    accounts: ['Checking', 'Savings', 'Credit Card', 'Brokerage'].map((name, index) =>
      makeAccount({ id: `b${index}`, name }),
    ),
  });
  const brokerage = makeCredential({
    account_name: 'Alpaca_snaptrade',
    account_type: 'snaptrade',
    accounts: [makeAccount({ id: 'r1', name: 'Roth IRA' }), makeAccount({ id: 'm1', name: 'Margin' })],
  });
  const wallet = makeCredential({
    account_name: 'Cold_storage_web3',
    account_type: 'web3',
    accounts: [makeAccount({ id: 'w1', name: 'Ethereum' })],
  });

  it('counts the accounts listed, not the connections: three connections holding seven accounts', () => {
    const count = countLinkedAccounts([bank, brokerage, wallet]);
    expect(count).toBe(7);
    expect(accountMessages.connectedCount(count)).toBe('7 accounts connected');
  });

  it('leaves out a connection whose first sync has not listed its accounts yet', () => {
    const syncing = makeCredential({
      account_name: 'Tartan_Bank_plaid',
      account_type: 'plaid',
      status: 'syncing',
    });
    expect(countLinkedAccounts([wallet, syncing])).toBe(1);
  });

  it("writes the plural out: never '(s)'", () => {
    expect(accountMessages.connectedCount(0)).toBe('0 accounts connected');
    expect(accountMessages.connectedCount(1)).toBe('1 account connected');
    expect(accountMessages.connectedCount(2)).toBe('2 accounts connected');
    for (const count of [0, 1, 2, 11, 101])
      expect(accountMessages.connectedCount(count)).not.toContain('(s)');
  });
});

describe('masked account numbers', () => {
  it('shows the last digits after four dots, as statements do', () => {
    expect(maskedNumber('1234')).toBe('•••• 1234');
    expect(maskedNumber('0000')).toBe('•••• 0000');
    expect(maskedNumber(' 9551 ')).toBe('•••• 9551');
  });

  it('shows nothing when the provider gave no mask, rather than any id in its place', () => {
    expect(maskedNumber(null)).toBeNull();
    expect(maskedNumber('')).toBeNull();
    expect(maskedNumber('  ')).toBeNull();
  });
});

describe("a transaction's category colour", () => {
  const colorOf = (category: string | null, category_detailed: string | null = null) =>
    transactionCategoryColor({ category, category_detailed });

  it("is its primary category's theme token, the colour the charts give that primary", () => {
    expect(colorOf('FOOD_AND_DRINK')).toBe(`var(--penny-${categoryColor('FOOD_AND_DRINK')})`);
    expect(colorOf('FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE')).toBe(colorOf('FOOD_AND_DRINK'));
    expect(colorOf(null, 'FOOD_AND_DRINK_GROCERIES')).toBe(colorOf('FOOD_AND_DRINK'));
    expect(colorOf('RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT')).not.toBe(colorOf('FOOD_AND_DRINK'));
  });

  it('is none without a known category', () => {
    expect(colorOf(null)).toBeNull();
    expect(colorOf('SOMETHING_NEW')).toBeNull();
    expect(colorOf(null, 'SOMETHING_NEW_DETAILED')).toBeNull();
  });
});

describe("a transaction's date", () => {
  it('reads as people read it: the year only when it is not this one', () => {
    const today = new Date(2026, 11, 7);
    expect(formatDate('2026-11-26', today)).toBe('Nov 26');
    expect(formatDate('2025-11-26', today)).toBe('Nov 26, 2025');
    // Without today (a proposal names its transactions in full), the year is always there.
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatDate('not a date', today)).toBe('Unknown date');
  });
});
