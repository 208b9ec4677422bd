import { decimalFromUnits } from '../../../connections/money.ts';
import type { IsoDate } from '../../../connections/types.ts';
import {
  addBusinessDays,
  addDays,
  businessDayOnOrAfter,
  businessDayOnOrBefore,
  dateInMonth,
  dayNumber,
  dividendMicrosPerShare,
  priceCents,
} from '../market.ts';
import { type Random, seededRandom, seededUuid } from '../prng.ts';
import { type AccountLedger, buy, cashEntry, cents, createLedger, shares, trimBestStock } from './ledger.ts';
import { type AccountPlan, plansFor, STATEMENT_FEE_CENTS, WIRE_FEE_CENTS } from './plans.ts';
import type { BrokerageSeed, GeneratedAccount, GeneratedPosition } from './types.ts';

/**
 * The sandbox brokerage's data for one connection: the "Self-directed" scenario of SnapTrade's own
 * sandbox (two funded accounts), simulated day by day from the opening date to today. Everything is a
 * pure function of the seed: the history up to a given day never depends on `today` (so ids stay stable
 * as days pass and a sync sees only new activity), and the holdings, average prices and cash are exactly
 * what the activities add up to.
 *
 * Amounts follow SnapTrade's sign: + = cash into the account (deposits, sells, dividends, interest).
 */

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

/** The dates an account's plan fixes once it is open; `nextBuyDate` follows each monthly contribution. */
type Schedule = {
  openingDate: IsoDate;
  trimDates: Map<IsoDate, AccountPlan['trims'][number]>;
  statementFeeDate: IsoDate | null;
  firstBuyDate: IsoDate;
  nextBuyDate: IsoDate | null;
};

function simulateAccount(
  plan: AccountPlan,
  seed: BrokerageSeed,
  openedOn: IsoDate,
  random: Random,
): GeneratedAccount {
  const id = seededUuid(`${seed.authorizationId}:account:${plan.key}`);
  const number = `${plan.margin ? 'Z' : 'R'}${String(random.int(10_000_000, 99_999_999))}`;
  const openingDate = businessDayOnOrAfter(addDays(openedOn, plan.openingOffsetDays));
  const ledger = createLedger(id, plan);
  const schedule: Schedule = {
    openingDate,
    trimDates: new Map(
      plan.trims.map((trim) => [businessDayOnOrAfter(shiftMonths(openingDate, trim.month, trim.day)), trim]),
    ),
    statementFeeDate:
      plan.statementFeeMonth === null
        ? null
        : businessDayOnOrAfter(shiftMonths(openingDate, plan.statementFeeMonth, 10)),
    firstBuyDate: addBusinessDays(openingDate, 2),
    nextBuyDate: null,
  };
  for (let day = dayNumber(openingDate); day <= dayNumber(seed.today); day += 1) {
    simulateDay(ledger, schedule, new Date(day * 86_400_000).toISOString().slice(0, 10));
  }
  return closingState(ledger, { number, openingDate, today: seed.today });
}

/** One day, in a fixed order: contributions, dividends, fees, trims and withdrawals, buys, interest. */
function simulateDay(ledger: AccountLedger, schedule: Schedule, date: IsoDate): void {
  const { plan } = ledger;
  const [year = 0, month = 1] = date.split('-').map(Number);
  if (date === schedule.openingDate) {
    cashEntry(ledger, date, 'CONTRIBUTION', plan.initialDepositCents, plan.initialDepositText);
  } else if (date === businessDayOnOrAfter(dateInMonth(year, month, plan.monthlyDay))) {
    const yearsOpen = Math.floor(monthsBetween(schedule.openingDate, date) / 12);
    cashEntry(
      ledger,
      date,
      'CONTRIBUTION',
      plan.monthlyCents + yearsOpen * plan.yearlyRaiseCents,
      plan.monthlyText(date),
    );
    schedule.nextBuyDate = addBusinessDays(date, 2);
  }
  for (const [ticker, lot] of ledger.lots) {
    const micros = dividendMicrosPerShare(ticker, date);
    if (micros === 0 || lot.unitsMilli === 0) continue;
    const amount = Math.round((lot.unitsMilli * micros) / 10_000_000);
    if (amount > 0) cashEntry(ledger, date, 'DIVIDEND', amount, `${ticker} cash dividend`, ticker);
  }
  if (date === schedule.statementFeeDate)
    cashEntry(ledger, date, 'FEE', -STATEMENT_FEE_CENTS, 'Paper statement delivery fee');
  const trim = schedule.trimDates.get(date);
  if (trim && trimBestStock(ledger, date, trim.fraction) && trim.withdrawCents > 0) {
    const available = ledger.cash - plan.cashBufferCents - WIRE_FEE_CENTS;
    const withdrawal = Math.min(trim.withdrawCents, Math.floor(available / 10_000) * 10_000);
    if (withdrawal >= 50_000) {
      cashEntry(ledger, date, 'WITHDRAWAL', -withdrawal, 'Wire transfer to checking');
      cashEntry(ledger, date, 'FEE', -WIRE_FEE_CENTS, 'Outgoing wire fee');
    }
  }
  if (date === schedule.firstBuyDate) buy(ledger, date, plan.allocation, plan.allocation.length);
  else if (date === schedule.nextBuyDate) buy(ledger, date, plan.allocation, 2);
  const lastBusinessDay = businessDayOnOrBefore(dateInMonth(year, month, 31));
  if (date === lastBusinessDay && ledger.cash > 0) {
    const interest = Math.round((ledger.cash * plan.interestApy) / 12);
    if (interest > 0) cashEntry(ledger, date, 'INTEREST', interest, 'Cash sweep interest');
  }
}

/** The account as of `today`: positions at today's close, largest first, and the totals they add up to. */
function closingState(
  { id, plan, lots, cash, activities }: AccountLedger,
  { number, openingDate, today }: { number: string; openingDate: IsoDate; today: IsoDate },
): GeneratedAccount {
  const positions = [...lots]
    .filter(([, lot]) => lot.unitsMilli > 0)
    .map(([ticker, lot]): GeneratedPosition & { valueCents: number } => {
      const price = priceCents(ticker, today);
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
    margin: plan.margin,
    openingDate,
    cash: cents(cash),
    // Simplified Reg T: cash plus half the value of the (marginable) securities.
    buyingPower: cents(plan.margin ? cash + Math.round(securitiesCents / 2) : cash),
    positions: positions.map(({ valueCents: _, ...position }) => position),
    totalValue: cents(cash + securitiesCents),
    activities,
  };
}

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
