import { describe, expect, it } from 'vitest';
import { type GeneratedActivity, generateBrokerageData } from './brokerage-data/index.ts';
import { priceCents, SECURITIES, type Ticker } from './market.ts';

const SEED = {
  userId: 'penny-user-42',
  authorizationId: 'auth-7',
  openedOn: '2024-11-01',
  today: '2026-11-23',
};

/** Decimal string → integer in 1/10^places (test-side parsing, independent of money.ts). */
function scaled(text: string, places: number): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  return negative ? -value : value;
}
const toCents = (text: string) => scaled(text, 2);
const toMilli = (text: string) => scaled(text, 3);
const divRound = (numerator: bigint, denominator: bigint) => {
  const negative = numerator < 0n !== denominator < 0n;
  const [n, d] = [numerator < 0n ? -numerator : numerator, denominator < 0n ? -denominator : denominator];
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
};

/** Replays the activities the way a brokerage books them: cash, shares and average cost per ticker. */
function replay(activities: GeneratedActivity[]) {
  let cash = 0n;
  let lowestCash = 0n;
  const lots = new Map<string, { milli: bigint; cost: bigint }>();
  for (const activity of activities) {
    cash += toCents(activity.amount);
    if (activity.ticker && (activity.type === 'BUY' || activity.type === 'SELL')) {
      const lot = lots.get(activity.ticker) ?? { milli: 0n, cost: 0n };
      const milli = toMilli(activity.units);
      const cost = milli > 0n ? -toCents(activity.amount) : -divRound(lot.cost * -milli, lot.milli);
      lots.set(activity.ticker, { milli: lot.milli + milli, cost: lot.cost + cost });
    }
    if (cash < lowestCash) lowestCash = cash;
  }
  return { cash, lowestCash, lots };
}

describe('generateBrokerageData (the Self-directed sandbox dataset)', () => {
  const data = generateBrokerageData(SEED);

  it('is a pure function of the seed, and another connection gets other data', () => {
    expect(JSON.stringify(generateBrokerageData(SEED))).toBe(JSON.stringify(data));
    const other = generateBrokerageData({ ...SEED, authorizationId: 'auth-8' });
    expect(other.accounts.map((account) => account.id)).not.toEqual(
      data.accounts.map((account) => account.id),
    );
    expect(other.accounts[0]?.cash).not.toBe(data.accounts[0]?.cash);
  });

  it('keeps past activity unchanged as days go by (ids are stable; a sync only sees new rows)', () => {
    const later = generateBrokerageData({ ...SEED, today: '2027-01-10' });
    for (const [index, account] of data.accounts.entries()) {
      const laterActivities = later.accounts[index]?.activities ?? [];
      expect(laterActivities.slice(0, account.activities.length)).toEqual(account.activities);
      expect(laterActivities.length).toBeGreaterThan(account.activities.length);
    }
  });

  it('holds two funded accounts with two years of history', () => {
    expect(data.accounts.map((account) => [account.name, account.rawType])).toEqual([
      ['Individual Brokerage', 'Margin'],
      ['Roth IRA', 'Roth IRA'],
    ]);
    for (const account of data.accounts) {
      const first = account.activities[0];
      const last = account.activities.at(-1);
      expect(first?.type).toBe('CONTRIBUTION');
      expect(first && first.tradeDate >= SEED.openedOn && first.tradeDate < '2024-12-31').toBe(true);
      expect(last && last.tradeDate <= SEED.today && last.tradeDate >= '2026-11-01').toBe(true);
      const dates = account.activities.map((activity) => activity.tradeDate);
      expect([...dates].sort()).toEqual(dates);
      // One contribution every month after the opening one.
      const months = new Set(
        account.activities
          .filter((activity) => activity.type === 'CONTRIBUTION')
          .map((a) => a.tradeDate.slice(0, 7)),
      );
      expect(months.size).toBeGreaterThanOrEqual(24);
      expect(new Set(account.activities.map((activity) => activity.id)).size).toBe(account.activities.length);
    }
    const types = (index: number) =>
      new Set(data.accounts[index]?.activities.map((activity) => activity.type));
    expect([...types(0)].sort()).toEqual([
      'BUY',
      'CONTRIBUTION',
      'DIVIDEND',
      'FEE',
      'INTEREST',
      'SELL',
      'WITHDRAWAL',
    ]);
    expect([...types(1)].sort()).toEqual(['BUY', 'CONTRIBUTION', 'DIVIDEND', 'INTEREST']);
  });

  it('has cash, shares, average cost and open P&L exactly as the activities add up', () => {
    for (const account of data.accounts) {
      const { cash, lowestCash, lots } = replay(account.activities);
      expect(lowestCash).toBeGreaterThanOrEqual(0n);
      expect(toCents(account.cash)).toBe(cash);
      const held = [...lots].filter(([, lot]) => lot.milli > 0n);
      expect(account.positions.map((position) => position.ticker).sort()).toEqual(
        held.map(([ticker]) => ticker).sort(),
      );
      let securities = 0n;
      for (const position of account.positions) {
        const lot = lots.get(position.ticker);
        if (!lot) throw new Error(`no lot for ${position.ticker}`);
        const price = BigInt(priceCents(position.ticker, SEED.today));
        const value = divRound(lot.milli * price, 1000n);
        securities += value;
        expect({
          units: toMilli(position.units),
          price: toCents(position.price),
          costBasis: toCents(position.costBasis),
          marketValue: toCents(position.marketValue),
          openPnl: toCents(position.openPnl),
          averageMicros: scaled(position.averagePurchasePrice, 6),
        }).toEqual({
          units: lot.milli,
          price,
          costBasis: lot.cost,
          marketValue: value,
          openPnl: value - lot.cost,
          averageMicros: divRound(lot.cost * 10_000_000n, lot.milli),
        });
      }
      expect(toCents(account.totalValue)).toBe(cash + securities);
    }
  });

  it('prices trades at the day close and pays dividends only on held tickers, in their months', () => {
    for (const account of data.accounts) {
      const held = new Map<string, bigint>();
      let cash = 0n;
      for (const activity of account.activities) {
        const ticker = activity.ticker as Ticker | null;
        if (activity.type === 'BUY' || activity.type === 'SELL') {
          if (!ticker) throw new Error('trade without a ticker');
          expect(toCents(activity.price)).toBe(BigInt(priceCents(ticker, activity.tradeDate)));
          expect(toCents(activity.amount)).toBe(
            -divRound(toMilli(activity.units) * toCents(activity.price), 1000n),
          );
          held.set(ticker, (held.get(ticker) ?? 0n) + toMilli(activity.units));
        }
        if (activity.type === 'DIVIDEND') {
          if (!ticker) throw new Error('dividend without a ticker');
          const dividend = SECURITIES[ticker].dividend;
          expect(dividend?.months).toContain(Number(activity.tradeDate.slice(5, 7)));
          const shares = held.get(ticker) ?? 0n;
          expect(shares).toBeGreaterThan(0n);
          // Between 0.5 and 2 times the declared rate per share.
          const perShareMicros = (toCents(activity.amount) * 10_000n * 1000n) / shares;
          const declared = BigInt(Math.round((dividend?.perShare ?? 0) * 1_000_000));
          expect(perShareMicros * 2n).toBeGreaterThanOrEqual(declared);
          expect(perShareMicros).toBeLessThanOrEqual(declared * 2n + 10_000n);
        }
        // Sweep interest: a month of at most 4 % a year on the cash it is paid on.
        if (activity.type === 'INTEREST') {
          expect(toCents(activity.amount)).toBeGreaterThan(0n);
          expect(toCents(activity.amount) * 1200n).toBeLessThanOrEqual(cash * 4n + 1200n);
        }
        if (activity.type === 'FEE') expect(toCents(activity.amount)).toBeLessThan(0n);
        cash += toCents(activity.amount);
      }
    }
  });

  it('starts two years before today by default and has no activity after today', () => {
    const { openedOn: _, ...withoutOpening } = SEED;
    const defaulted = generateBrokerageData(withoutOpening);
    expect(defaulted.accounts[0]?.activities[0]?.tradeDate).toBe('2024-11-01');
    const early = generateBrokerageData({ ...SEED, today: '2024-11-20' });
    expect(early.accounts).toHaveLength(1);
    expect(early.accounts[0]?.activities.every((activity) => activity.tradeDate <= '2024-11-20')).toBe(true);
  });
});
