import {
  AMAZON,
  ago,
  COUNT_UNITS,
  type FlowFilter,
  LATELY,
  last3,
  PEETS,
  STARBUCKS,
  shortAgo,
  TRADER_JOES,
  UBER,
  USUAL,
  WHOLE_FOODS,
  type Window,
  year,
} from './batch-words.ts';
import {
  addDays,
  byAccountKind,
  byMerchant,
  byPrimary,
  cryptoCents,
  cryptoSymbolCents,
  futureValue,
  income,
  largestSpending,
  latestCharge,
  loanPayment,
  netWorth,
  type Period,
  periods,
  spending,
  valueOfTicker,
} from './expected.ts';
import {
  atMerchant,
  lastQuarter,
  latestDay,
  mentioning,
  monthBeforeHistory,
  monthSpan,
  over,
  percentOf,
  purchaseCount,
  quarterOf,
  sevenDayWindows,
  spendingShare,
  wholeWeeks,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  both,
  DIVIDENDS,
  ELECTRICITY,
  onWeekday,
  onWeekend,
  rollingMonths,
  sameDaysLastMonth,
  savedToSavings,
  securitiesValue,
  WAGES,
  walletNamed,
} from './expected-typed.ts';
import {
  balancesNamed,
  biggestPurchase,
  cardOwed,
  checkingBalance,
  classValue,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  lastPaycheck,
  monthly,
  monthlySurplus,
  monthsThisYear,
  monthsWithin,
  monthWord,
  netOf,
  percentOfInvestments,
  performer,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  tickerValuesByAccount,
  wholeHistory,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import { balancesMatching, FOOD_OUT, STABLECOINS, seriesOf, symbolsCents } from './expected-typed-3.ts';
import { grossIntoSavings, noSpendDays, sumOf, topCategories, topMerchants } from './expected-typed-4.ts';
import { except } from './expected-typed-5.ts';
import { sinceLastPaycheck } from './expected-typed-6.ts';
import { firstPaycheck, perDayByKind } from './expected-typed-7.ts';
import {
  GAS,
  HABIT,
  medianPurchase,
  monthsInTheRed,
  netSeries,
  PHONE,
  percentChange,
  priceCents,
  THREE_MONTHS,
  wholeYear,
} from './expected-typed-8.ts';
import {
  bankBalanceAt,
  biggestPurchaseMerchant,
  periodsOver,
  walletSymbolCents,
} from './expected-typed-9.ts';
import {
  cardLimit,
  HOW_AM_I_DOING,
  inAny,
  perPurchaseIn,
  topCategoryAt,
  zeroOr,
} from './expected-typed-10.ts';
import { nonZero } from './expected-typed-11.ts';
import {
  grossPurchases,
  intoChecking,
  latestBlackFriday,
  latestMemorialDay,
  meanWithoutLargest,
  monthsToPayOff,
  onDayOfWeek,
  oneDay,
  perPaycheck,
  refundsWhere,
  tickerInMostAccounts,
  topDays,
  yearsToDouble,
} from './expected-typed-13.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  batchOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  lastDays,
  lastMonth,
  lastYear,
  longMonth,
  misspeltMonth,
  money,
  monthNumberAgo,
  names,
  one,
  outsideHistory,
  percent,
  RENT,
  RESTAURANTS,
  shortMonth,
  tally,
  thisMonth,
  thisYear,
} from './reading-expect.ts';

/**
 * The thirteenth typed batch: questions typed the way people type into a chat box (lower case, typos,
 * abbreviations, run-ons, no question marks), across every kind: periods of new shapes (a holiday weekend,
 * Black Friday, New Year's Eve, a US date with a two-digit year, ISO dates, "3rd thru 9th", "since my last
 * paycheck", "q1 '25", "since the start of summer"), comparisons (month to date against the same days
 * last month, three shops, a difference, a quarter against the same quarter a year before, per day on
 * weekdays and weekends), trends, averages (without the largest order, per paycheck, on weekdays, the
 * median, a month without rent), counts (a merchant whose early records carry a raw descriptor, days
 * without spending, weeks over an amount, months in the red, returns), rankings (the second largest, the
 * priciest days, the cheapest month, the month of the biggest bill), shares, filters (excluding, only,
 * before and net of returns, a weekday, a text), balances, holdings (two accounts of one name), crypto,
 * income, cash flow, calculators, history bounds (a year the history starts in, a date ahead), follow-up
 * threads (a measure, a subject or a filter shifted; "which was more", "why", "i mean for the car"), and
 * about a sixth to decline or ask back. About a
 * third turn on a word that changes the question ("not counting", "only", "before returns", "per
 * paycheck", "on weekdays", "w/o stablecoins", "wasn't a transfer"). Written from the sandbox
 * generators, the contracts and docs/agent.md's definitions without reading the analyst; every figure is
 * computed from the vendors' raw records (expected*.ts, expected-typed-13.ts).
 */

const { q, thread } = batchOf('t13');

const RENT_AND_UTILITIES: FlowFilter = byPrimary('RENT_AND_UTILITIES');
const CHECKING = byAccountKind('checking');
const SAFEWAY = atMerchant('Safeway');
const SUBSCRIPTIONS = ['Netflix', 'Spotify', 'Apple iCloud'];
const FOOD_NOT_GROCERIES: FlowFilter = both(FOOD, except(GROCERIES));
const RETIREMENT = /\b(roth|ira|401k?)\b/i;

/** Two digits of a year ('25'). */
const yy = (value: number): string => String(value).slice(2);
/** Day `date` of last month, as an ISO day. */
const dayOfLastMonth = (raw: RawData, date: number): string =>
  `${lastMonth(raw).start.slice(0, 8)}${String(date).padStart(2, '0')}`;
const fullYear: Window = (raw) => fullMonthsThisYear(raw.today);
const lastSixMonths: Window[] = [
  (raw) => periods.lastFullMonths(raw.today, 6),
  (raw) => rollingMonths(raw.today, 6),
  (raw) => ({ start: ago(raw, 5).start, end: raw.today }),
];

/** A comparison of two spending figures: both, the non-zero ones when one is zero. */
const twoSpent = (a: (raw: RawData) => number, b: (raw: RawData) => number): Expect =>
  nonZero((raw) => [a(raw), b(raw)]);

/** The least of the figures, 0 when there is none. */
const least = (list: number[]): number => (list.length === 0 ? 0 : Math.min(...list));

/** Each of up to `count` values a list may hold, any one of them. */
const anyListed = (list: (raw: RawData) => number[], count: number): Expect =>
  anyOf(...Array.from({ length: count }, (_, index) => one((raw) => list(raw)[index] ?? list(raw)[0] ?? 0)));

// ---------------------------------------------------------------------------------------------------
// Periods

const PERIODS: Question[] = [
  q(
    'periods',
    'how much did i spend over memorial day weekend',
    anyOf(
      // Saturday to Memorial Day (the Monday), or from the Friday before.
      one((raw) =>
        spending(raw, {
          start: addDays(latestMemorialDay(raw.today), -2),
          end: latestMemorialDay(raw.today),
        }),
      ),
      one((raw) =>
        spending(raw, {
          start: addDays(latestMemorialDay(raw.today), -3),
          end: latestMemorialDay(raw.today),
        }),
      ),
    ),
  ),
  q(
    'periods',
    'black friday spending',
    zeroOr((raw) => spending(raw, oneDay(latestBlackFriday(raw.today)))),
  ),
  q(
    'periods',
    'did i spend anything on new years eve',
    zeroOr((raw) => spending(raw, oneDay(latestDay(raw.today, 12, 31)))),
  ),
  q(
    'periods',
    (raw) =>
      `what did i spend on ${monthNumberAgo(raw, 1)}/10/${yy(Number(lastMonth(raw).start.slice(0, 4)))}`,
    zeroOr((raw) => spending(raw, oneDay(dayOfLastMonth(raw, 10)))),
  ),
  q(
    'periods',
    (raw) => `groceries from ${ago(raw, 3).start} to ${ago(raw, 2).start.slice(0, 8)}15`,
    one((raw) =>
      spending(raw, { start: ago(raw, 3).start, end: `${ago(raw, 2).start.slice(0, 8)}15` }, GROCERIES),
    ),
  ),
  q(
    'periods',
    (raw) => `${shortAgo(raw, 1)} 3rd thru ${shortAgo(raw, 1)} 9th restaurants`,
    zeroOr((raw) =>
      spending(raw, { start: dayOfLastMonth(raw, 3), end: dayOfLastMonth(raw, 9) }, RESTAURANTS),
    ),
  ),
  q(
    'periods',
    'how much have i spent since my last paycheck',
    anyOf(
      zeroOr((raw) => spending(raw, sinceLastPaycheck(raw, false))),
      zeroOr((raw) => spending(raw, sinceLastPaycheck(raw, true))),
    ),
  ),
  q(
    'periods',
    (raw) => `q1 '${yy(year(raw) - 1)} spending`,
    one((raw) => spending(raw, quarterOf(raw.today, year(raw) - 1, 1))),
  ),
  q(
    'periods',
    'coffee the last 2 wks',
    anyOf(
      zeroOr((raw) => spending(raw, lastDays(raw, 14), COFFEE)),
      zeroOr((raw) => {
        const [first, second] = wholeWeeks(raw.today, 2);
        return spending(raw, { start: first?.start ?? raw.today, end: second?.end ?? raw.today }, COFFEE);
      }),
    ),
  ),
  q(
    'periods',
    'eating out since the start of summer',
    anyOf(
      ...[RESTAURANTS, FOOD_OUT].flatMap((filter) => [
        one((raw) => spending(raw, { start: monthSpan(raw.today, 6).start, end: raw.today }, filter)),
        one((raw) => spending(raw, { start: latestDay(raw.today, 6, 21), end: raw.today }, filter)),
      ]),
    ),
  ),
  q(
    'periods',
    'valentines day dinner last yr, what did it cost',
    anyOf(
      ...[RESTAURANTS, FOOD_NOT_GROCERIES, () => true].map((filter: FlowFilter) =>
        zeroOr((raw) => spending(raw, oneDay(`${year(raw) - 1}-02-14`), filter)),
      ),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// History bounds

const BOUNDS: Question[] = [
  q(
    'history_bounds',
    (raw) => {
      const month = monthBeforeHistory(raw);
      return `groceries in ${shortMonth(Number(month.start.slice(5, 7)))} ${month.start.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  q(
    'history_bounds',
    (raw) => `how much did i spend in ${wholeHistory(raw).start.slice(0, 4)}`,
    // The year the history starts in: its figure from the first day on, or said that the history starts then.
    anyOf(
      one((raw) => spending(raw, wholeYear(raw.today, Number(wholeHistory(raw).start.slice(0, 4))))),
      { kind: 'declines', orSays: /history|starts|started|begins|only|since|from/i },
    ),
  ),
  q(
    'history_bounds',
    (raw) => {
      const ahead = addDays(raw.today, 10);
      return `what did i buy on ${Number(ahead.slice(5, 7))}/${Number(ahead.slice(8))}/${ahead.slice(0, 4)}`;
    },
    outsideHistory,
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons and trends

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    'this month so far vs same point last month',
    twoSpent(
      (raw) => spending(raw, thisMonth(raw)),
      (raw) => spending(raw, sameDaysLastMonth(raw.today)),
    ),
  ),
  q(
    'comparisons',
    'whole foods vs trader joes vs safeway ytd',
    nonZero((raw) =>
      [WHOLE_FOODS, TRADER_JOES, SAFEWAY].map((filter) => spending(raw, thisYear(raw), filter)),
    ),
  ),
  q(
    'comparisons',
    'how much more did i spend eating out than on groceries this yr',
    anyOf(
      ...[RESTAURANTS, FOOD_OUT].flatMap((filter) => [
        one((raw) => spending(raw, thisYear(raw), filter) - spending(raw, thisYear(raw), GROCERIES)),
        money((raw) => [spending(raw, thisYear(raw), filter), spending(raw, thisYear(raw), GROCERIES)]),
      ]),
    ),
  ),
  q(
    'comparisons',
    'last qtr vs the same qtr a yr before',
    money((raw) => [
      spending(raw, lastQuarter(raw.today)),
      spending(raw, yearEarlier(lastQuarter(raw.today))),
    ]),
  ),
  q(
    'comparisons',
    'weekdays vs weekends last month, per day',
    money((raw) => perDayByKind(raw, lastMonth(raw))),
  ),
];

const TRENDS: Question[] = [
  q(
    'trends',
    'amzn by month this yr',
    anyOf(
      nonZero((raw) => seriesOf(raw, monthsThisYear(raw.today), AMAZON)),
      nonZero((raw) => seriesOf(raw, wholeMonthsThisYear(raw.today), AMAZON)),
    ),
  ),
  q(
    'trends',
    'weekly spending for the last 4 wks',
    anyOf(
      money((raw) => seriesOf(raw, wholeWeeks(raw.today, 4))),
      money((raw) => seriesOf(raw, sevenDayWindows(raw.today, 4))),
    ),
  ),
  q(
    'trends',
    'how has my savings balance changed since january',
    anyOf(
      ...[
        (raw: RawData) => `${year(raw) - 1}-12-31`,
        (raw: RawData) => `${year(raw)}-01-01`,
        (raw: RawData) => `${year(raw)}-01-31`,
      ].flatMap((day) => [
        money((raw) => [bankBalanceAt(raw, 'savings', day(raw)), savingsBalance(raw)]),
        one((raw) => savingsBalance(raw) - bankBalanceAt(raw, 'savings', day(raw))),
      ]),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q(
    'averages',
    'avg amazon order this yr not counting the biggest one',
    anyOf(
      one((raw) => meanWithoutLargest(raw, thisYear(raw), AMAZON)),
      // Net of returns: the spending less the largest order, over the other orders.
      one((raw) =>
        safeDivide(
          spending(raw, thisYear(raw), AMAZON) - biggestPurchase(raw, thisYear(raw), AMAZON),
          purchaseCount(raw, thisYear(raw), AMAZON) - 1,
        ),
      ),
    ),
  ),
  q(
    'averages',
    'how much do i burn thru per paycheck',
    anyOf(clarification, ...inAny([...USUAL, lastMonth, last3], (raw, period) => perPaycheck(raw, period))),
  ),
  q(
    'averages',
    'avg daily spend on weekdays last month',
    one((raw) => perDayByKind(raw, lastMonth(raw))[1] ?? 0),
  ),
  q(
    'averages',
    'avg monthly spending not counting rent, last 6 months',
    anyOf(...inAny(lastSixMonths, (raw, period) => monthly(spending(raw, period, except(RENT)), period))),
  ),
  q(
    'averages',
    'median purchase last month',
    anyListed((raw) => medianPurchase(raw, lastMonth(raw)), 3),
  ),
  q(
    'averages',
    'whats a grocery run usually cost me',
    anyOf(clarification, ...perPurchaseIn([...HABIT, wholeHistory], GROCERIES)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Counts

const COUNTS: Question[] = [
  q(
    'counts',
    'how many times did i eat at sakura sushi this yr',
    anyOf(
      // The merchant name, or its raw descriptor too ('SQ *SAKURA SUSHI' before it is cleaned).
      tally((raw) => purchaseCount(raw, thisYear(raw), atMerchant('Sakura Sushi')), ...COUNT_UNITS, 'meal'),
      tally((raw) => purchaseCount(raw, thisYear(raw), mentioning('sakura')), ...COUNT_UNITS, 'meal'),
    ),
  ),
  q(
    'counts',
    'how many no spend days did i have last month',
    tally((raw) => noSpendDays(raw, lastMonth(raw)), 'day'),
  ),
  q(
    'counts',
    'how many of the last 10 wks did i go over 800',
    anyOf(
      tally((raw) => periodsOver(raw, wholeWeeks(raw.today, 10), 80_000), 'week'),
      tally((raw) => periodsOver(raw, sevenDayWindows(raw.today, 10), 80_000), 'week'),
    ),
  ),
  q(
    'counts',
    'how many months this yr did i spend more than i made',
    anyOf(
      tally((raw) => monthsInTheRed(raw, wholeMonthsThisYear(raw.today)), 'month'),
      tally((raw) => monthsInTheRed(raw, monthsThisYear(raw.today)), 'month'),
    ),
  ),
  q(
    'counts',
    'how many amazon returns this yr',
    tally(
      (raw) => refundsWhere(raw, thisYear(raw), AMAZON).count,
      'return',
      'refund',
      'credit',
      ...COUNT_UNITS,
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Rankings and largest

/** This year's month with the most Amazon spending. */
const topAmazonMonth = (raw: RawData): { period: Period; cents: number } =>
  monthsThisYear(raw.today)
    .map((period) => ({ period, cents: spending(raw, period, AMAZON) }))
    .sort((a, b) => b.cents - a.cents)[0] ?? { period: thisMonth(raw), cents: 0 };

const RANKINGS: Question[] = [
  q(
    'rankings',
    'top 5 merchants last qtr',
    anyOf(
      money((raw) => topMerchants(raw, lastQuarter(raw.today), 5).map((entry) => entry.cents)),
      names((raw) => topMerchants(raw, lastQuarter(raw.today), 5).map((entry) => entry.name.toLowerCase())),
    ),
  ),
  q(
    'largest',
    '2nd biggest purchase last month',
    one((raw) => largestSpending(raw, lastMonth(raw), () => true, 2)[1] ?? 0),
  ),
  q(
    'rankings',
    'cheapest month for groceries this yr',
    anyOf(
      one((raw) => least(seriesOf(raw, wholeMonthsThisYear(raw.today), GROCERIES))),
      one((raw) => least(seriesOf(raw, monthsThisYear(raw.today), GROCERIES))),
    ),
  ),
  q(
    'rankings',
    'my 3 priciest days last month',
    money((raw) => topDays(raw, lastMonth(raw), 3)),
  ),
  q(
    'rankings',
    'which month this yr had the biggest amazon bill',
    anyOf(
      names((raw) => [monthWord(topAmazonMonth(raw).period)]),
      one((raw) => topAmazonMonth(raw).cents),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Shares and filters

const SHARES: Question[] = [
  q(
    'shares',
    'what % of my spending was on weekends last month',
    percent((raw) => spendingShare(raw, lastMonth(raw), onWeekend)),
  ),
  q(
    'shares',
    'what % of my paycheck goes to rent',
    anyOf(
      clarification,
      percent((raw) => percentOf(latestCharge(raw, RENT), lastPaycheck(raw))),
      // A month's rent over the month's pay (two paychecks): a period's rent over its wages or income.
      ...[lastMonth, last3, thisYear, fullYear].flatMap((window) =>
        [WAGES, () => true].map((filter: FlowFilter) =>
          percent((raw) => percentOf(spending(raw, window(raw), RENT), income(raw, window(raw), filter))),
        ),
      ),
    ),
  ),
  q(
    'shares',
    'credit utilization rn',
    percent((raw) => percentOf(cardOwed(raw), cardLimit(raw))),
  ),
  q(
    'shares',
    'how much of my portfolio is etfs, %',
    anyOf(
      percent((raw) => percentOfInvestments(raw, classValue(raw, 'etf'))),
      percent((raw) => percentOf(classValue(raw, 'etf'), securitiesValue(raw))),
    ),
  ),
  q(
    'shares',
    'stablecoins as a % of my crypto',
    percent((raw) => percentOf(symbolsCents(raw, STABLECOINS), cryptoCents(raw))),
  ),
];

const FILTERS: Question[] = [
  q(
    'filters',
    'spending last month not counting rent or utilities',
    one((raw) => spending(raw, lastMonth(raw), except(RENT_AND_UTILITIES))),
  ),
  q(
    'filters',
    'only the stuff over 250 this yr, total',
    anyOf(
      one((raw) => spending(raw, thisYear(raw), over(250))),
      one((raw) => spending(raw, thisYear(raw), over(249.99))),
    ),
  ),
  q(
    'filters',
    'coffee on weekdays only last month',
    one((raw) => spending(raw, lastMonth(raw), both(COFFEE, onWeekday))),
  ),
  q(
    'filters',
    'what did i spend straight out of checking last month, not on the card',
    one((raw) => spending(raw, lastMonth(raw), CHECKING)),
  ),
  q(
    'filters',
    'amzn ytd before returns',
    anyOf(
      one((raw) => grossPurchases(raw, thisYear(raw), AMAZON)),
      money((raw) => [
        grossPurchases(raw, thisYear(raw), AMAZON),
        refundsWhere(raw, thisYear(raw), AMAZON).cents,
      ]),
    ),
  ),
  q(
    'filters',
    'amzn ytd net of returns',
    one((raw) => spending(raw, thisYear(raw), AMAZON)),
  ),
  q(
    'filters',
    'anything with pizza in the name, last 3 months',
    anyOf(...THREE_MONTHS.map((window) => zeroOr((raw) => spending(raw, window(raw), mentioning('pizza'))))),
  ),
  q(
    'filters',
    'restaurants on fridays this yr',
    one((raw) => spending(raw, thisYear(raw), both(RESTAURANTS, onDayOfWeek(5)))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Balances, net worth, holdings, crypto

const BALANCES: Question[] = [
  q(
    'net_worth',
    'how much do i owe on the visa rn',
    one((raw) => cardOwed(raw)),
  ),
  q(
    'net_worth',
    'net worth not counting crypto',
    one((raw) => netWorth(raw) - cryptoCents(raw)),
  ),
  q(
    'net_worth',
    'what was in savings at the start of the yr',
    anyOf(
      one((raw) => bankBalanceAt(raw, 'savings', `${year(raw) - 1}-12-31`)),
      one((raw) => bankBalanceAt(raw, 'savings', `${year(raw)}-01-01`)),
    ),
  ),
  q(
    'net_worth',
    'net worth minus my retirement accts',
    one((raw) => netWorth(raw) - sumOf(balancesMatching(raw, RETIREMENT))),
  ),
];

const HOLDINGS: Question[] = [
  q(
    'investments',
    'individual brokerage balance',
    // The bank and the broker each hold an account of that name: both, their total, or which one.
    anyOf(
      clarification,
      money((raw) => balancesNamed(raw, 'Individual Brokerage')),
      one((raw) => sumOf(balancesNamed(raw, 'Individual Brokerage'))),
    ),
  ),
  q(
    'investments',
    'how much is in my roth',
    one((raw) => sumOf(balancesMatching(raw, /roth/i))),
  ),
  q(
    'investments',
    'whats my worst performer',
    anyOf(
      names((raw) => [performer(raw, 'worst', 'dollars').toLowerCase()]),
      names((raw) => [performer(raw, 'worst', 'percent').toLowerCase()]),
    ),
  ),
  q(
    'investments',
    (raw) => `how much ${tickerInMostAccounts(raw).toLowerCase()} do i have across all my accts`,
    anyOf(
      one((raw) => valueOfTicker(raw, tickerInMostAccounts(raw))),
      money((raw) => tickerValuesByAccount(raw, tickerInMostAccounts(raw))),
    ),
  ),
];

const CRYPTO: Question[] = [
  q(
    'crypto',
    'how much eth do i have total, in $',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'ETH')),
      money((raw) =>
        raw.wallets
          .filter((wallet) => wallet.assets.some((asset) => asset.symbol === 'ETH'))
          .map((wallet) => walletSymbolCents(raw, wallet.accountName, 'ETH')),
      ),
    ),
  ),
  q(
    'crypto',
    'crypto total w/o stablecoins',
    one((raw) => cryptoCents(raw) - symbolsCents(raw, STABLECOINS)),
  ),
  q(
    'crypto',
    'whats in my phantom',
    anyOf(
      one((raw) => walletNamed(raw, 'Phantom_web3')),
      names((raw) =>
        (raw.wallets.find((wallet) => wallet.accountName === 'Phantom_web3')?.assets ?? [])
          .filter((asset) => BigInt(asset.units) > 0n)
          .map((asset) => asset.symbol.toLowerCase()),
      ),
    ),
  ),
  q(
    'crypto',
    'sol price rn',
    one((raw) => priceCents(raw, 'SOL')),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Income, cash flow, recurring payments

const INCOME: Question[] = [
  q(
    'income',
    (raw) => `income q1 ${yy(year(raw) - 1)} excluding dividends`,
    one((raw) => income(raw, quarterOf(raw.today, year(raw) - 1, 1), except(DIVIDENDS))),
  ),
  q(
    'income',
    'interest from savings in the last 6 months',
    anyOf(...inAny(lastSixMonths, (raw, period) => savingsInterest(raw, period))),
  ),
  q(
    'income',
    'did i get paid more this yr than last yr',
    anyOf(
      ...[WAGES, () => true].flatMap((filter: FlowFilter) => [
        money((raw) => [income(raw, thisYear(raw), filter), income(raw, lastYear(raw), filter)]),
        money((raw) => [income(raw, thisYear(raw), filter), income(raw, yearEarlier(thisYear(raw)), filter)]),
      ]),
    ),
  ),
  q(
    'income',
    'what came into checking last month that wasnt a transfer',
    anyOf(
      one((raw) => intoChecking(raw, lastMonth(raw), false)),
      one((raw) => income(raw, lastMonth(raw), CHECKING)),
    ),
  ),
];

const CASH_FLOW: Question[] = [
  q(
    'cash_flow',
    (raw) => `did i come out ahead in ${longMonth(monthNumberAgo(raw, 2))}`,
    anyOf(
      one((raw) => netOf(raw, ago(raw, 2))),
      money((raw) => incomeAndSpending(raw, ago(raw, 2))),
    ),
  ),
  q(
    'cash_flow',
    'how much did i move into savings this yr',
    anyOf(
      one((raw) => grossIntoSavings(raw, thisYear(raw))),
      one((raw) => savedToSavings(raw, thisYear(raw))),
    ),
  ),
  q(
    'cash_flow',
    'net cash flow each month last qtr',
    money((raw) => netSeries(raw, monthsWithin(lastQuarter(raw.today)))),
  ),
];

const RECURRING: Question[] = [
  q(
    'recurring',
    'what do i pay for my phone each month',
    anyOf(
      one((raw) => latestCharge(raw, PHONE)),
      ...inAny([...USUAL, lastMonth], (raw, period) => monthly(spending(raw, period, PHONE), period)),
    ),
  ),
  q(
    'recurring',
    'rank my subscriptions by price',
    money((raw) => SUBSCRIPTIONS.map((name) => latestCharge(raw, byMerchant(name)))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions and calculators

const OPEN: Question[] = [
  q(
    'open_questions',
    'am i spending too much on food',
    anyOf(
      clarification,
      ...inAny([...LATELY, thisYear], (raw, period) => spending(raw, period, FOOD)),
      ...[...LATELY, thisYear].map((window) => percent((raw) => spendingShare(raw, window(raw), FOOD))),
    ),
  ),
  q(
    'open_questions',
    'can i swing a 2k trip next month',
    anyOf(
      clarification,
      one((raw) => bankCash(raw)),
      one((raw) => checkingBalance(raw)),
      one((raw) => bankCash(raw) - 200_000),
      one((raw) => checkingBalance(raw) - 200_000),
      one((raw) => monthlySurplus(raw, 3)),
    ),
  ),
  q(
    'open_questions',
    'where does all my money go',
    anyOf(
      clarification,
      ...topCategoryAt([...LATELY, thisYear]),
      ...topCategoryAt([...LATELY, thisYear], except(RENT)),
    ),
  ),
  q(
    'open_questions',
    'am i on track this month compared to normal',
    anyOf(
      ...HOW_AM_I_DOING,
      one((raw) => spending(raw, thisMonth(raw))),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
      money((raw) => [spending(raw, thisMonth(raw)), monthly(spending(raw, last3(raw)), last3(raw))]),
    ),
  ),
];

const CALCULATORS: Question[] = [
  q(
    'calculators',
    'if i pay 200 a month on a 5k card at 22% how many months till its gone',
    tally(() => monthsToPayOff({ balance: 5_000, aprPercent: 22, monthly: 200 }), 'month'),
  ),
  q(
    'calculators',
    'how long does money take to double at 6%',
    tally(() => yearsToDouble(6), 'year', 'yr'),
  ),
  q(
    'calculators',
    'whats a 20% tip on 86.40',
    one(() => 17_28),
  ),
  q(
    'calculators',
    'if i drop 10k in once at 7% compounded yearly, what is it in 20 yrs',
    one(() => futureValue({ principal: 10_000, annualRatePercent: 7, years: 20, periodsPerYear: 1 })),
  ),
  q(
    'calculators',
    'mortgage pmt on 400k 30yr fixed 6.5',
    one(() => loanPayment({ principal: 400_000, annualRatePercent: 6.5, years: 30 })),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Questions to decline, ask-backs with nothing before them, several readings

const DECLINE: Question[] = [
  q('must_decline', 'what will my net worth be next yr', declines),
  q('must_decline', 'should i refinance my car loan', declines),
  q('must_decline', 'how much does my coworker make', declines),
  q('must_decline', 'is now a good time to buy a house', declines),
  q('must_decline', 'move 500 from savings to checking pls', declines),
  q('must_decline', 'cancel my netflix for me', declines),
  q('must_decline', 'whats my credit score', {
    kind: 'declines',
    orSays: /credit score|don't|do not|can't|cannot|no access|not available/i,
  }),
  q('must_decline', 'how much will i get back on my taxes', declines),
  q(
    'must_decline',
    'predict my xmas spending this yr',
    // A forecast is declined; last December's spending offered for reference is a fair answer too.
    anyOf(
      declines,
      one((raw) => spending(raw, { start: `${year(raw) - 1}-12-01`, end: `${year(raw) - 1}-12-31` })),
    ),
  ),
];

const AMBIGUOUS: Question[] = [
  q('ambiguous', 'how much was it', clarification),
  q('ambiguous', 'compare the two', clarification),
  q('ambiguous', 'and the other account?', clarification),
];

const SEVERAL: Question[] = [
  q(
    'several_readings',
    'how much did i spend in the fall',
    anyOf(
      clarification,
      one((raw) => spending(raw, monthSpan(raw.today, 9, 11))),
      // The astronomical autumn: the latest September 22 to December 20, cut at today.
      one((raw) => {
        const start = latestDay(raw.today, 9, 22);
        const end = `${start.slice(0, 4)}-12-20`;
        return spending(raw, { start, end: end < raw.today ? end : raw.today });
      }),
    ),
  ),
  q(
    'several_readings',
    'whats my balance',
    anyOf(
      clarification,
      one((raw) => checkingBalance(raw)),
      one((raw) => bankCash(raw)),
      money((raw) => [checkingBalance(raw), savingsBalance(raw)]),
      one((raw) => netWorth(raw)),
      one((raw) => cardOwed(raw)),
    ),
  ),
  q(
    'several_readings',
    'apple stuff this yr',
    // The Apple store, Apple iCloud, or both; or which one.
    anyOf(
      clarification,
      zeroOr((raw) => spending(raw, thisYear(raw), atMerchant('Apple'))),
      zeroOr((raw) => spending(raw, thisYear(raw), atMerchant('Apple iCloud'))),
      one((raw) => spending(raw, thisYear(raw), mentioning('apple'))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

/** This month against last month (whole, or to the same day) under the filter. */
const monthOnMonth = (filter: FlowFilter = () => true): Expect =>
  anyOf(
    nonZero((raw) => [spending(raw, thisMonth(raw), filter), spending(raw, lastMonth(raw), filter)]),
    nonZero((raw) => [
      spending(raw, thisMonth(raw), filter),
      spending(raw, sameDaysLastMonth(raw.today), filter),
    ]),
  );

/** Last month's top merchant by spending. */
const _topMerchantLastMonth = (raw: RawData): string => topMerchants(raw, lastMonth(raw), 1)[0]?.name ?? '';

/** This year's top category (either level), its spending. */
const topCategoryThisYear = (raw: RawData, level: 'primary' | 'detailed'): number =>
  topCategories(raw, thisYear(raw), level, 1)[0]?.cents ?? 0;

/** This year's top category (either level), its spending over this year's whole months. */
const topCategoryWholeMonths = (raw: RawData, level: 'primary' | 'detailed'): number => {
  const top = topCategories(raw, thisYear(raw), level, 1)[0]?.name;
  return spending(raw, fullYear(raw), (flow) => flow[level] === top);
};

const FOLLOW_UPS: Question[] = [
  thread(
    { ask: 'hows my spending this month vs last', expect: monthOnMonth() },
    { ask: 'wait what about just food', expect: monthOnMonth(FOOD) },
    { ask: 'and not counting groceries?', expect: monthOnMonth(FOOD_NOT_GROCERIES) },
  ),
  thread(
    {
      ask: (raw) => `starbucks in ${shortAgo(raw, 1)}`,
      expect: zeroOr((raw) => spending(raw, lastMonth(raw), STARBUCKS)),
    },
    { ask: 'what about peets', expect: zeroOr((raw) => spending(raw, lastMonth(raw), PEETS)) },
    {
      ask: 'which was more',
      expect: anyOf(
        names((raw) =>
          spending(raw, lastMonth(raw), STARBUCKS) >= spending(raw, lastMonth(raw), PEETS)
            ? ['starbucks']
            : ['peet'],
        ),
        twoSpent(
          (raw) => spending(raw, lastMonth(raw), STARBUCKS),
          (raw) => spending(raw, lastMonth(raw), PEETS),
        ),
      ),
    },
  ),
  thread(
    { ask: 'whats my biggest expense category this yr', expect: anyOf(...topCategoryAt([thisYear])) },
    {
      ask: 'how much is that per month',
      expect: anyOf(
        ...(['primary', 'detailed'] as const).flatMap((level) => [
          one((raw) => monthly(topCategoryThisYear(raw, level), thisYear(raw))),
          one((raw) => monthly(topCategoryWholeMonths(raw, level), fullYear(raw))),
        ]),
      ),
    },
    {
      ask: 'and everything else besides it?',
      expect: anyOf(
        ...(['primary', 'detailed'] as const).map((level) =>
          one((raw) => spending(raw, thisYear(raw)) - topCategoryThisYear(raw, level)),
        ),
      ),
    },
  ),
  thread(
    { ask: 'amzn last month', expect: zeroOr((raw) => spending(raw, lastMonth(raw), AMAZON)) },
    {
      ask: 'how many orders',
      expect: tally((raw) => purchaseCount(raw, lastMonth(raw), AMAZON), ...COUNT_UNITS),
    },
    { ask: 'biggest one?', expect: zeroOr((raw) => biggestPurchase(raw, lastMonth(raw), AMAZON)) },
  ),
  thread(
    { ask: 'income last month', expect: one((raw) => income(raw, lastMonth(raw))) },
    { ask: 'and spending', expect: one((raw) => spending(raw, lastMonth(raw))) },
    {
      ask: 'so did i save anything',
      expect: anyOf(
        one((raw) => netOf(raw, lastMonth(raw))),
        money((raw) => incomeAndSpending(raw, lastMonth(raw))),
        percent((raw) => savingsRate(raw, lastMonth(raw))),
      ),
    },
  ),
  thread(
    {
      ask: (raw) => `uber in ${misspeltMonth(monthNumberAgo(raw, 3))}`,
      expect: zeroOr((raw) => spending(raw, ago(raw, 3), UBER)),
    },
    {
      ask: 'why so much',
      expect: anyOf(
        clarification,
        tally((raw) => purchaseCount(raw, ago(raw, 3), UBER), ...COUNT_UNITS, 'ride'),
        one((raw) => biggestPurchase(raw, ago(raw, 3), UBER)),
        money((raw) => [spending(raw, ago(raw, 3), UBER), spending(raw, ago(raw, 4), UBER)]),
        one((raw) => spending(raw, ago(raw, 3), UBER)),
      ),
    },
  ),
  thread(
    { ask: 'how much did my roommate spend on rent', expect: declines },
    {
      ask: 'fine what did i pay in rent last month',
      expect: zeroOr((raw) => spending(raw, lastMonth(raw), RENT)),
    },
  ),
  thread(
    {
      ask: 'largest purchase this yr thats not rent',
      expect: one((raw) => biggestPurchase(raw, thisYear(raw), except(RENT))),
    },
    {
      ask: 'where was that',
      expect: names((raw) => [biggestPurchaseMerchant(raw, thisYear(raw), except(RENT)).toLowerCase()]),
    },
    {
      ask: 'how much have i spent there in total this yr',
      expect: one((raw) =>
        spending(raw, thisYear(raw), atMerchant(biggestPurchaseMerchant(raw, thisYear(raw), except(RENT)))),
      ),
    },
  ),
  thread(
    {
      ask: 'gas last month',
      expect: anyOf(
        clarification,
        zeroOr((raw) => spending(raw, lastMonth(raw), GAS)),
        zeroOr((raw) => spending(raw, lastMonth(raw), ELECTRICITY)),
        money((raw) => [spending(raw, lastMonth(raw), GAS), spending(raw, lastMonth(raw), ELECTRICITY)]),
      ),
    },
    { ask: 'i mean for the car', expect: zeroOr((raw) => spending(raw, lastMonth(raw), GAS)) },
  ),
  thread(
    { ask: 'spending ytd', expect: one((raw) => spending(raw, thisYear(raw))) },
    { ask: 'same time last yr?', expect: one((raw) => spending(raw, yearEarlier(thisYear(raw)))) },
    {
      ask: 'whats the % change',
      expect: percent((raw) =>
        percentChange(spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))),
      ),
    },
  ),
  thread(
    { ask: 'what was my first ever paycheck', expect: one((raw) => firstPaycheck(raw)) },
    { ask: 'and my latest', expect: one((raw) => lastPaycheck(raw)) },
    {
      ask: 'how much did it go up',
      expect: anyOf(
        one((raw) => lastPaycheck(raw) - firstPaycheck(raw)),
        percent((raw) => percentChange(lastPaycheck(raw), firstPaycheck(raw))),
      ),
    },
  ),
];

export const TYPED_13_QUESTIONS: readonly Question[] = [
  ...PERIODS,
  ...BOUNDS,
  ...COMPARISONS,
  ...TRENDS,
  ...AVERAGES,
  ...COUNTS,
  ...RANKINGS,
  ...SHARES,
  ...FILTERS,
  ...BALANCES,
  ...HOLDINGS,
  ...CRYPTO,
  ...INCOME,
  ...CASH_FLOW,
  ...RECURRING,
  ...OPEN,
  ...CALCULATORS,
  ...DECLINE,
  ...AMBIGUOUS,
  ...SEVERAL,
  ...FOLLOW_UPS,
];
