import { decimalFromUnits } from '../../../connections/money.ts';
import type { DecimalString, IsoDate } from '../../../connections/types.ts';
import { addBusinessDays, priceCents, SECURITIES, type Ticker } from '../market.ts';
import { seededUuid } from '../prng.ts';
import type { AccountPlan } from './plans.ts';
import type { ActivityType, GeneratedActivity } from './types.ts';

/**
 * One account's running state while it is simulated: the lots held, the cash, and the activities so far.
 * Every change goes through an activity, so the holdings and cash are exactly what the activities add up to.
 */

export type Lot = { unitsMilli: number; costCents: number };

export type AccountLedger = {
  id: string;
  plan: AccountPlan;
  lots: Map<Ticker, Lot>;
  activities: GeneratedActivity[];
  cash: number;
  /** Activities on the same date are numbered for their ids. */
  sequenceDate: string;
  sequence: number;
};

export function createLedger(id: string, plan: AccountPlan): AccountLedger {
  return { id, plan, lots: new Map(), activities: [], cash: 0, sequenceDate: '', sequence: 0 };
}

export const cents = (value: number): DecimalString => decimalFromUnits(BigInt(value), 2);
export const shares = (milli: number): DecimalString => decimalFromUnits(BigInt(milli), 3);

function record(
  ledger: AccountLedger,
  date: IsoDate,
  entry: Omit<GeneratedActivity, 'id' | 'tradeDate' | 'settlementDate'>,
  settlementDays: number,
): void {
  ledger.sequence = ledger.sequenceDate === date ? ledger.sequence + 1 : 0;
  ledger.sequenceDate = date;
  ledger.activities.push({
    id: seededUuid(`${ledger.id}:${date}:${ledger.sequence}`),
    tradeDate: date,
    settlementDate: addBusinessDays(date, settlementDays),
    ...entry,
  });
}

/** Cash in or out with no shares: contributions, withdrawals, dividends, interest, fees. */
export function cashEntry(
  ledger: AccountLedger,
  date: IsoDate,
  type: ActivityType,
  amountCents: number,
  description: string,
  ticker: Ticker | null = null,
): void {
  ledger.cash += amountCents;
  record(
    ledger,
    date,
    { type, ticker, units: '0', price: '0', amount: cents(amountCents), fee: '0', description },
    0,
  );
}

/** Invests the cash above the buffer in the `spreadOver` holdings furthest under their target weights. */
export function buy(
  ledger: AccountLedger,
  date: IsoDate,
  tickers: readonly { ticker: Ticker; weight: number }[],
  spreadOver: number,
): void {
  const { plan, lots } = ledger;
  const budget = ledger.cash - plan.cashBufferCents;
  if (budget < 10_000) return;
  const value = (ticker: Ticker) => ((lots.get(ticker)?.unitsMilli ?? 0) * priceCents(ticker, date)) / 1000;
  const invested = tickers.reduce((sum, { ticker }) => sum + value(ticker), 0);
  const target = invested + budget;
  // Buy what is furthest under its target weight (new money rebalances the account).
  const deficits = tickers
    .map(({ ticker, weight }) => ({ ticker, deficit: Math.max(0, target * weight - value(ticker)) }))
    .filter((entry) => entry.deficit > 0)
    .sort((a, b) => b.deficit - a.deficit || a.ticker.localeCompare(b.ticker))
    .slice(0, spreadOver);
  const totalDeficit = deficits.reduce((sum, entry) => sum + entry.deficit, 0);
  for (const { ticker, deficit } of deficits) {
    const price = priceCents(ticker, date);
    const allotment = Math.min(budget * (deficit / totalDeficit), ledger.cash - plan.cashBufferCents);
    const fractional = SECURITIES[ticker].kind === 'mutualfund';
    const unitsMilli = fractional
      ? Math.floor((allotment * 1000) / price)
      : Math.floor(allotment / price) * 1000;
    if (unitsMilli <= 0) continue;
    const costCents = Math.round((unitsMilli * price) / 1000);
    const lot = lots.get(ticker) ?? { unitsMilli: 0, costCents: 0 };
    lots.set(ticker, { unitsMilli: lot.unitsMilli + unitsMilli, costCents: lot.costCents + costCents });
    ledger.cash -= costCents;
    record(
      ledger,
      date,
      {
        type: 'BUY',
        ticker,
        units: shares(unitsMilli),
        price: cents(price),
        amount: cents(-costCents),
        fee: '0',
        description: `Bought ${shares(unitsMilli)} ${ticker} @ ${cents(price)}`,
      },
      1,
    );
  }
}

/** Sells `fraction` of the stock with the largest gain (whole shares, at least one); false if none gained. */
export function trimBestStock(ledger: AccountLedger, date: IsoDate, fraction: number): boolean {
  const { lots } = ledger;
  let best: { ticker: Ticker; gain: number } | null = null;
  for (const [ticker, lot] of lots) {
    if (SECURITIES[ticker].kind !== 'stock' || lot.unitsMilli < 2000) continue;
    const gain = (lot.unitsMilli * priceCents(ticker, date)) / 1000 / lot.costCents - 1;
    if (gain > 0 && (!best || gain > best.gain)) best = { ticker, gain };
  }
  if (!best) return false;
  const lot = lots.get(best.ticker);
  if (!lot) return false;
  const soldMilli = Math.max(1000, Math.floor((lot.unitsMilli * fraction) / 1000) * 1000);
  const price = priceCents(best.ticker, date);
  const proceeds = Math.round((soldMilli * price) / 1000);
  const costRemoved = Math.round((lot.costCents * soldMilli) / lot.unitsMilli);
  lots.set(best.ticker, { unitsMilli: lot.unitsMilli - soldMilli, costCents: lot.costCents - costRemoved });
  ledger.cash += proceeds;
  record(
    ledger,
    date,
    {
      type: 'SELL',
      ticker: best.ticker,
      units: shares(-soldMilli),
      price: cents(price),
      amount: cents(proceeds),
      fee: '0',
      description: `Sold ${shares(soldMilli)} ${best.ticker} @ ${cents(price)}`,
    },
    1,
  );
  return true;
}
