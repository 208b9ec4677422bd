import {
  cryptoCents,
  cryptoSymbolCents,
  income,
  investmentsValue,
  largestHolding,
  netWorth,
  type Period,
  periods,
  spending,
  spendingBy,
  totalAssets,
  unrealisedGain,
} from './expected.ts';
import {
  atMerchant,
  largestDiscretionary,
  lastWeekend,
  latestQuarter,
  merchantKey,
  mostVisited,
  percentOf,
  purchaseCount,
  sevenDayWindows,
  wholeWeeks,
  yearBeforeHistory,
  yearEarlier,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  ELECTRICITY,
  FAST_FOOD,
  INTEREST,
  monthYearEarlier,
  onWeekday,
  onWeekend,
  purchaseAmounts,
  rollingMonths,
  sameDaysLastMonth,
  savedToSavings,
  securitiesValue,
  sharesMilli,
  sharesText,
  topCategoryTotals,
  topMerchantsBySpending,
  topMerchantsByVisits,
  WAGES,
  walletNamed,
  walletsOnChain,
} from './expected-typed.ts';
import {
  biggestPurchase,
  cardOwed,
  checkingBalance,
  classValue,
  creditLeft,
  employerName,
  FOOD,
  fullMonthsThisYear,
  incomeAndSpending,
  investmentCash,
  largestPosition,
  lastPaycheck,
  meanPaycheck,
  meanPurchase,
  monthly,
  monthlySurplus,
  monthsThisYear,
  monthsWithin,
  monthWord,
  mostExpensive,
  netOf,
  paychecks,
  performer,
  perVisit,
  safeDivide,
  savingsBalance,
  savingsInterest,
  savingsRate,
  symbolUnitsText,
  USUAL_PERIODS,
  weekendBefore,
  wholeHistory,
  wholeMonthsThisYear,
} from './expected-typed-2.ts';
import {
  accountCost,
  accountGain,
  BONDS,
  balanceAmounts,
  balancesMatching,
  beforeToday,
  calendarWeeksThisMonth,
  cheapest,
  classGain,
  countOf,
  FOOD_OUT,
  fullMonthsBefore,
  halves,
  INTERNATIONAL,
  INTERNET,
  inInvestments,
  investedCost,
  lastYearNumber,
  mostOverspent,
  onCard,
  perDayOf,
  perWeekOf,
  postedCount,
  richestAccount,
  richestWallet,
  rothContributions,
  SHOPPING,
  STABLECOINS,
  savingsAtStart,
  savingsFlows,
  seriesOf,
  sinceMonth,
  symbolsCents,
  symbolUnitsRounded,
  TELEPHONE,
  thisWeek,
  tickersValue,
  topMerchantWithCents,
  topTickers,
  weekBlocksThisMonth,
  weekdaysIn,
} from './expected-typed-3.ts';
import type { Category, Expect, Question, Turn } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
  COFFEE,
  clarification,
  declines,
  GROCERIES,
  longMonth,
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
} from './reading-expect.ts';

/**
 * The third batch of questions typed as people type into a chat box (lower case, typos, chat
 * abbreviations, casual phrasing), written without reading the analyst: income, averages, balances and
 * net worth, investments, comparisons, trends, open questions, follow-up threads, crypto and rankings,
 * with a few counts, shares, cash flow, must-declines and ask-backs. Every figure is computed by the
 * plain arithmetic of expected*.ts over the vendors' raw records; a question with several fair
 * readings accepts each of them (`anyOf`), and one that cannot be read expects an ask-back or a decline.
 */

type PeriodOf = (raw: RawData) => Period;

// ---------------------------------------------------------------------------------------------------
// Periods of today

const TM: PeriodOf = (raw) => periods.thisMonth(raw.today);
const LM: PeriodOf = (raw) => periods.lastMonth(raw.today);
const M2: PeriodOf = (raw) => periods.monthsAgo(raw.today, 2);
const TY: PeriodOf = (raw) => periods.thisYear(raw.today);
const LY: PeriodOf = (raw) => periods.lastYear(raw.today);
const L3: PeriodOf = (raw) => periods.lastFullMonths(raw.today, 3);
const L6: PeriodOf = (raw) => periods.lastFullMonths(raw.today, 6);
const L12: PeriodOf = (raw) => periods.lastFullMonths(raw.today, 12);
const ALL: PeriodOf = wholeHistory;
/** The windows an average with no period named may cover (expected-typed-2.ts). */
const USUAL: PeriodOf[] = USUAL_PERIODS.map((window) => (raw: RawData) => window(raw.today));
/** Every period a question with none named may fairly be read over: this month, last month, the usual windows, all of it. */
const DEFAULTS: PeriodOf[] = [TM, LM, ...USUAL, ALL];

/** 'oct' / 'october' for the month `back` months before this one. */
const short = (raw: RawData, back: number) => shortMonth(monthNumberAgo(raw, back));
const long = (raw: RawData, back: number) => longMonth(monthNumberAgo(raw, back));

// ---------------------------------------------------------------------------------------------------
// Builders

/** One expectation per period: any of them is accepted. */
const overEach = (list: readonly PeriodOf[], make: (period: PeriodOf) => Expect): Expect =>
  anyOf(...list.map(make));

/** The per-visit average and the plain mean of the purchases, over each period. */
const perPurchaseOver = (list: readonly PeriodOf[], filter: Parameters<typeof perVisit>[2]): Expect =>
  overEach(list, (period) => {
    // A period without a purchase has no average: read over the whole history instead (never $0.00).
    const within = (raw: RawData) => (countOf(raw, period(raw), filter) > 0 ? period(raw) : ALL(raw));
    return anyOf(
      one((raw) => perVisit(raw, within(raw), filter)),
      one((raw) => meanPurchase(raw, within(raw), filter)),
    );
  });

/**
 * Nothing at all, said in words with no figure ("you haven't taken any"): a tally of 0 when the amount is
 * $0.00, else a tally of -1, which no answer states (the alternative never matches then).
 */
const noneSaid = (cents: (raw: RawData) => number): Expect =>
  tally((raw) => (cents(raw) === 0 ? 0 : -1), 'ride', 'trip', 'charge', 'purchase', 'transaction');

const q = (category: Category, n: number, ask: Turn['ask'], expect: Expect): Question => ({
  id: `typed3-${category}-${n}`,
  category,
  turns: [{ ask, expect }],
});

const thread = (n: number, ...turns: Turn[]): Question => ({
  id: `typed3-follow_ups-${n}`,
  category: 'follow_ups',
  turns,
});

const turn = (ask: Turn['ask'], expect: Expect): Turn => ({ ask, expect });

const UBER = atMerchant('Uber');
const LYFT = atMerchant('Lyft');
const AMAZON = atMerchant('Amazon');
const TARGET = atMerchant('Target');

/** The grocer with the most spending over the whole history (asked about by name). */
const topGrocer = (raw: RawData) => topMerchantWithCents(raw, ALL(raw), GROCERIES).name;
/** The coffee shop with the most purchases over the last 3 full months. */
const topCoffeeShop = (raw: RawData) => mostVisited(raw, L3(raw), COFFEE);

// ---------------------------------------------------------------------------------------------------
// Income

const INCOME: Question[] = [
  q(
    'income',
    1,
    'how much did i make last mo',
    anyOf(
      one((raw) => income(raw, LM(raw))),
      one((raw) => income(raw, LM(raw), WAGES)),
    ),
  ),
  // "since spring" is a season: read as since March (each distinct paycheck since), or asked back.
  q(
    'income',
    2,
    'hows my paycheck changed since spring?',
    anyOf(
      money((raw) => [...new Set(paychecks(raw, sinceMonth(raw.today, 3)).map((flow) => flow.cents))]),
      clarification,
    ),
  ),
  q(
    'income',
    3,
    'biggest paycheck i got this yr',
    one((raw) => Math.max(0, ...paychecks(raw, TY(raw)).map((flow) => flow.cents))),
  ),
  q(
    'income',
    4,
    'total take home pay ytd',
    anyOf(
      one((raw) => income(raw, TY(raw), WAGES)),
      one((raw) => income(raw, TY(raw))),
    ),
  ),
  q(
    'income',
    5,
    'how much intrest did my savings earn this year',
    anyOf(
      one((raw) => savingsInterest(raw, TY(raw))),
      one((raw) => income(raw, TY(raw), INTEREST)),
    ),
  ),
  q(
    'income',
    6,
    'divs in the last 12 mo?',
    anyOf(
      one((raw) => income(raw, L12(raw), DIVIDENDS)),
      one((raw) => income(raw, rollingMonths(raw.today, 12), DIVIDENDS)),
      one((raw) => income(raw, periods.lastDays(raw.today, 365), DIVIDENDS)),
    ),
  ),
  q(
    'income',
    7,
    'how many paychecks have i gotten since jun',
    tally(
      (raw) => paychecks(raw, sinceMonth(raw.today, 6)).length,
      'paycheck',
      'deposit',
      'payment',
      'check',
    ),
  ),
  q(
    'income',
    8,
    'avg monthly income this yr',
    anyOf(
      one((raw) => monthly(income(raw, TY(raw)), TY(raw))),
      one((raw) => monthly(income(raw, fullMonthsThisYear(raw.today)), fullMonthsThisYear(raw.today))),
    ),
  ),
  q(
    'income',
    9,
    (raw) => `did i earn more in ${short(raw, 1)} or ${short(raw, 2)}`,
    money((raw) => [income(raw, LM(raw)), income(raw, M2(raw))]),
  ),
  q(
    'income',
    10,
    'how much income did my investments bring in this yr (divs + interest)',
    anyOf(
      one((raw) => income(raw, TY(raw), inInvestments)),
      one((raw) => income(raw, TY(raw), DIVIDENDS)),
    ),
  ),
  q('income', 11, 'when was my last paycheck n how much was it', one(lastPaycheck)),
  q(
    'income',
    12,
    'what % of my income comes from my job',
    overEach(DEFAULTS, (period) =>
      percent((raw) => percentOf(income(raw, period(raw), WAGES), income(raw, period(raw)))),
    ),
  ),
  q(
    'income',
    13,
    (raw) => `how much did ${employerName(raw).toLowerCase()} pay me in ${lastYearNumber(raw)}`,
    one((raw) => income(raw, LY(raw), WAGES)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Averages

const AVERAGES: Question[] = [
  q('averages', 1, 'avg grocery bill per trip', perPurchaseOver(DEFAULTS, GROCERIES)),
  q(
    'averages',
    2,
    'wht do i usually spend eating out per month',
    overEach(USUAL, (period) =>
      anyOf(
        one((raw) => monthly(spending(raw, period(raw), RESTAURANTS), period(raw))),
        one((raw) => monthly(spending(raw, period(raw), FOOD_OUT), period(raw))),
      ),
    ),
  ),
  q(
    'averages',
    3,
    'average daily spend this month',
    anyOf(
      one((raw) => perDayOf(spending(raw, TM(raw)), TM(raw))),
      one((raw) => perDayOf(spending(raw, beforeToday(TM(raw), raw.today)), beforeToday(TM(raw), raw.today))),
    ),
  ),
  q('averages', 4, 'avg uber ride cost?', perPurchaseOver(DEFAULTS, UBER)),
  q(
    'averages',
    5,
    'how much do i spend on cofee per week on avg',
    overEach([...USUAL, (raw) => periods.lastDays(raw.today, 30)], (period) =>
      one((raw) => perWeekOf(spending(raw, period(raw), COFFEE), period(raw))),
    ),
  ),
  q('averages', 6, 'avg amazon order size this yr', perPurchaseOver([TY], AMAZON)),
  q(
    'averages',
    7,
    'whats my averge monthly spend over the past yr',
    anyOf(
      one((raw) => monthly(spending(raw, L12(raw)), L12(raw))),
      one((raw) => monthly(spending(raw, LY(raw)), LY(raw))),
    ),
  ),
  q(
    'averages',
    8,
    'typical electic bill?',
    anyOf(
      perPurchaseOver(DEFAULTS, ELECTRICITY),
      overEach(USUAL, (period) =>
        one((raw) => monthly(spending(raw, period(raw), ELECTRICITY), period(raw))),
      ),
    ),
  ),
  // Per weekend: the weekend spending over the Saturdays (or Sundays) of the period.
  q(
    'averages',
    9,
    'avg spend per weekend over the last 3 mo',
    overEach([L3, (raw) => rollingMonths(raw.today, 3)], (period) =>
      anyOf(
        one((raw) => safeDivide(spending(raw, period(raw), onWeekend), weekdaysIn(period(raw), 6))),
        one((raw) => safeDivide(spending(raw, period(raw), onWeekend), weekdaysIn(period(raw), 0))),
      ),
    ),
  ),
  q(
    'averages',
    10,
    'whats my avg paycheck',
    anyOf(
      one(lastPaycheck),
      ...DEFAULTS.map((period) =>
        one((raw) => {
          const mean = meanPaycheck(raw, period(raw));
          return mean === 0 ? lastPaycheck(raw) : mean;
        }),
      ),
    ),
  ),
  q(
    'averages',
    11,
    'avg resturant bill last 6 months',
    perPurchaseOver([L6, (raw) => rollingMonths(raw.today, 6)], RESTAURANTS),
  ),
  q('averages', 12, 'mean purchase size on my credit card last month', perPurchaseOver([LM], onCard)),
];

// ---------------------------------------------------------------------------------------------------
// Balances and net worth

const NET_WORTH: Question[] = [
  q(
    'net_worth',
    1,
    'which acct has the most money in it',
    names((raw) => [richestAccount(raw).name]),
  ),
  q('net_worth', 2, 'whats my net worth rn', one(netWorth)),
  q(
    'net_worth',
    3,
    'how much cash do i have total',
    anyOf(
      one(bankCash),
      one((raw) => bankCash(raw) + investmentCash(raw)),
    ),
  ),
  q('net_worth', 4, 'how much do i owe on my visa', one(cardOwed)),
  q('net_worth', 5, 'chekcing bal?', one(checkingBalance)),
  q(
    'net_worth',
    6,
    'how much is in savngs vs checking',
    money((raw) => [savingsBalance(raw), checkingBalance(raw)]),
  ),
  q(
    'net_worth',
    7,
    'net worth w/o crypto',
    one((raw) => netWorth(raw) - cryptoCents(raw)),
  ),
  q(
    'net_worth',
    8,
    'how much do i have in retirement accts',
    anyOf(
      one((raw) => balancesMatching(raw, /\bira\b|401|retire/i).reduce((sum, cents) => sum + cents, 0)),
      money((raw) => balancesMatching(raw, /\bira\b|401|retire/i)),
    ),
  ),
  q(
    'net_worth',
    9,
    'total assets and total debt pls',
    money((raw) => [totalAssets(raw), cardOwed(raw)]),
  ),
  q(
    'net_worth',
    10,
    'how much credit have i got left on the card',
    anyOf(
      one((raw) => creditLeft(raw).limitLessOwed),
      one((raw) => creditLeft(raw).available),
    ),
  ),
  q(
    'net_worth',
    11,
    'what % of my net worth is crypto',
    anyOf(
      percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
      percent((raw) => percentOf(cryptoCents(raw), totalAssets(raw))),
    ),
  ),
  // Two accounts named "Individual Brokerage" (the bank's and the brokerage's) make it a question of which.
  // The Roth IRA is at the brokerage too (and the bank may hold a second "Individual Brokerage"): asking
  // which is fair.
  q(
    'net_worth',
    12,
    'how much is in my brokerage acct',
    anyOf(
      money((raw) => balancesMatching(raw, /^individual brokerage$/i)),
      clarification,
    ),
  ),
  q(
    'net_worth',
    13,
    'what percent of my cash is in savings',
    percent((raw) => percentOf(savingsBalance(raw), savingsBalance(raw) + checkingBalance(raw))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Investments

const INVESTMENTS: Question[] = [
  // The sandbox's data names no region: VXUS is the international fund; declining is fair too.
  q(
    'investments',
    1,
    'what % of my portfolio is international',
    anyOf(
      percent((raw) => percentOf(tickersValue(raw, INTERNATIONAL), investmentsValue(raw))),
      percent((raw) => percentOf(tickersValue(raw, INTERNATIONAL), securitiesValue(raw))),
      declines,
    ),
  ),
  q(
    'investments',
    2,
    'how much is my portfolio worth',
    anyOf(
      one(investmentsValue),
      one((raw) => investmentsValue(raw) + cryptoCents(raw)),
    ),
  ),
  q(
    'investments',
    3,
    'how much am i up on my investmnets overall',
    anyOf(
      one(unrealisedGain),
      percent((raw) => percentOf(unrealisedGain(raw), investedCost(raw))),
    ),
  ),
  q(
    'investments',
    4,
    'whats my biggest holding',
    anyOf(
      names((raw) => [largestHolding(raw).ticker]),
      names((raw) => [largestPosition(raw).ticker]),
    ),
  ),
  q(
    'investments',
    5,
    'how many shares of vxus do i own',
    anyOf(
      names((raw) => [sharesText(sharesMilli(raw, 'VXUS'))]),
      tally((raw) => Math.floor(sharesMilli(raw, 'VXUS') / 1000), 'share'),
    ),
  ),
  q(
    'investments',
    6,
    'how r my stocks doing vs my etfs',
    money((raw) => [classGain(raw, 'stock'), classGain(raw, 'etf')]),
  ),
  q(
    'investments',
    7,
    'whats my worst performin stock',
    anyOf(
      names((raw) => [performer(raw, 'worst', 'percent', 'stock')]),
      names((raw) => [performer(raw, 'worst', 'dollars', 'stock')]),
      names((raw) => [performer(raw, 'worst', 'percent')]),
      names((raw) => [performer(raw, 'worst', 'dollars')]),
    ),
  ),
  q(
    'investments',
    8,
    'how much do i have in bonds',
    one((raw) => tickersValue(raw, BONDS)),
  ),
  q(
    'investments',
    9,
    'total dividends ytd across all accts',
    one((raw) => income(raw, TY(raw), DIVIDENDS)),
  ),
  // By trade date or by the tax year the contributions name; the bank may hold a second Roth IRA (asked which).
  q(
    'investments',
    10,
    'how much have i put into my roth this yr',
    anyOf(
      one((raw) => rothContributions(raw, { period: TY(raw) })),
      one((raw) => rothContributions(raw, { taxYear: Number(raw.today.slice(0, 4)) })),
      clarification,
    ),
  ),
  q('investments', 11, 'how much cash is sitting uninvested in my brokerage accts', one(investmentCash)),
  q(
    'investments',
    12,
    'breakdown of stocks vs etfs vs mutual funds in my portfolio',
    money((raw) =>
      ['stock', 'etf', 'fund'].map((kind) => classValue(raw, kind)).filter((cents) => cents > 0),
    ),
  ),
  q(
    'investments',
    13,
    'how much did i make in dividends last yr',
    one((raw) => income(raw, LY(raw), DIVIDENDS)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  q(
    'comparisons',
    1,
    (raw) => `did i spend more on weekends in ${short(raw, 1)} or ${short(raw, 2)}`,
    money((raw) => [spending(raw, LM(raw), onWeekend), spending(raw, M2(raw), onWeekend)]),
  ),
  // "My usual": a usual window's monthly average, or the same days of last month.
  q(
    'comparisons',
    2,
    'am i on track this month vs my usual',
    anyOf(
      ...USUAL.map((period) =>
        money((raw) => [spending(raw, TM(raw)), monthly(spending(raw, period(raw)), period(raw))]),
      ),
      money((raw) => [spending(raw, TM(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
    ),
  ),
  q(
    'comparisons',
    3,
    'groceries this month vs same time last month',
    money((raw) => [
      spending(raw, TM(raw), GROCERIES),
      spending(raw, sameDaysLastMonth(raw.today), GROCERIES),
    ]),
  ),
  q(
    'comparisons',
    4,
    'is my dining out higher then last yr',
    anyOf(
      ...[RESTAURANTS, FOOD_OUT].flatMap((filter) => [
        money((raw) => [spending(raw, TY(raw), filter), spending(raw, LY(raw), filter)]),
        money((raw) => [spending(raw, TY(raw), filter), spending(raw, yearEarlier(TY(raw)), filter)]),
      ]),
    ),
  ),
  q(
    'comparisons',
    5,
    'compare my spending q3 vs q2',
    money((raw) => [spending(raw, latestQuarter(raw.today, 3)), spending(raw, latestQuarter(raw.today, 2))]),
  ),
  q(
    'comparisons',
    6,
    'amazon vs target this yr, who got more of my $$',
    money((raw) => [spending(raw, TY(raw), AMAZON), spending(raw, TY(raw), TARGET)]),
  ),
  q(
    'comparisons',
    7,
    (raw) => `how does this ${long(raw, 1)} compare to last ${long(raw, 1)}`,
    money((raw) => [spending(raw, LM(raw)), spending(raw, monthYearEarlier(LM(raw)))]),
  ),
  // "Use more": by rides (Uber's count) or by dollars (both totals).
  q(
    'comparisons',
    8,
    'uber or lyft, which one do i use more this yr',
    anyOf(
      tally(
        (raw) => countOf(raw, TY(raw), UBER),
        'ride',
        'trip',
        'time',
        'purchase',
        'charge',
        'transaction',
      ),
      money((raw) => [spending(raw, TY(raw), UBER), spending(raw, TY(raw), LYFT)]),
    ),
  ),
  q(
    'comparisons',
    9,
    'did i spend more this week than last week?',
    money((raw) => [spending(raw, thisWeek(raw.today)), spending(raw, periods.lastWeek(raw.today))]),
  ),
  q(
    'comparisons',
    10,
    'restraunts vs groceries last 3 mo',
    overEach([L3, (raw) => rollingMonths(raw.today, 3)], (period) =>
      money((raw) => [spending(raw, period(raw), RESTAURANTS), spending(raw, period(raw), GROCERIES)]),
    ),
  ),
  q(
    'comparisons',
    11,
    'was the electric bill higher this month or last',
    // Both bills; with none posted yet this month, last month's alone.
    money((raw) => {
      const [now, last] = [spending(raw, TM(raw), ELECTRICITY), spending(raw, LM(raw), ELECTRICITY)];
      return now === 0 ? [last] : [now, last];
    }),
  ),
  q(
    'comparisons',
    12,
    'income vs spending so far this yr',
    money((raw) => incomeAndSpending(raw, TY(raw))),
  ),
  q(
    'comparisons',
    13,
    'weekday vs weekend spending last month',
    money((raw) => [spending(raw, LM(raw), onWeekday), spending(raw, LM(raw), onWeekend)]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Trends

/** Month-by-month spending over each of the series windows (last 3, 6 or 12 whole months). */
const seriesOver = (filter: Parameters<typeof spending>[2], counts: readonly number[] = [3, 6, 12]): Expect =>
  anyOf(
    ...counts.map((count) =>
      money((raw) => seriesOf(raw, monthsWithin(periods.lastFullMonths(raw.today, count)), filter)),
    ),
  );

const TRENDS: Question[] = [
  q('trends', 1, 'is my grocery spending going up??', seriesOver(GROCERIES)),
  q('trends', 2, 'how has my spending changed over the past 6 mo', seriesOver(undefined, [6])),
  q(
    'trends',
    3,
    'coffee spend by month this yr',
    anyOf(
      money((raw) => seriesOf(raw, monthsThisYear(raw.today), COFFEE)),
      money((raw) => seriesOf(raw, wholeMonthsThisYear(raw.today), COFFEE)),
    ),
  ),
  q(
    'trends',
    4,
    'restaurant spending month by month since june',
    anyOf(
      money((raw) => seriesOf(raw, monthsWithin(sinceMonth(raw.today, 6)), RESTAURANTS)),
      money((raw) =>
        seriesOf(
          raw,
          monthsWithin(sinceMonth(raw.today, 6)).filter((period) => period.end < TM(raw).start),
          RESTAURANTS,
        ),
      ),
    ),
  ),
  q(
    'trends',
    5,
    'is my income growing at all',
    anyOf(
      ...[3, 6, 12].map((count) =>
        money((raw) =>
          monthsWithin(periods.lastFullMonths(raw.today, count)).map((period) => income(raw, period)),
        ),
      ),
      money((raw) => [income(raw, TY(raw)), income(raw, yearEarlier(TY(raw)))]),
      money((raw) => [income(raw, TY(raw)), income(raw, LY(raw))]),
    ),
  ),
  q('trends', 6, 'hows my amazon habit trending lately', seriesOver(AMAZON, [3, 6])),
  q(
    'trends',
    7,
    'weekly spending for the last 4 weeks',
    anyOf(
      money((raw) => seriesOf(raw, wholeWeeks(raw.today, 4))),
      money((raw) => seriesOf(raw, sevenDayWindows(raw.today, 4))),
    ),
  ),
  q(
    'trends',
    8,
    'has my savings balance grown this yr',
    anyOf(
      one((raw) => savingsFlows(raw, TY(raw))),
      money((raw) => {
        const { start, now } = savingsAtStart(raw, TY(raw));
        return [start, now];
      }),
    ),
  ),
  q(
    'trends',
    9,
    'what month this yr did i spend the most',
    anyOf(
      one(
        (raw) => mostExpensive(raw, monthsThisYear(raw.today)).cents,
        (raw) => [monthWord(mostExpensive(raw, monthsThisYear(raw.today)).period)],
      ),
      one(
        (raw) => mostExpensive(raw, wholeMonthsThisYear(raw.today)).cents,
        (raw) => [monthWord(mostExpensive(raw, wholeMonthsThisYear(raw.today)).period)],
      ),
    ),
  ),
  q(
    'trends',
    10,
    'is my card spending creeping up? last 3 mo vs the 3 before that',
    money((raw) => [
      spending(raw, L3(raw), onCard),
      spending(raw, fullMonthsBefore(raw.today, 3, 3), onCard),
    ]),
  ),
  q('trends', 11, 'is my electricty bill going up', seriesOver(ELECTRICITY)),
  q(
    'trends',
    12,
    'spending by week this month',
    anyOf(
      money((raw) => seriesOf(raw, calendarWeeksThisMonth(raw.today))),
      money((raw) => seriesOf(raw, weekBlocksThisMonth(raw.today))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN_QUESTIONS: Question[] = [
  q(
    'open_questions',
    1,
    'how am i doing this month',
    money((raw) => incomeAndSpending(raw, TM(raw))),
  ),
  q(
    'open_questions',
    2,
    'can i aford a 3k vacation next month',
    anyOf(
      one(bankCash),
      one((raw) => monthlySurplus(raw, 3)),
    ),
  ),
  q(
    'open_questions',
    3,
    'where am i overspending',
    // The category furthest above its own average (last full month against the 3 before), or the
    // largest discretionary category of last month by name (either level).
    anyOf(
      one((raw) => mostOverspent(raw).last),
      names((raw) => [largestDiscretionary(raw, LM(raw)).primary]),
      names((raw) => [largestDiscretionary(raw, LM(raw)).detailed]),
    ),
  ),
  q(
    'open_questions',
    4,
    'give me a quick rundown of my finances',
    anyOf(
      one(netWorth),
      money((raw) => incomeAndSpending(raw, TM(raw))),
    ),
  ),
  q(
    'open_questions',
    5,
    'am i saving enough tbh',
    overEach([L3, TY, LM, L6, L12], (period) => percent((raw) => savingsRate(raw, period(raw)))),
  ),
  q(
    'open_questions',
    6,
    'could i swing an extra $400 a month for a car payment',
    anyOf(
      one((raw) => monthlySurplus(raw, 3)),
      one((raw) => monthlySurplus(raw, 3) - 40_000),
    ),
  ),
  q(
    'open_questions',
    7,
    'what are my biggest expenses',
    overEach([TM, LM, L3, TY], (period) =>
      anyOf(
        money((raw) => topCategoryTotals(raw, period(raw), 'primary', 1)),
        money((raw) => topCategoryTotals(raw, period(raw), 'detailed', 1)),
      ),
    ),
  ),
  q(
    'open_questions',
    8,
    'where does all my money go',
    overEach([TM, LM, L3], (period) =>
      anyOf(
        money((raw) => topCategoryTotals(raw, period(raw), 'primary', 3)),
        money((raw) => topCategoryTotals(raw, period(raw), 'detailed', 3)),
      ),
    ),
  ),
  q(
    'open_questions',
    9,
    'am i spending more than i make?',
    anyOf(
      ...[L3, TM, LM].map((period) => money((raw) => incomeAndSpending(raw, period(raw)))),
      one((raw) => netOf(raw, L3(raw))),
    ),
  ),
  q(
    'open_questions',
    10,
    'how much could i save a month if i cut eating out in half',
    overEach(USUAL, (period) =>
      anyOf(
        ...[RESTAURANTS, FOOD_OUT].flatMap((filter) =>
          [0, 1].map((index) =>
            one((raw) => {
              const list = halves(monthly(spending(raw, period(raw), filter), period(raw)));
              return list[index] ?? list[0] ?? 0;
            }),
          ),
        ),
      ),
    ),
  ),
  q(
    'open_questions',
    11,
    'anything weird on my card this month?',
    anyOf(
      one((raw) => biggestPurchase(raw, TM(raw), onCard)),
      one((raw) => biggestPurchase(raw, TM(raw))),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    1,
    turn(
      'how much did i spend on groceries last month',
      one((raw) => spending(raw, LM(raw), GROCERIES)),
    ),
    turn(
      'and the month before?',
      one((raw) => spending(raw, M2(raw), GROCERIES)),
    ),
    turn(
      (raw) => `what about just ${topGrocer(raw).toLowerCase()}`,
      anyOf(
        one((raw) => spending(raw, M2(raw), atMerchant(topGrocer(raw)))),
        noneSaid((raw) => spending(raw, M2(raw), atMerchant(topGrocer(raw)))),
        one((raw) => spending(raw, LM(raw), atMerchant(topGrocer(raw)))),
      ),
    ),
  ),
  thread(
    2,
    turn(
      'amazon spending this yr',
      one((raw) => spending(raw, TY(raw), AMAZON)),
    ),
    turn(
      'break it down by month pls',
      anyOf(
        money((raw) => seriesOf(raw, monthsThisYear(raw.today), AMAZON)),
        money((raw) => seriesOf(raw, wholeMonthsThisYear(raw.today), AMAZON)),
      ),
    ),
    turn(
      'which month was highest',
      one(
        (raw) => Math.max(...seriesOf(raw, monthsThisYear(raw.today), AMAZON)),
        (raw) => {
          const list = monthsThisYear(raw.today);
          const totals = seriesOf(raw, list, AMAZON);
          const top = list[totals.indexOf(Math.max(...totals))];
          return top ? [monthWord(top)] : [];
        },
      ),
    ),
  ),
  thread(
    3,
    turn('whats my checking balance', one(checkingBalance)),
    turn('and savings?', one(savingsBalance)),
    turn('add them up', one(bankCash)),
  ),
  thread(
    4,
    turn(
      'top 5 merchants last mo',
      names((raw) => topMerchantsBySpending(raw, LM(raw), 5)),
    ),
    turn(
      'same thing but by # of visits',
      names((raw) => topMerchantsByVisits(raw, LM(raw), 5)),
    ),
  ),
  thread(
    5,
    turn(
      (raw) => `how much on restaurants in ${short(raw, 2)}`,
      one((raw) => spending(raw, M2(raw), RESTAURANTS)),
    ),
    turn(
      'how many times did i go',
      tally((raw) => countOf(raw, M2(raw), RESTAURANTS), 'time', 'visit', 'meal', 'purchase', 'transaction'),
    ),
    turn('avg per visit?', perPurchaseOver([M2], RESTAURANTS)),
  ),
  thread(
    6,
    turn(
      'wat did i earn last month',
      one((raw) => income(raw, LM(raw))),
    ),
    turn(
      'how much of that was dividends',
      anyOf(
        one((raw) => income(raw, LM(raw), DIVIDENDS)),
        percent((raw) => percentOf(income(raw, LM(raw), DIVIDENDS), income(raw, LM(raw)))),
      ),
    ),
    turn(
      'and interest?',
      one((raw) => income(raw, LM(raw), INTEREST)),
    ),
  ),
  thread(
    7,
    turn('how much is my portfolio worth', one(investmentsValue)),
    turn(
      'how much of it is in the roth',
      anyOf(
        money((raw) => balancesMatching(raw, /roth/i)),
        clarification,
      ),
    ),
    turn(
      'and whats the gain on that account',
      anyOf(
        one((raw) => accountGain(raw, /roth/i)),
        percent((raw) => percentOf(accountGain(raw, /roth/i), accountCost(raw, /roth/i))),
        clarification,
      ),
    ),
  ),
  thread(
    8,
    turn(
      'spent on uber this month?',
      anyOf(
        one((raw) => spending(raw, TM(raw), UBER)),
        noneSaid((raw) => spending(raw, TM(raw), UBER)),
      ),
    ),
    turn(
      'what about lyft',
      anyOf(
        one((raw) => spending(raw, TM(raw), LYFT)),
        noneSaid((raw) => spending(raw, TM(raw), LYFT)),
      ),
    ),
    turn(
      'combined for the whole year?',
      one((raw) => spending(raw, TY(raw), UBER) + spending(raw, TY(raw), LYFT)),
    ),
  ),
  thread(
    9,
    turn(
      'show me my coffee spending the last 3 months',
      anyOf(
        one((raw) => spending(raw, L3(raw), COFFEE)),
        money((raw) => seriesOf(raw, monthsWithin(L3(raw)), COFFEE)),
      ),
    ),
    turn(
      'which shop do i go to the most',
      anyOf(
        names((raw) => [topCoffeeShop(raw)]),
        names((raw) => [topMerchantWithCents(raw, L3(raw), COFFEE).name]),
      ),
    ),
    turn(
      'how much did i spend there',
      anyOf(
        one((raw) => spending(raw, L3(raw), atMerchant(topCoffeeShop(raw)))),
        one((raw) => topMerchantWithCents(raw, L3(raw), COFFEE).cents),
      ),
    ),
  ),
  thread(
    10,
    turn(
      'how much btc do i have',
      anyOf(
        one((raw) => cryptoSymbolCents(raw, 'BTC')),
        names((raw) => [symbolUnitsText(raw, 'BTC', 4)]),
        names((raw) => [symbolUnitsRounded(raw, 'BTC', 4)]),
      ),
    ),
    turn(
      'and eth?',
      anyOf(
        one((raw) => cryptoSymbolCents(raw, 'ETH')),
        names((raw) => [symbolUnitsText(raw, 'ETH', 4)]),
        names((raw) => [symbolUnitsRounded(raw, 'ETH', 4)]),
      ),
    ),
    turn('total crypto?', one(cryptoCents)),
  ),
  thread(
    11,
    turn(
      'what was my biggest purchase on my card last month',
      one((raw) => biggestPurchase(raw, LM(raw), onCard)),
    ),
    turn(
      'and this month so far?',
      one((raw) => biggestPurchase(raw, TM(raw), onCard)),
    ),
  ),
  thread(
    12,
    turn(
      'how much did i spend last weekend',
      one((raw) => spending(raw, lastWeekend(raw.today))),
    ),
    turn(
      'and the weekend before',
      one((raw) => spending(raw, weekendBefore(raw.today))),
    ),
  ),
  thread(
    13,
    turn(
      'how much have i spent this month',
      one((raw) => spending(raw, TM(raw))),
    ),
    turn(
      'break it down by week',
      anyOf(
        money((raw) => seriesOf(raw, calendarWeeksThisMonth(raw.today))),
        money((raw) => seriesOf(raw, weekBlocksThisMonth(raw.today))),
      ),
    ),
    // This month's Amazon spending, or its weeks (a week without Amazon may go unsaid).
    turn(
      'what about just amazon',
      anyOf(
        one((raw) => spending(raw, TM(raw), AMAZON)),
        money((raw) =>
          seriesOf(raw, calendarWeeksThisMonth(raw.today), AMAZON).filter((cents) => cents !== 0),
        ),
        money((raw) => seriesOf(raw, weekBlocksThisMonth(raw.today), AMAZON).filter((cents) => cents !== 0)),
      ),
    ),
  ),
  thread(
    14,
    turn('net worth?', one(netWorth)),
    turn(
      'how much of that is investments',
      anyOf(
        one(investmentsValue),
        percent((raw) => percentOf(investmentsValue(raw), netWorth(raw))),
      ),
    ),
  ),
  thread(
    15,
    turn(
      'whats my savings rate this yr',
      percent((raw) => savingsRate(raw, TY(raw))),
    ),
    turn(
      'and last yr?',
      percent((raw) => savingsRate(raw, LY(raw))),
    ),
  ),
  thread(
    16,
    turn(
      'how much was gas & electric last month',
      one((raw) => spending(raw, LM(raw), ELECTRICITY)),
    ),
    turn(
      'what about internet',
      one((raw) => spending(raw, LM(raw), INTERNET)),
    ),
    turn(
      'phone?',
      one((raw) => spending(raw, LM(raw), TELEPHONE)),
    ),
  ),
  thread(
    17,
    turn(
      'fast food last month',
      one((raw) => spending(raw, LM(raw), FAST_FOOD)),
    ),
    turn(
      'pls break it down by place',
      money((raw) => spendingBy(raw, LM(raw), merchantKey, FAST_FOOD).map((entry) => entry.cents)),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Crypto

const CRYPTO: Question[] = [
  q('crypto', 1, 'how much is my crypto worth', one(cryptoCents)),
  q(
    'crypto',
    2,
    'which wallet has the most $ in it',
    names((raw) => [richestWallet(raw).tag]),
  ),
  q(
    'crypto',
    3,
    'how much sol do i have',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'SOL')),
      names((raw) => [symbolUnitsText(raw, 'SOL', 2)]),
      names((raw) => [symbolUnitsRounded(raw, 'SOL', 2)]),
    ),
  ),
  q(
    'crypto',
    4,
    'whats my stablecoin total',
    one((raw) => symbolsCents(raw, STABLECOINS)),
  ),
  // Two Ethereum wallets: asked which, or both listed.
  q(
    'crypto',
    5,
    'eth wallet balance',
    anyOf(
      clarification,
      money((raw) => walletsOnChain(raw, 'eth')),
    ),
  ),
  q(
    'crypto',
    6,
    'what % of my crypto is btc',
    percent((raw) => percentOf(symbolsCents(raw, ['BTC']), cryptoCents(raw))),
  ),
  q(
    'crypto',
    7,
    'how much is on my ledger wallet',
    one((raw) => walletNamed(raw, 'Ledger_web3')),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Rankings

const RANKINGS: Question[] = [
  q(
    'rankings',
    1,
    'top 3 spending categories this yr',
    anyOf(
      money((raw) => topCategoryTotals(raw, TY(raw), 'primary', 3)),
      money((raw) => topCategoryTotals(raw, TY(raw), 'detailed', 3)),
    ),
  ),
  // By visits anywhere, or by spending at shops (general merchandise); over any default period.
  q(
    'rankings',
    2,
    'where do i shop the most',
    overEach(DEFAULTS, (period) =>
      anyOf(
        names((raw) => topMerchantsByVisits(raw, period(raw), 1)),
        names((raw) => [topMerchantWithCents(raw, period(raw), SHOPPING).name]),
      ),
    ),
  ),
  q(
    'rankings',
    3,
    'which restaurant do i spend the most at',
    overEach(DEFAULTS, (period) =>
      names((raw) => [topMerchantWithCents(raw, period(raw), RESTAURANTS).name]),
    ),
  ),
  q(
    'rankings',
    4,
    'my 5 biggest purchases last month',
    money((raw) => purchaseAmounts(raw, LM(raw)).slice(0, 5)),
  ),
  q(
    'rankings',
    5,
    'rank my accounts by balance',
    anyOf(
      money((raw) => balanceAmounts(raw, true)),
      money((raw) => balanceAmounts(raw, false)),
    ),
  ),
  q(
    'rankings',
    6,
    'which grocery store do i spend the most at this yr',
    one(
      (raw) => topMerchantWithCents(raw, TY(raw), GROCERIES).cents,
      (raw) => [topMerchantWithCents(raw, TY(raw), GROCERIES).name],
    ),
  ),
  q(
    'rankings',
    7,
    'cheapest month so far this yr',
    anyOf(
      one(
        (raw) => cheapest(raw, wholeMonthsThisYear(raw.today)).cents,
        (raw) => [monthWord(cheapest(raw, wholeMonthsThisYear(raw.today)).period)],
      ),
      one(
        (raw) => cheapest(raw, monthsThisYear(raw.today)).cents,
        (raw) => [monthWord(cheapest(raw, monthsThisYear(raw.today)).period)],
      ),
    ),
  ),
  q(
    'rankings',
    8,
    'top 3 stocks i own by value',
    anyOf(
      names((raw) => topTickers(raw, 3, 'stock')),
      names((raw) => topTickers(raw, 3)),
    ),
  ),
  q(
    'rankings',
    9,
    'top merchants by # of visits last month',
    names((raw) => topMerchantsByVisits(raw, LM(raw), 3)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// A few counts, shares, cash flow, must-declines and ask-backs

const OTHERS: Question[] = [
  q(
    'counts',
    1,
    'how many times did i eat out last month',
    anyOf(
      tally((raw) => countOf(raw, LM(raw), RESTAURANTS), 'time', 'visit', 'meal', 'purchase', 'transaction'),
      tally((raw) => countOf(raw, LM(raw), FOOD_OUT), 'time', 'visit', 'meal', 'purchase', 'transaction'),
    ),
  ),
  q(
    'counts',
    2,
    '# of amazon orders this yr',
    tally((raw) => purchaseCount(raw, TY(raw), AMAZON), 'order', 'purchase', 'transaction'),
  ),
  q(
    'counts',
    3,
    'how many txns on my card last wk',
    anyOf(
      tally((raw) => countOf(raw, periods.lastWeek(raw.today), onCard), 'transaction', 'purchase', 'charge'),
      tally(
        (raw) => postedCount(raw, periods.lastWeek(raw.today), onCard),
        'transaction',
        'purchase',
        'charge',
      ),
    ),
  ),
  q(
    'shares',
    1,
    'what % of my spending goes to rent',
    overEach([TM, LM, L3, TY, L12], (period) =>
      percent((raw) => percentOf(spending(raw, period(raw), RENT), spending(raw, period(raw)))),
    ),
  ),
  q(
    'shares',
    2,
    'how much of my paycheck goes to groceries',
    overEach([TM, LM, L3, TY], (period) =>
      anyOf(
        percent((raw) => percentOf(spending(raw, period(raw), GROCERIES), income(raw, period(raw), WAGES))),
        percent((raw) => percentOf(spending(raw, period(raw), GROCERIES), income(raw, period(raw)))),
      ),
    ),
  ),
  q(
    'shares',
    3,
    'what share of my food spending is coffee this yr',
    percent((raw) => percentOf(spending(raw, TY(raw), COFFEE), spending(raw, TY(raw), FOOD))),
  ),
  q(
    'cash_flow',
    1,
    'did i save money last month',
    anyOf(
      one((raw) => netOf(raw, LM(raw))),
      money((raw) => incomeAndSpending(raw, LM(raw))),
    ),
  ),
  q(
    'cash_flow',
    2,
    'net cash flow ytd',
    one((raw) => netOf(raw, TY(raw))),
  ),
  q(
    'cash_flow',
    3,
    'how much did i move into savings this yr',
    anyOf(
      one((raw) => savedToSavings(raw, TY(raw))),
      one((raw) => savingsFlows(raw, TY(raw))),
    ),
  ),
  q('must_decline', 1, 'should i sell my nvda??', declines),
  q('must_decline', 2, 'will eth hit 5k by xmas?', declines),
  q('must_decline', 3, 'whats my credit score', declines),
  q('must_decline', 4, 'how much did my roommate spend on food last month', declines),
  q('must_decline', 5, 'predict my net worth in 5 yrs', declines),
  q('ambiguous', 1, 'how much did i spend at the store', clarification),
  q('ambiguous', 2, 'how much did i spend on it last month', declines),
  q('history_bounds', 1, (raw) => `how much did i spend in ${yearBeforeHistory(raw)}`, outsideHistory),
  q('history_bounds', 2, 'show me next months spending', outsideHistory),
];

/** The third typed batch, every question of it. */
export const TYPED_3_QUESTIONS: readonly Question[] = [
  ...INCOME,
  ...AVERAGES,
  ...NET_WORTH,
  ...INVESTMENTS,
  ...COMPARISONS,
  ...TRENDS,
  ...OPEN_QUESTIONS,
  ...FOLLOW_UPS,
  ...CRYPTO,
  ...RANKINGS,
  ...OTHERS,
];
