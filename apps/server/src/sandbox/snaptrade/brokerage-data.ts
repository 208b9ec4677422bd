import { decimalFromUnits } from '../../connections/money.ts';
import type { DecimalString, IsoDate } from '../../connections/types.ts';
import {
  addBusinessDays,
  addDays,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  dateInMonth,
  dayNumber,
  dividendMicrosPerShare,
  priceCents,
  SECURITIES,
  type Ticker,
} from './market.ts';
import { type Random, seededRandom, seededUuid } from './prng.ts';

/**
 * The sandbox brokerage's data for one connection: the "Self-directed" scenario of SnapTrade's own
 * sandbox (two funded accounts), simulated day by day from the opening date to today. Everything is a
 * pure function of the seed: the history up to a given day never depends on `today` (so ids stay stable
 * as days pass and a sync sees only new activity), and the holdings, average prices and cash are exactly
 * what the activities add up to.
 *
 * Amounts follow SnapTrade's sign: + = cash into the account (deposits, sells, dividends, interest).
 */

export type ActivityType = 'CONTRIBUTION' | 'WITHDRAWAL' | 'BUY' | 'SELL' | 'DIVIDEND' | 'INTEREST' | 'FEE';

export type GeneratedActivity = {
  id: string;
  type: ActivityType;
  tradeDate: IsoDate;
  settlementDate: IsoDate;
  ticker: Ticker | null;
  /** Shares: + bought, − sold; 0 for cash activities. */
  units: DecimalString;
  /** Price per share for trades, else 0. */
  price: DecimalString;
  /** + = cash in. */
  amount: DecimalString;
  fee: DecimalString;
  description: string;
};

export type GeneratedPosition = {
  ticker: Ticker;
  units: DecimalString;
  /** Today's close. */
  price: DecimalString;
  /** Average cost per share (6 places). */
  averagePurchasePrice: DecimalString;
  /** Total cost of the shares held. */
  costBasis: DecimalString;
  marketValue: DecimalString;
  openPnl: DecimalString;
};

export type GeneratedAccount = {
  id: string;
  key: 'individual' | 'roth-ira';
  name: string;
  number: string;
  rawType: string;
  openingDate: IsoDate;
  cash: DecimalString;
  buyingPower: DecimalString;
  positions: GeneratedPosition[];
  /** Cash plus the market value of the positions. */
  totalValue: DecimalString;
  /** Oldest first. */
  activities: GeneratedActivity[];
};

export type BrokerageSeed = {
  userId: string;
  authorizationId: string;
  /** The day the brokerage accounts were opened (default: the first of the month two years before today). */
  openedOn?: IsoDate;
  today: IsoDate;
};

type AccountPlan = {
  key: GeneratedAccount['key'];
  name: string;
  rawType: string;
  margin: boolean;
  openingOffsetDays: number;
  initialDepositCents: number;
  initialDepositText: string;
  monthlyDay: number;
  monthlyCents: number;
  yearlyRaiseCents: number;
  monthlyText: (date: IsoDate) => string;
  allocation: readonly { ticker: Ticker; weight: number }[];
  cashBufferCents: number;
  interestApy: number;
  /** Trims of the best-performing stock: months after opening, day of month, share of the position. */
  trims: { month: number; day: number; fraction: number; withdrawCents: number }[];
  statementFeeMonth: number | null;
};

const WIRE_FEE_CENTS = 2_500;
const STATEMENT_FEE_CENTS = 500;

function plansFor(random: Random): AccountPlan[] {
  const individualMonthly = random.int(16, 30) * 5_000;
  return [
    {
      key: 'individual',
      name: 'Individual Brokerage',
      rawType: 'Margin',
      margin: true,
      openingOffsetDays: 0,
      initialDepositCents: random.int(20, 50) * 50_000,
      initialDepositText: 'ACH deposit from checking (initial funding)',
      monthlyDay: 1,
      monthlyCents: individualMonthly,
      yearlyRaiseCents: 10_000,
      monthlyText: () => 'ACH deposit from checking',
      allocation: [
        { ticker: 'VTI', weight: 0.3 },
        { ticker: 'QQQ', weight: 0.14 },
        { ticker: 'SCHD', weight: 0.1 },
        { ticker: 'VXUS', weight: 0.1 },
        { ticker: 'AAPL', weight: 0.1 },
        { ticker: 'MSFT', weight: 0.1 },
        { ticker: 'NVDA', weight: 0.08 },
        { ticker: 'GOOGL', weight: 0.08 },
      ],
      cashBufferCents: 15_000,
      interestApy: 0.038,
      trims: [
        {
          month: random.int(5, 9),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: 0,
        },
        {
          month: random.int(11, 15),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: random.int(4, 8) * 50_000,
        },
        {
          month: random.int(18, 22),
          day: random.int(8, 20),
          fraction: random.int(20, 35) / 100,
          withdrawCents: 0,
        },
      ],
      statementFeeMonth: random.int(2, 4),
    },
    {
      key: 'roth-ira',
      name: 'Roth IRA',
      rawType: 'Roth IRA',
      margin: false,
      openingOffsetDays: random.int(10, 40),
      initialDepositCents: 700_000,
      initialDepositText: 'Roth IRA contribution (prior year)',
      monthlyDay: 15,
      monthlyCents: 58_333,
      yearlyRaiseCents: 0,
      monthlyText: (date) => `Roth IRA contribution ${date.slice(0, 4)}`,
      allocation: [
        { ticker: 'FXAIX', weight: 0.35 },
        { ticker: 'VOO', weight: 0.25 },
        { ticker: 'VXUS', weight: 0.2 },
        { ticker: 'BND', weight: 0.2 },
      ],
      cashBufferCents: 2_500,
      interestApy: 0.035,
      trims: [],
      statementFeeMonth: null,
    },
  ];
}

type Lot = { unitsMilli: number; costCents: number };

const cents = (value: number): DecimalString => decimalFromUnits(BigInt(value), 2);
const shares = (milli: number): DecimalString => decimalFromUnits(BigInt(milli), 3);

function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}

function defaultOpenedOn(today: IsoDate): IsoDate {
  const [year = '2000', month = '01'] = today.split('-');
  return `${Number(year) - 2}-${month}-01`;
}

function monthsBetween(from: IsoDate, to: IsoDate): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return ((toYear ?? 0) - (fromYear ?? 0)) * 12 + ((toMonth ?? 0) - (fromMonth ?? 0));
}

function shiftMonths(date: IsoDate, months: number, day: number): IsoDate {
  const [year = 0, month = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  return dateInMonth(Math.floor(index / 12), (index % 12) + 1, day);
}

function simulateAccount(
  plan: AccountPlan,
  seed: BrokerageSeed,
  openedOn: IsoDate,
  random: Random,
): GeneratedAccount {
  const id = seededUuid(`${seed.authorizationId}:account:${plan.key}`);
  const number = `${plan.margin ? 'Z' : 'R'}${String(random.int(10_000_000, 99_999_999))}`;
  const openingDate = businessDayOnOrAfter(addDays(openedOn, plan.openingOffsetDays));
  const lots = new Map<Ticker, Lot>();
  const activities: GeneratedActivity[] = [];
  let cash = 0;
  let sequenceDate = '';
  let sequence = 0;

  const record = (
    date: IsoDate,
    entry: Omit<GeneratedActivity, 'id' | 'tradeDate' | 'settlementDate'>,
    settlementDays: number,
  ) => {
    sequence = sequenceDate === date ? sequence + 1 : 0;
    sequenceDate = date;
    activities.push({
      id: seededUuid(`${id}:${date}:${sequence}`),
      tradeDate: date,
      settlementDate: addBusinessDays(date, settlementDays),
      ...entry,
    });
  };
  const cashEntry = (
    date: IsoDate,
    type: ActivityType,
    amountCents: number,
    description: string,
    ticker: Ticker | null = null,
  ) => {
    cash += amountCents;
    record(
      date,
      { type, ticker, units: '0', price: '0', amount: cents(amountCents), fee: '0', description },
      0,
    );
  };

  const buy = (date: IsoDate, tickers: readonly { ticker: Ticker; weight: number }[], spreadOver: number) => {
    const budget = cash - plan.cashBufferCents;
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
      const allotment = Math.min(budget * (deficit / totalDeficit), cash - plan.cashBufferCents);
      const fractional = SECURITIES[ticker].kind === 'mutualfund';
      const unitsMilli = fractional
        ? Math.floor((allotment * 1000) / price)
        : Math.floor(allotment / price) * 1000;
      if (unitsMilli <= 0) continue;
      const costCents = Math.round((unitsMilli * price) / 1000);
      const lot = lots.get(ticker) ?? { unitsMilli: 0, costCents: 0 };
      lots.set(ticker, { unitsMilli: lot.unitsMilli + unitsMilli, costCents: lot.costCents + costCents });
      cash -= costCents;
      record(
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
  };

  const trimBestStock = (date: IsoDate, fraction: number): boolean => {
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
    cash += proceeds;
    record(
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
  };

  const trimDates = new Map(
    plan.trims.map((trim) => [businessDayOnOrAfter(shiftMonths(openingDate, trim.month, trim.day)), trim]),
  );
  const statementFeeDate =
    plan.statementFeeMonth === null
      ? null
      : businessDayOnOrAfter(shiftMonths(openingDate, plan.statementFeeMonth, 10));
  const firstBuyDate = addBusinessDays(openingDate, 2);
  let nextBuyDate: IsoDate | null = null;

  for (let day = dayNumber(openingDate); day <= dayNumber(seed.today); day += 1) {
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    const [year = 0, month = 1] = date.split('-').map(Number);
    if (date === openingDate) {
      cashEntry(date, 'CONTRIBUTION', plan.initialDepositCents, plan.initialDepositText);
    } else if (date === businessDayOnOrAfter(dateInMonth(year, month, plan.monthlyDay))) {
      const yearsOpen = Math.floor(monthsBetween(openingDate, date) / 12);
      cashEntry(
        date,
        'CONTRIBUTION',
        plan.monthlyCents + yearsOpen * plan.yearlyRaiseCents,
        plan.monthlyText(date),
      );
      nextBuyDate = addBusinessDays(date, 2);
    }
    for (const [ticker, lot] of lots) {
      const micros = dividendMicrosPerShare(ticker, date);
      if (micros === 0 || lot.unitsMilli === 0) continue;
      const amount = Math.round((lot.unitsMilli * micros) / 10_000_000);
      if (amount > 0) cashEntry(date, 'DIVIDEND', amount, `${ticker} cash dividend`, ticker);
    }
    if (date === statementFeeDate)
      cashEntry(date, 'FEE', -STATEMENT_FEE_CENTS, 'Paper statement delivery fee');
    const trim = trimDates.get(date);
    if (trim && trimBestStock(date, trim.fraction) && trim.withdrawCents > 0) {
      const available = cash - plan.cashBufferCents - WIRE_FEE_CENTS;
      const withdrawal = Math.min(trim.withdrawCents, Math.floor(available / 10_000) * 10_000);
      if (withdrawal >= 50_000) {
        cashEntry(date, 'WITHDRAWAL', -withdrawal, 'Wire transfer to checking');
        cashEntry(date, 'FEE', -WIRE_FEE_CENTS, 'Outgoing wire fee');
      }
    }
    if (date === firstBuyDate) buy(date, plan.allocation, plan.allocation.length);
    else if (date === nextBuyDate) buy(date, plan.allocation, 2);
    const lastBusinessDay = businessDayOnOrBefore(dateInMonth(year, month, 31));
    if (date === lastBusinessDay && cash > 0) {
      const interest = Math.round((cash * plan.interestApy) / 12);
      if (interest > 0) cashEntry(date, 'INTEREST', interest, 'Cash sweep interest');
    }
  }

  const positions = [...lots]
    .filter(([, lot]) => lot.unitsMilli > 0)
    .map(([ticker, lot]): GeneratedPosition & { valueCents: number } => {
      const price = priceCents(ticker, seed.today);
      const valueCents = Math.round((lot.unitsMilli * price) / 1000);
      return {
        ticker,
        units: shares(lot.unitsMilli),
        price: cents(price),
        averagePurchasePrice: decimalFromUnits(
          roundDiv(BigInt(lot.costCents) * 10_000_000n, BigInt(lot.unitsMilli)),
          6,
        ),
        costBasis: cents(lot.costCents),
        marketValue: cents(valueCents),
        openPnl: cents(valueCents - lot.costCents),
        valueCents,
      };
    })
    .sort((a, b) => b.valueCents - a.valueCents || a.ticker.localeCompare(b.ticker));
  const securitiesCents = positions.reduce((sum, position) => sum + position.valueCents, 0);
  return {
    id,
    key: plan.key,
    name: plan.name,
    number,
    rawType: plan.rawType,
    openingDate,
    cash: cents(cash),
    // Simplified Reg T: cash plus half the value of the (marginable) securities.
    buyingPower: cents(plan.margin ? cash + Math.round(securitiesCents / 2) : cash),
    positions: positions.map(({ valueCents: _, ...position }) => position),
    totalValue: cents(cash + securitiesCents),
    activities,
  };
}

/** The connection's accounts, holdings and activity history. Pure: same seed, same output. */
export function generateBrokerageData(seed: BrokerageSeed): { accounts: GeneratedAccount[] } {
  const openedOn = seed.openedOn ?? defaultOpenedOn(seed.today);
  const random = seededRandom(`snaptrade:${seed.userId}:${seed.authorizationId}`);
  const plans = plansFor(random);
  return {
    accounts: plans
      .map((plan) =>
        simulateAccount(plan, seed, openedOn, seededRandom(`${seed.authorizationId}:${plan.key}`)),
      )
      .filter((account) => account.openingDate <= seed.today),
  };
}
