import { describe, expect, it } from 'vitest';
import { isPfcPair } from '../../connections/plaid/pfc-taxonomy.ts';
import { generateBankItem } from './bank-data/index.ts';

const TODAY = '2026-03-15';
const SEEDS = [
  'ins_109508|user_good',
  'penny-user-a|ins_109511',
  'u-3|ins_43',
  'u-4|ins_109509',
  'u-5|ins_127287',
];
const cents = (amount: number) => Math.round(amount * 100);
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('generateBankItem', () => {
  it('is a pure function of seed and day; other seeds give other data', () => {
    const a = generateBankItem(SEEDS[0] ?? '', TODAY);
    expect(JSON.stringify(generateBankItem(SEEDS[0] ?? '', TODAY))).toBe(JSON.stringify(a));
    const b = generateBankItem(SEEDS[1] ?? '', TODAY);
    const idsA = new Set(a.transactions.map((t) => t.transaction_id));
    expect(b.transactions.some((t) => idsA.has(t.transaction_id))).toBe(false);
    expect(b.accounts.map((account) => account.balances.current)).not.toEqual(
      a.accounts.map((account) => account.balances.current),
    );
  });

  it('tomorrow is today plus tomorrow: settled history does not change as days pass', () => {
    const seed = SEEDS[2] ?? '';
    const today = generateBankItem(seed, TODAY);
    const later = generateBankItem(seed, addDays(TODAY, 30), { historyStart: today.historyStart });
    const settled = (t: { date: string; pending: boolean }) => !t.pending && t.date <= addDays(TODAY, -5);
    expect(later.transactions.filter(settled)).toEqual(today.transactions.filter(settled));
    expect(later.transactions.length).toBeGreaterThan(today.transactions.length);
  });

  for (const seed of SEEDS) {
    it(`looks like two years of a real person's money (${seed})`, () => {
      const data = generateBankItem(seed, TODAY);
      const { transactions, accountIds } = data;
      const of = (detailed: string) =>
        transactions.filter((t) => t.personal_finance_category?.detailed === detailed);

      expect(transactions.length).toBeGreaterThanOrEqual(1500);
      expect(transactions.length).toBeLessThanOrEqual(3000);
      expect(data.historyStart).toBe('2024-03-15');
      expect(new Set(transactions.map((t) => t.transaction_id)).size).toBe(transactions.length);
      for (const t of transactions) {
        expect(t.transaction_id).toMatch(/^[0-9A-Za-z]{37}$/);
        expect(
          isPfcPair(t.personal_finance_category?.primary ?? '', t.personal_finance_category?.detailed ?? ''),
        ).toBe(true);
        expect(
          Number.isInteger(Math.round(t.amount * 100)) && Math.abs(t.amount * 100 - cents(t.amount)) < 1e-6,
        ).toBe(true);
        expect(t.date >= data.historyStart && t.date <= TODAY).toBe(true);
      }

      // Rent on the 1st, the same every month.
      const rent = of('RENT_AND_UTILITIES_RENT');
      expect(rent.length).toBe(24);
      expect(rent.every((t) => t.date.endsWith('-01') && t.account_id === accountIds.checking)).toBe(true);
      expect(new Set(rent.map((t) => t.amount)).size).toBe(1);

      // Salary twice a month into checking, with a raise after a year.
      const wages = of('INCOME_WAGES');
      expect(wages.length).toBeGreaterThanOrEqual(47);
      expect(wages.length).toBeLessThanOrEqual(49);
      expect(wages.every((t) => t.amount < 0 && t.account_id === accountIds.checking)).toBe(true);
      const firstYear = wages.filter((t) => t.date < '2025-03-15');
      const secondYear = wages.filter((t) => t.date >= '2025-03-15');
      expect(Math.min(...secondYear.map((t) => -t.amount))).toBeGreaterThan(
        Math.max(...firstYear.map((t) => -t.amount)),
      );

      // Subscriptions on fixed days, groceries weekly, dining several times a week, a couple of trips a year.
      const netflix = transactions.filter((t) => t.merchant_name === 'Netflix' && !t.pending);
      expect(netflix.length).toBeGreaterThanOrEqual(23);
      expect(new Set(netflix.map((t) => t.authorized_date?.slice(8))).size).toBe(1);
      expect(of('ENTERTAINMENT_MUSIC_AND_AUDIO').length).toBeGreaterThanOrEqual(23);
      expect(of('FOOD_AND_DRINK_GROCERIES').length).toBeGreaterThanOrEqual(95);
      expect(of('FOOD_AND_DRINK_RESTAURANT').length).toBeGreaterThanOrEqual(200);
      expect(of('FOOD_AND_DRINK_COFFEE').length).toBeGreaterThanOrEqual(100);
      expect(of('TRAVEL_FLIGHTS').length).toBeGreaterThanOrEqual(3);
      expect(of('TRAVEL_LODGING').length).toBeGreaterThanOrEqual(3);
      // Refunds: merchandise money coming back.
      expect(
        transactions.some(
          (t) => t.amount < 0 && t.personal_finance_category?.primary === 'GENERAL_MERCHANDISE',
        ),
      ).toBe(true);
      // Most card-style purchases are on the credit card.
      const dining = of('FOOD_AND_DRINK_RESTAURANT');
      expect(dining.filter((t) => t.account_id === accountIds.credit).length / dining.length).toBeGreaterThan(
        0.7,
      );

      // Transfers between own accounts come in pairs, as do card payments.
      for (const out of of('TRANSFER_OUT_ACCOUNT_TRANSFER')) {
        expect(
          of('TRANSFER_IN_ACCOUNT_TRANSFER').some(
            (t) => t.date === out.date && t.amount === -out.amount && t.account_id !== out.account_id,
          ),
        ).toBe(true);
      }
      const payments = of('LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');
      const fromChecking = payments.filter((t) => t.account_id === accountIds.checking);
      expect(fromChecking.length).toBeGreaterThanOrEqual(23);
      for (const payment of fromChecking) {
        expect(
          payments.some(
            (t) =>
              t.account_id === accountIds.credit && t.date === payment.date && t.amount === -payment.amount,
          ),
        ).toBe(true);
      }

      // A few pending transactions, all from the last three days.
      const pending = transactions.filter((t) => t.pending);
      expect(pending.length).toBeGreaterThan(0);
      expect(pending.every((t) => t.date >= addDays(TODAY, -3) && t.pending_transaction_id === null)).toBe(
        true,
      );

      // Checking never goes overdrawn along the way.
      let checking = cents(data.openingBalances[accountIds.checking ?? ''] ?? Number.NaN);
      for (const t of transactions.filter(
        (entry) => entry.account_id === accountIds.checking && !entry.pending,
      )) {
        checking -= cents(t.amount);
        expect(checking).toBeGreaterThanOrEqual(0);
      }
    });
  }

  it('restaurant bills post with the tip; the pending one is replaced by a posted one', () => {
    const seed = SEEDS[0] ?? '';
    const today = generateBankItem(seed, TODAY);
    const later = generateBankItem(seed, addDays(TODAY, 5), { historyStart: today.historyStart });
    const pendingMeals = today.transactions.filter(
      (t) => t.pending && t.personal_finance_category?.detailed === 'FOOD_AND_DRINK_RESTAURANT',
    );
    expect(pendingMeals.length).toBeGreaterThan(0);
    for (const meal of pendingMeals) {
      const posted = later.transactions.find((t) => t.pending_transaction_id === meal.transaction_id);
      expect(posted?.pending).toBe(false);
      expect(posted?.amount).toBeGreaterThan(meal.amount);
      expect(posted?.amount).toBeLessThanOrEqual(Math.round(meal.amount * 1.23 * 100) / 100);
      expect(later.transactions.some((t) => t.transaction_id === meal.transaction_id)).toBe(false);
    }
  });

  it('holdings: real tickers, value = price × quantity, cash, and an account balance that is their sum', () => {
    const seeds = Array.from({ length: 12 }, (_, index) => `holder-${index}|ins_109508`);
    const items = seeds.map((seed) => generateBankItem(seed, TODAY));
    const invested = items.filter((item) => item.accountIds.investment);
    expect(invested.length).toBeGreaterThanOrEqual(6);
    expect(invested.length).toBeLessThan(items.length);
    for (const item of invested) {
      const tickers = item.securities.map((security) => security.ticker_symbol);
      expect(tickers).toContain('CUR:USD');
      for (const ticker of tickers)
        expect(['VTI', 'VXUS', 'BND', 'AAPL', 'MSFT', 'VFIAX', 'NVDA', 'AMZN', 'CUR:USD']).toContain(ticker);
      for (const holding of item.holdings) {
        expect(
          Math.abs(cents(holding.institution_price * holding.quantity) - cents(holding.institution_value)),
        ).toBeLessThanOrEqual(1);
      }
      const account = item.accounts.find((entry) => entry.account_id === item.accountIds.investment);
      expect(cents(account?.balances.current ?? Number.NaN)).toBe(
        item.holdings.reduce((sum, holding) => sum + cents(holding.institution_value), 0),
      );
    }
  });
});
