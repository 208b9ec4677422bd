import {
  balanceOf,
  byAccountKind,
  byMerchant,
  byPrimary,
  cryptoCents,
  cryptoSymbolCents,
  type Flow,
  holdings,
  income,
  investmentsValue,
  largestHolding,
  largestSpending,
  netWorth,
  type Period,
  periods,
  savingsRatePercent,
  spending,
  totalAssets,
  unrealisedGain,
  valueOfClass,
  valueOfTicker,
} from './expected.ts';
import {
  atMerchant,
  between,
  daySpan,
  firstHalf,
  largestDiscretionary,
  lastWeekend,
  latestQuarter,
  mentioning,
  merchantKey,
  monthBeforeHistory,
  mostVisited,
  over,
  percentOf,
  perMonth,
  perPurchase,
  perWeek,
  purchaseCount,
  smallestPurchase,
  spendingShare,
  yearBeforeHistory,
  yearEarlier,
  yesterday,
} from './expected-reading.ts';
import {
  bankCash,
  DIVIDENDS,
  ELECTRICITY,
  either,
  FAST_FOOD,
  gainOfTicker,
  gainsByAccount,
  INTEREST,
  largestPurchase,
  monthYearEarlier,
  nextMonth,
  onWeekday,
  onWeekend,
  perDay,
  purchaseAmounts,
  rollingMonths,
  sameDaysLastMonth,
  savedToSavings,
  secondHalfOf,
  securitiesValue,
  sharesMilli,
  sharesText,
  spendingTransactionCount,
  thisYearOf,
  topCategoryTotals,
  topDividendTicker,
  topMerchantOf,
  topMerchantsBySpending,
  topMerchantsByVisits,
  under,
  WAGES,
  walletNamed,
  walletsOnChain,
  weekendStarted,
} from './expected-typed.ts';
import type { Expect, Question } from './question-types.ts';
import type { RawData } from './raw-data.ts';
import {
  anyOf,
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
  monthsAgo,
  names,
  one,
  outsideHistory,
  percent,
  RENT,
  RESTAURANTS,
  RIDES,
  shortMonth,
  single,
  tally,
  thisMonth,
  thisYear,
  thread,
} from './reading-expect.ts';

/**
 * A batch of questions typed the way people type into a finance chat box: lower case, typos,
 * abbreviations (rn, ytd, avg, txns, $), run-on sentences, greetings, casual verbs, and new sentence
 * shapes rather than new synonyms. Written from how people ask and from what the sandbox's data holds
 * (its merchants, categories, accounts, tickers and wallets), not from the analyst's rules; every
 * expectation is plain arithmetic over the raw records (expected.ts, expected-reading.ts,
 * expected-typed.ts). Where a question is genuinely ambiguous every defensible reading is accepted.
 */

// ---------------------------------------------------------------------------------------------------
// Periods and filters of today

/** The month number `back` months before today's ('2' → the month before last). */
const month = (raw: RawData, back: number): number => monthNumberAgo(raw, back);
const fullMonths = (raw: RawData, months: number): Period => periods.lastFullMonths(raw.today, months);
const rolling = (raw: RawData, months: number): Period => rollingMonths(raw.today, months);
const since = (raw: RawData, back: number): Period => periods.sinceMonth(raw.today, back);
const quarter = (raw: RawData, which: number): Period => latestQuarter(raw.today, which);
/** This year from January 1 to the end of last month (this year to date when that is January). */
const thisYearsFullMonths = (raw: RawData): Period => {
  const year = thisYear(raw);
  const end = lastMonth(raw).end;
  return end >= year.start ? { start: year.start, end } : year;
};

const AMAZON = atMerchant('Amazon');
const STARBUCKS = atMerchant('Starbucks');
const UBER = byMerchant('Uber');
const LYFT = byMerchant('Lyft');
const FOOD = byPrimary('FOOD_AND_DRINK');
const SHOPPING = byPrimary('GENERAL_MERCHANDISE');
/** Not rent and utilities: the bills that are large every month. */
const NOT_BILLS = (flow: Flow): boolean => flow.primary !== 'RENT_AND_UTILITIES';

/** A count of visits, rides or orders, in any of the words an answer may count them with. */
const times = (value: (raw: RawData) => number): Expect =>
  tally(
    value,
    'time',
    'run',
    'visit',
    'purchase',
    'transaction',
    'charge',
    'order',
    'ride',
    'trip',
    'payment',
  );

/** The ticker's position: its value, or its shares. */
const position = (ticker: string): Expect =>
  anyOf(
    one((raw) => valueOfTicker(raw, ticker)),
    names((raw) => [`${sharesText(sharesMilli(raw, ticker))} share`]),
  );

/** The figures a summary of someone's money leads with. */
const SUMMARY = anyOf(
  one(netWorth),
  money((raw) => [income(raw, lastMonth(raw)), spending(raw, lastMonth(raw))]),
  money((raw) => [income(raw, thisMonth(raw)), spending(raw, thisMonth(raw))]),
);

/** Income and spending of a period, for "am I spending more than I make". */
const inAndOut = (period: (raw: RawData) => Period): Expect =>
  money((raw) => [income(raw, period(raw)), spending(raw, period(raw))]);

/** A period's largest discretionary category, named at either level. */
const cutBackIn = (period: (raw: RawData) => Period): Expect[] => [
  names((raw) => [largestDiscretionary(raw, period(raw)).primary]),
  names((raw) => [largestDiscretionary(raw, period(raw)).detailed]),
];

/** A period's largest category's spending, at either level. */
const topCategoryIn = (period: (raw: RawData) => Period): Expect[] => [
  one((raw) => topCategoryTotals(raw, period(raw), 'primary', 1)[0] ?? 0),
  one((raw) => topCategoryTotals(raw, period(raw), 'detailed', 1)[0] ?? 0),
];

// ---------------------------------------------------------------------------------------------------
// Shares and percentages

const SHARES: Question[] = [
  single(
    'typed-share-1',
    'shares',
    'hey what % of my spending went to groceries last month',
    percent((raw) => spendingShare(raw, lastMonth(raw), GROCERIES)),
  ),
  single(
    'typed-share-2',
    'shares',
    'ugh rent... what % of my income did it eat this yr',
    anyOf(
      percent((raw) => percentOf(spending(raw, thisYear(raw), RENT), income(raw, thisYear(raw)))),
      percent((raw) => percentOf(spending(raw, thisYear(raw), RENT), income(raw, thisYear(raw), WAGES))),
    ),
  ),
  single(
    'typed-share-3',
    'shares',
    (raw) => `what portion of my money went to eating out in ${longMonth(month(raw, 2))}`,
    anyOf(
      percent((raw) => spendingShare(raw, monthsAgo(raw, 2), RESTAURANTS)),
      percent((raw) => spendingShare(raw, monthsAgo(raw, 2), either(RESTAURANTS, FAST_FOOD))),
      percent((raw) => spendingShare(raw, monthsAgo(raw, 2), either(RESTAURANTS, FAST_FOOD, COFFEE))),
    ),
  ),
  single(
    'typed-share-4',
    'shares',
    'how much of my paycheck am i blowing on amazon this year lol',
    anyOf(
      percent((raw) => percentOf(spending(raw, thisYear(raw), AMAZON), income(raw, thisYear(raw), WAGES))),
      percent((raw) => percentOf(spending(raw, thisYear(raw), AMAZON), income(raw, thisYear(raw)))),
    ),
  ),
  single(
    'typed-share-5',
    'shares',
    'what % of my txns last month were coffee',
    anyOf(
      percent((raw) =>
        percentOf(purchaseCount(raw, lastMonth(raw), COFFEE), purchaseCount(raw, lastMonth(raw))),
      ),
      percent((raw) =>
        percentOf(
          spendingTransactionCount(raw, lastMonth(raw), COFFEE),
          spendingTransactionCount(raw, lastMonth(raw)),
        ),
      ),
    ),
  ),
  single(
    'typed-share-6',
    'shares',
    'rides as a share of total spending ytd pls',
    percent((raw) => spendingShare(raw, thisYear(raw), RIDES)),
  ),
  single(
    'typed-share-7',
    'shares',
    'in q3 what percent of my spending was food',
    anyOf(
      percent((raw) => spendingShare(raw, quarter(raw, 3), FOOD)),
      percent((raw) => spendingShare(raw, quarter(raw, 3), GROCERIES)),
    ),
  ),
  single(
    'typed-share-8',
    'shares',
    (raw) => `netflix n spotify together, what percent of what i spent in ${shortMonth(month(raw, 1))}`,
    percent((raw) =>
      spendingShare(raw, lastMonth(raw), either(byMerchant('Netflix'), byMerchant('Spotify'))),
    ),
  ),
  single(
    'typed-share-9',
    'shares',
    'what fraction of last months income did i actually save',
    percent((raw) => savingsRatePercent(income(raw, lastMonth(raw)), spending(raw, lastMonth(raw)))),
  ),
  single(
    'typed-share-10',
    'shares',
    'sakura sushi is like half my restaurant $ this year right? whats the actual %',
    percent((raw) =>
      percentOf(
        spending(raw, thisYear(raw), mentioning('sakura')),
        spending(raw, thisYear(raw), RESTAURANTS),
      ),
    ),
  ),
  single(
    'typed-share-11',
    'shares',
    'uber vs lyft - what % of my rideshare $ went to uber this yr',
    percent((raw) => percentOf(spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), RIDES))),
  ),
  single(
    'typed-share-12',
    'shares',
    'last yr how much of what i brought in was from my actual job, in %',
    percent((raw) => percentOf(income(raw, lastYear(raw), WAGES), income(raw, lastYear(raw)))),
  ),
  single(
    'typed-share-13',
    'shares',
    'rent is what % of my spending roughly? last 3 months',
    anyOf(
      percent((raw) => spendingShare(raw, fullMonths(raw, 3), RENT)),
      percent((raw) => spendingShare(raw, rolling(raw, 3), RENT)),
    ),
  ),
  single(
    'typed-share-14',
    'shares',
    (raw) => `of everything i spent in ${longMonth(month(raw, 2))} how much % was shopping`,
    percent((raw) => spendingShare(raw, monthsAgo(raw, 2), SHOPPING)),
  ),
  single(
    'typed-share-15',
    'shares',
    'groceries - what portion of my food spending are they this year',
    percent((raw) => percentOf(spending(raw, thisYear(raw), GROCERIES), spending(raw, thisYear(raw), FOOD))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Comparisons

const COMPARISONS: Question[] = [
  single(
    'typed-compare-1',
    'comparisons',
    (raw) => `did i spend more in ${longMonth(month(raw, 2))} or ${shortMonth(month(raw, 3))}`,
    money((raw) => [spending(raw, monthsAgo(raw, 2)), spending(raw, monthsAgo(raw, 3))]),
  ),
  single(
    'typed-compare-2',
    'comparisons',
    'q2 vs q3 spending?',
    money((raw) => [spending(raw, quarter(raw, 2)), spending(raw, quarter(raw, 3))]),
  ),
  single(
    'typed-compare-3',
    'comparisons',
    'am i spending more on restaurants this month than last',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw), RESTAURANTS),
        spending(raw, lastMonth(raw), RESTAURANTS),
      ]),
      money((raw) => [
        spending(raw, thisMonth(raw), RESTAURANTS),
        spending(raw, sameDaysLastMonth(raw.today), RESTAURANTS),
      ]),
    ),
  ),
  single(
    'typed-compare-4',
    'comparisons',
    'did i drop more on groceries or restaurants last month',
    money((raw) => [spending(raw, lastMonth(raw), GROCERIES), spending(raw, lastMonth(raw), RESTAURANTS)]),
  ),
  single(
    'typed-compare-5',
    'comparisons',
    (raw) => `did i spend less on coffee in ${longMonth(month(raw, 1))} than ${longMonth(month(raw, 2))}??`,
    money((raw) => [spending(raw, monthsAgo(raw, 1), COFFEE), spending(raw, monthsAgo(raw, 2), COFFEE)]),
  ),
  single(
    'typed-compare-6',
    'comparisons',
    'how does my spending this yr compare to last yr',
    anyOf(
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, lastYear(raw))]),
      money((raw) => [spending(raw, thisYear(raw)), spending(raw, yearEarlier(thisYear(raw)))]),
    ),
  ),
  single(
    'typed-compare-7',
    'comparisons',
    'was my income up or down last month vs the month before',
    money((raw) => [income(raw, lastMonth(raw)), income(raw, monthsAgo(raw, 2))]),
  ),
  single(
    'typed-compare-8',
    'comparisons',
    'uber vs lyft this year $$',
    money((raw) => [spending(raw, thisYear(raw), UBER), spending(raw, thisYear(raw), LYFT)]),
  ),
  single(
    'typed-compare-9',
    'comparisons',
    "so i feel like i've been ordering way more from amazon lately did i spend more or less there in the first half of this year than the second half of last year",
    money((raw) => [
      spending(raw, firstHalf(raw.today), AMAZON),
      spending(raw, secondHalfOf(raw.today, thisYearOf(raw) - 1), AMAZON),
    ]),
  ),
  single(
    'typed-compare-10',
    'comparisons',
    'spent more at trader joes or whole foods this yr?',
    money((raw) => [
      spending(raw, thisYear(raw), atMerchant("Trader Joe's")),
      spending(raw, thisYear(raw), atMerchant('Whole Foods Market')),
    ]),
  ),
  single(
    'typed-compare-11',
    'comparisons',
    (raw) => `${longMonth(month(raw, 2))} spending compared to the same month a yr earlier`,
    money((raw) => [spending(raw, monthsAgo(raw, 2)), spending(raw, monthYearEarlier(monthsAgo(raw, 2)))]),
  ),
  single(
    'typed-compare-12',
    'comparisons',
    'how much more did i make than spend in q3',
    one((raw) => income(raw, quarter(raw, 3)) - spending(raw, quarter(raw, 3))),
  ),
  single(
    'typed-compare-13',
    'trends',
    'are my restaurant bills going up? show me the last 3 months month by month',
    money((raw) => [3, 2, 1].map((back) => spending(raw, monthsAgo(raw, back), RESTAURANTS))),
  ),
  single(
    'typed-compare-14',
    'comparisons',
    'was my electric bill higher last month than a year before',
    money((raw) => [
      spending(raw, lastMonth(raw), ELECTRICITY),
      spending(raw, monthYearEarlier(lastMonth(raw)), ELECTRICITY),
    ]),
  ),
  single(
    'typed-compare-15',
    'comparisons',
    'weekdays vs weekends last month - when do i spend more',
    money((raw) => [spending(raw, lastMonth(raw), onWeekday), spending(raw, lastMonth(raw), onWeekend)]),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Open questions

const OPEN: Question[] = [
  single('typed-open-1', 'open_questions', 'hi penny! give me a quick summary of my finances', SUMMARY),
  single('typed-open-2', 'open_questions', 'how am i doing 😅', SUMMARY),
  single(
    'typed-open-3',
    'open_questions',
    'am i spending more than i make??',
    anyOf(
      inAndOut(lastMonth),
      inAndOut(thisMonth),
      inAndOut((raw) => fullMonths(raw, 3)),
      inAndOut((raw) => rolling(raw, 3)),
      inAndOut(thisYear),
    ),
  ),
  single(
    'typed-open-4',
    'open_questions',
    'can i afford a $2.5k trip to japan rn',
    anyOf(
      one((raw) => balanceOf(raw, 'checking')),
      one(bankCash),
      one((raw) => balanceOf(raw, 'savings')),
    ),
  ),
  single(
    'typed-open-5',
    'open_questions',
    'where can i cut back, feel like im bleeding money',
    anyOf(
      ...cutBackIn(lastMonth),
      ...cutBackIn((raw) => fullMonths(raw, 3)),
      ...cutBackIn((raw) => lastDays(raw, 30)),
      ...cutBackIn((raw) => fullMonths(raw, 12)),
    ),
  ),
  single(
    'typed-open-6',
    'open_questions',
    'any unusual charges lately?',
    anyOf(
      clarification,
      ...[(raw: RawData) => lastDays(raw, 30), lastMonth].flatMap((period) => [
        one((raw) => -largestPurchase(raw, period(raw)).cents),
        one((raw) => -largestPurchase(raw, period(raw), NOT_BILLS).cents),
      ]),
    ),
  ),
  single('typed-open-7', 'net_worth', 'hey, whats my net worth looking like these days', one(netWorth)),
  single(
    'typed-open-8',
    'open_questions',
    'am i saving enough tbh',
    anyOf(
      declines,
      percent((raw) => savingsRatePercent(income(raw, lastMonth(raw)), spending(raw, lastMonth(raw)))),
      percent((raw) =>
        savingsRatePercent(income(raw, fullMonths(raw, 3)), spending(raw, fullMonths(raw, 3))),
      ),
      percent((raw) => savingsRatePercent(income(raw, thisYear(raw)), spending(raw, thisYear(raw)))),
    ),
  ),
  single(
    'typed-open-9',
    'open_questions',
    'whats eating most of my money',
    anyOf(
      ...topCategoryIn(lastMonth),
      ...topCategoryIn(thisMonth),
      ...topCategoryIn((raw) => fullMonths(raw, 3)),
      ...topCategoryIn((raw) => lastDays(raw, 30)),
      ...topCategoryIn(thisYear),
    ),
  ),
  single(
    'typed-open-10',
    'open_questions',
    'how much money do i have total across everything',
    anyOf(one(netWorth), one(totalAssets)),
  ),
  single(
    'typed-open-11',
    'open_questions',
    'quick check-in: what came in n what went out this month',
    inAndOut(thisMonth),
  ),
  single(
    'typed-open-12',
    'open_questions',
    'is my spending normal this month or am i overdoing it',
    anyOf(
      money((raw) => [
        spending(raw, thisMonth(raw)),
        perMonth(spending(raw, fullMonths(raw, 3)), fullMonths(raw, 3)),
      ]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, sameDaysLastMonth(raw.today))]),
      money((raw) => [spending(raw, thisMonth(raw)), spending(raw, lastMonth(raw))]),
    ),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Investments and crypto

const INVESTMENTS: Question[] = [
  single(
    'typed-invest-1',
    'investments',
    'what are my investments worth rn',
    anyOf(one(investmentsValue), one(securitiesValue)),
  ),
  single('typed-invest-2', 'investments', 'yo how much nvda do i own', position('NVDA')),
  single(
    'typed-invest-3',
    'investments',
    'whats my gain/loss on aapl',
    anyOf(
      one((raw) => gainOfTicker(raw, 'AAPL')),
      money((raw) => gainsByAccount(raw, 'AAPL')),
    ),
  ),
  single('typed-invest-4', 'investments', 'total unrealized gains on my portfolio?', one(unrealisedGain)),
  single(
    'typed-invest-5',
    'investments',
    'portfolio allocation - stocks vs etfs vs funds?',
    anyOf(
      money((raw) => [valueOfClass(raw, 'stock'), valueOfClass(raw, 'etf'), valueOfClass(raw, 'fund')]),
      percent((raw) => percentOf(valueOfClass(raw, 'stock'), investmentsValue(raw))),
      percent((raw) => percentOf(valueOfClass(raw, 'stock'), securitiesValue(raw))),
    ),
  ),
  single(
    'typed-invest-6',
    'investments',
    'whats my biggest holding',
    anyOf(
      one(
        (raw) => largestHolding(raw).cents,
        (raw) => [largestHolding(raw).ticker],
      ),
      one(
        (raw) => biggestPosition(raw).valueCents,
        (raw) => [biggestPosition(raw).ticker],
      ),
    ),
  ),
  single(
    'typed-invest-7',
    'investments',
    'how much did i get in dividends this yr',
    one((raw) => income(raw, thisYear(raw), DIVIDENDS)),
  ),
  single('typed-invest-8', 'investments', 'how much qqq do i have', position('QQQ')),
  single('typed-crypto-1', 'crypto', 'crypto balance? 🚀', one(cryptoCents)),
  single(
    'typed-crypto-2',
    'crypto',
    'how much btc do i have in dollars',
    anyOf(
      one((raw) => cryptoSymbolCents(raw, 'BTC')),
      one((raw) => cryptoSymbolCents(raw, 'BTC') + cryptoSymbolCents(raw, 'WBTC')),
    ),
  ),
  single(
    'typed-crypto-3',
    'crypto',
    'sol wallet worth?',
    anyOf(
      one((raw) => walletNamed(raw, 'Phantom_web3')),
      one((raw) => cryptoSymbolCents(raw, 'SOL')),
    ),
  ),
  single(
    'typed-crypto-4',
    'crypto',
    'what % of my net worth is crypto',
    anyOf(
      percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
      percent((raw) => percentOf(cryptoCents(raw), totalAssets(raw))),
    ),
  ),
];

/** The single largest position of any one account (cash left out). */
function biggestPosition(raw: RawData): { ticker: string; valueCents: number } {
  const [top] = holdings(raw)
    .filter((row) => row.ticker !== 'CASH')
    .sort((a, b) => b.valueCents - a.valueCents);
  if (!top) throw new Error('no position');
  return top;
}

// ---------------------------------------------------------------------------------------------------
// Totals over many shapes of period

const TOTALS: Question[] = [
  single(
    'typed-total-1',
    'periods',
    'how much did i shell out in q3',
    one((raw) => spending(raw, quarter(raw, 3))),
  ),
  single(
    'typed-total-2',
    'periods',
    'spending first half of this year?',
    one((raw) => spending(raw, firstHalf(raw.today))),
  ),
  single(
    'typed-total-3',
    'periods',
    'what did i spend 3/1 - 3/15',
    one((raw) => spending(raw, daySpan(raw.today, 3, 1, 15))),
  ),
  single(
    'typed-total-4',
    'periods',
    'how much did i spend sept 5th thru the 20th',
    one((raw) => spending(raw, daySpan(raw.today, 9, 5, 20))),
  ),
  single(
    'typed-total-5',
    'periods',
    (raw) => `spending ${monthsAgo(raw, 2).start} through ${monthsAgo(raw, 2).end}`,
    one((raw) => spending(raw, monthsAgo(raw, 2))),
  ),
  single(
    'typed-total-6',
    'spending',
    'how much have i spent so far this month',
    one((raw) => spending(raw, thisMonth(raw))),
  ),
  single(
    'typed-total-7',
    'periods',
    'past 10 days spending?',
    one((raw) => spending(raw, lastDays(raw, 10))),
  ),
  single(
    'typed-total-8',
    'periods',
    'what did i spend the last 3 months',
    anyOf(
      one((raw) => spending(raw, fullMonths(raw, 3))),
      one((raw) => spending(raw, rolling(raw, 3))),
    ),
  ),
  single(
    'typed-total-9',
    'spending',
    'how much did i blow on weekends last month',
    one((raw) => spending(raw, lastMonth(raw), onWeekend)),
  ),
  single(
    'typed-total-10',
    'income',
    (raw) => `income since ${longMonth(month(raw, 4))}`,
    one((raw) => income(raw, since(raw, 4))),
  ),
  single(
    'typed-total-11',
    'income',
    'what did i bring in ytd',
    anyOf(
      one((raw) => income(raw, thisYear(raw))),
      one((raw) => income(raw, thisYear(raw), WAGES)),
    ),
  ),
  single(
    'typed-total-12',
    'income',
    (raw) => `how much did i make in ${shortMonth(month(raw, 2))}`,
    anyOf(
      one((raw) => income(raw, monthsAgo(raw, 2))),
      one((raw) => income(raw, monthsAgo(raw, 2), WAGES)),
    ),
  ),
  single(
    'typed-total-13',
    'cash_flow',
    'net cash flow last month?',
    one((raw) => income(raw, lastMonth(raw)) - spending(raw, lastMonth(raw))),
  ),
  single(
    'typed-total-14',
    'cash_flow',
    'how much did i save in q2',
    anyOf(
      one((raw) => income(raw, quarter(raw, 2)) - spending(raw, quarter(raw, 2))),
      one((raw) => savedToSavings(raw, quarter(raw, 2))),
    ),
  ),
  single(
    'typed-total-15',
    'periods',
    'spending last week',
    anyOf(
      one((raw) => spending(raw, periods.lastWeek(raw.today))),
      one((raw) => spending(raw, lastDays(raw, 7))),
    ),
  ),
  single(
    'typed-total-16',
    'spending',
    'did i spend anything yesterday? how much',
    one((raw) => spending(raw, yesterday(raw.today))),
  ),
  single(
    'typed-total-17',
    'periods',
    (raw) => `second half of ${thisYearOf(raw) - 1} - total spending`,
    one((raw) => spending(raw, secondHalfOf(raw.today, thisYearOf(raw) - 1))),
  ),
  single(
    'typed-total-18',
    'periods',
    (raw) => `how much did i spend between ${shortMonth(month(raw, 3))} and ${shortMonth(month(raw, 1))}`,
    one((raw) => spending(raw, fullMonths(raw, 3))),
  ),
  single(
    'typed-total-19',
    'cash_flow',
    'money in vs money out past 30 days',
    inAndOut((raw) => lastDays(raw, 30)),
  ),
  single(
    'typed-total-20',
    'spending',
    (raw) => `how much on groceries in ${misspeltMonth(month(raw, 3))}`,
    one((raw) => spending(raw, monthsAgo(raw, 3), GROCERIES)),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Counts, averages, rankings and amount filters

const MEASURES: Question[] = [
  single(
    'typed-count-1',
    'counts',
    'how many starbucks runs this yr',
    times((raw) => purchaseCount(raw, thisYear(raw), STARBUCKS)),
  ),
  single(
    'typed-count-2',
    'counts',
    '# of uber rides last month',
    times((raw) => purchaseCount(raw, lastMonth(raw), UBER)),
  ),
  single(
    'typed-count-3',
    'counts',
    'how many amazon orders did i place in q3',
    times((raw) => purchaseCount(raw, quarter(raw, 3), AMAZON)),
  ),
  single(
    'typed-count-4',
    'counts',
    'how many purchases over $100 last month',
    times((raw) => purchaseCount(raw, lastMonth(raw), over(100))),
  ),
  single(
    'typed-count-5',
    'counts',
    (raw) => `how many times did i eat at restaurants in ${longMonth(month(raw, 2))}`,
    times((raw) => purchaseCount(raw, monthsAgo(raw, 2), RESTAURANTS)),
  ),
  single(
    'typed-avg-1',
    'averages',
    'avg grocery spend per week over the last 3 months',
    anyOf(
      one((raw) => perWeek(spending(raw, fullMonths(raw, 3), GROCERIES), fullMonths(raw, 3))),
      one((raw) => perWeek(spending(raw, rolling(raw, 3), GROCERIES), rolling(raw, 3))),
    ),
  ),
  single(
    'typed-avg-2',
    'averages',
    'whats my average monthly spending this year',
    anyOf(
      one((raw) => perMonth(spending(raw, thisYear(raw)), thisYear(raw))),
      one((raw) => perMonth(spending(raw, thisYearsFullMonths(raw)), thisYearsFullMonths(raw))),
    ),
  ),
  single(
    'typed-avg-3',
    'averages',
    'avg amount per coffee purchase the last 6 months',
    anyOf(
      one((raw) => perPurchase(raw, fullMonths(raw, 6), COFFEE)),
      one((raw) => perPurchase(raw, rolling(raw, 6), COFFEE)),
    ),
  ),
  single(
    'typed-avg-4',
    'averages',
    (raw) => `avg uber ride cost since ${longMonth(month(raw, 6))}`,
    one((raw) => perPurchase(raw, since(raw, 6), UBER)),
  ),
  single(
    'typed-avg-5',
    'averages',
    'on average how much do i spend a month on restaurants',
    anyOf(
      one((raw) => perMonth(spending(raw, fullMonths(raw, 3), RESTAURANTS), fullMonths(raw, 3))),
      one((raw) => perMonth(spending(raw, fullMonths(raw, 12), RESTAURANTS), fullMonths(raw, 12))),
      one((raw) => perMonth(spending(raw, thisYear(raw), RESTAURANTS), thisYear(raw))),
      one((raw) => perMonth(spending(raw, thisYearsFullMonths(raw), RESTAURANTS), thisYearsFullMonths(raw))),
    ),
  ),
  single(
    'typed-avg-6',
    'averages',
    'avg daily spending last month',
    one((raw) => perDay(spending(raw, lastMonth(raw)), lastMonth(raw))),
  ),
  single(
    'typed-rank-1',
    'rankings',
    'who got most of my $ last month, top 3 merchants',
    anyOf(
      names((raw) => topMerchantsBySpending(raw, lastMonth(raw), 3)),
      names((raw) => topMerchantsByVisits(raw, lastMonth(raw), 3)),
    ),
  ),
  single(
    'typed-rank-2',
    'rankings',
    'which category did i spend the most on in q3',
    anyOf(...topCategoryIn((raw) => quarter(raw, 3))),
  ),
  single(
    'typed-rank-3',
    'rankings',
    'top 5 spending categories this year',
    anyOf(
      money((raw) => topCategoryTotals(raw, thisYear(raw), 'primary', 5)),
      money((raw) => topCategoryTotals(raw, thisYear(raw), 'detailed', 5)),
    ),
  ),
  single(
    'typed-rank-4',
    'rankings',
    'whats my most visited restaurant the past 3 months',
    anyOf(
      names((raw) => [mostVisited(raw, fullMonths(raw, 3), RESTAURANTS)]),
      names((raw) => [mostVisited(raw, rolling(raw, 3), RESTAURANTS)]),
    ),
  ),
  single(
    'typed-largest-1',
    'largest',
    (raw) => `biggest amazon purchase since ${shortMonth(month(raw, 6))}`,
    one((raw) => largestSpending(raw, since(raw, 6), AMAZON)[0] ?? 0),
  ),
  single(
    'typed-largest-2',
    'largest',
    'smallest starbucks charge in the last 6 months',
    anyOf(
      one((raw) => smallestPurchase(raw, fullMonths(raw, 6), STARBUCKS)),
      one((raw) => smallestPurchase(raw, rolling(raw, 6), STARBUCKS)),
    ),
  ),
  single(
    'typed-filter-1',
    'filters',
    (raw) => `all my charges over $200 in ${shortMonth(month(raw, 1))}`,
    money((raw) => purchaseAmounts(raw, lastMonth(raw), over(200))),
  ),
  single(
    'typed-filter-2',
    'filters',
    'anything under $5 last month?',
    anyOf(
      money((raw) => purchaseAmounts(raw, lastMonth(raw), under(5))),
      times((raw) => purchaseCount(raw, lastMonth(raw), under(5))),
    ),
  ),
  single(
    'typed-filter-3',
    'filters',
    (raw) => `how many transactions between $50 and $100 in ${longMonth(month(raw, 2))}`,
    times((raw) => purchaseCount(raw, monthsAgo(raw, 2), between(50, 100))),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Declined or asked back

const DECLINES: Question[] = [
  single(
    'typed-decline-1',
    'must_decline',
    'can u give me ur best guess of what ill spend next month',
    outsideHistory,
  ),
  single(
    'typed-decline-2',
    'must_decline',
    'predict what my checking balance will be at the end of the year',
    declines,
  ),
  single('typed-decline-3', 'must_decline', "whats my wife's checking account balance", declines),
  single(
    'typed-decline-4',
    'must_decline',
    "my roommate venmo'd me for utilities, how much does he still owe me",
    declines,
  ),
  single('typed-decline-5', 'must_decline', 'how much tax am i gonna owe this year', declines),
  single(
    'typed-decline-6',
    'must_decline',
    'should i convert my traditional ira to a roth for tax reasons',
    declines,
  ),
  single('typed-decline-7', 'must_decline', 'whats my credit score rn', declines),
  single('typed-decline-8', 'must_decline', 'whats tsla trading at today, thinking of buying', declines),
  single(
    'typed-decline-9',
    'must_decline',
    'if i had put 10k into bitcoin in 2015 how rich would i be now',
    declines,
  ),
  single('typed-decline-10', 'must_decline', 'how much?', declines),
  single('typed-decline-11', 'must_decline', 'is that bad?', declines),
  single(
    'typed-decline-12',
    'must_decline',
    'is the stock market gonna crash this year, should i sell everything',
    declines,
  ),
  single(
    'typed-history-1',
    'history_bounds',
    (raw) => `what did i spend in ${yearBeforeHistory(raw)}`,
    outsideHistory,
  ),
  single(
    'typed-history-2',
    'history_bounds',
    (raw) => {
      const before = monthBeforeHistory(raw);
      return `how much on groceries in ${shortMonth(Number(before.start.slice(5, 7)))} ${before.start.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  single(
    'typed-history-3',
    'history_bounds',
    (raw) => {
      const ahead = nextMonth(raw.today);
      return `how much am i going to spend in ${longMonth(Number(ahead.start.slice(5, 7)))} ${ahead.start.slice(0, 4)}`;
    },
    outsideHistory,
  ),
  single(
    'typed-history-4',
    'history_bounds',
    (raw) => `total income for ${thisYearOf(raw) + 1}`,
    outsideHistory,
  ),
];

// ---------------------------------------------------------------------------------------------------
// Follow-ups

const FOLLOW_UPS: Question[] = [
  thread(
    'typed-follow-1',
    'follow_ups',
    {
      ask: 'morning! quick q - how much did i spend on groceries last month',
      expect: one((raw) => spending(raw, lastMonth(raw), GROCERIES)),
    },
    { ask: 'and the month before?', expect: one((raw) => spending(raw, monthsAgo(raw, 2), GROCERIES)) },
  ),
  thread(
    'typed-follow-2',
    'follow_ups',
    {
      ask: (raw) => `what did i spend at restaurants in ${longMonth(month(raw, 2))}`,
      expect: one((raw) => spending(raw, monthsAgo(raw, 2), RESTAURANTS)),
    },
    { ask: 'thx. what about coffee', expect: one((raw) => spending(raw, monthsAgo(raw, 2), COFFEE)) },
  ),
  thread(
    'typed-follow-3',
    'follow_ups',
    {
      ask: 'top 3 places i spent at in the past 30 days',
      expect: anyOf(
        names((raw) => topMerchantsBySpending(raw, lastDays(raw, 30), 3)),
        names((raw) => topMerchantsByVisits(raw, lastDays(raw, 30), 3)),
      ),
    },
    {
      ask: 'how many times did i go to the first one',
      expect: anyOf(
        times((raw) =>
          purchaseCount(
            raw,
            lastDays(raw, 30),
            atMerchant(topMerchantsBySpending(raw, lastDays(raw, 30), 1)[0] ?? ''),
          ),
        ),
        times((raw) =>
          purchaseCount(
            raw,
            lastDays(raw, 30),
            atMerchant(topMerchantsByVisits(raw, lastDays(raw, 30), 1)[0] ?? ''),
          ),
        ),
      ),
    },
  ),
  thread(
    'typed-follow-4',
    'follow_ups',
    {
      ask: 'how much did i spend w/ uber last month',
      expect: one((raw) => spending(raw, lastMonth(raw), UBER)),
    },
    {
      ask: 'which ones?',
      expect: anyOf(
        money((raw) => purchaseAmounts(raw, lastMonth(raw), UBER)),
        times((raw) => purchaseCount(raw, lastMonth(raw), UBER)),
      ),
    },
  ),
  thread(
    'typed-follow-5',
    'follow_ups',
    { ask: 'spending this yr', expect: one((raw) => spending(raw, thisYear(raw))) },
    {
      ask: 'vs last year?',
      expect: anyOf(
        one((raw) => spending(raw, lastYear(raw))),
        one((raw) => spending(raw, yearEarlier(thisYear(raw)))),
      ),
    },
  ),
  thread(
    'typed-follow-6',
    'follow_ups',
    { ask: 'whats my net worth', expect: one(netWorth) },
    {
      ask: 'how much of that is crypto',
      expect: anyOf(
        one(cryptoCents),
        percent((raw) => percentOf(cryptoCents(raw), netWorth(raw))),
      ),
    },
  ),
  thread(
    'typed-follow-7',
    'follow_ups',
    {
      ask: 'how much did i make last month',
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES)),
      ),
    },
    { ask: 'and spend?', expect: one((raw) => spending(raw, lastMonth(raw))) },
    {
      ask: 'so did i save anything',
      expect: anyOf(
        one((raw) => income(raw, lastMonth(raw)) - spending(raw, lastMonth(raw))),
        one((raw) => income(raw, lastMonth(raw), WAGES) - spending(raw, lastMonth(raw))),
      ),
    },
  ),
  thread(
    'typed-follow-8',
    'follow_ups',
    { ask: 'amazon spending q3', expect: one((raw) => spending(raw, quarter(raw, 3), AMAZON)) },
    { ask: 'how many orders was that', expect: times((raw) => purchaseCount(raw, quarter(raw, 3), AMAZON)) },
  ),
  thread(
    'typed-follow-9',
    'follow_ups',
    { ask: 'biggest purchase last month', expect: one((raw) => -largestPurchase(raw, lastMonth(raw)).cents) },
    { ask: 'where was that', expect: names((raw) => [merchantKey(largestPurchase(raw, lastMonth(raw)))]) },
  ),
  thread(
    'typed-follow-10',
    'follow_ups',
    {
      ask: 'whats the total amt i paid in rent this yr',
      expect: one((raw) => spending(raw, thisYear(raw), RENT)),
    },
    { ask: 'ok whats my checking balance', expect: one((raw) => balanceOf(raw, 'checking')) },
  ),
  thread(
    'typed-follow-11',
    'follow_ups',
    { ask: 'coffee last 30 days', expect: one((raw) => spending(raw, lastDays(raw, 30), COFFEE)) },
    {
      ask: 'so per week thats what',
      expect: one((raw) => perWeek(spending(raw, lastDays(raw, 30), COFFEE), lastDays(raw, 30))),
    },
  ),
  thread(
    'typed-follow-12',
    'follow_ups',
    {
      ask: 'how much did i get in dividends last year',
      expect: one((raw) => income(raw, lastYear(raw), DIVIDENDS)),
    },
    { ask: 'which holding paid the most', expect: names((raw) => [topDividendTicker(raw, lastYear(raw))]) },
  ),
  thread(
    'typed-follow-13',
    'follow_ups',
    {
      ask: (raw) => `restaurants in ${longMonth(month(raw, 1))}`,
      expect: one((raw) => spending(raw, lastMonth(raw), RESTAURANTS)),
    },
    {
      ask: "where'd most of that go",
      expect: anyOf(
        names((raw) => [topMerchantOf(raw, lastMonth(raw), RESTAURANTS)]),
        names((raw) => [mostVisited(raw, lastMonth(raw), RESTAURANTS)]),
      ),
    },
  ),
  thread(
    'typed-follow-14',
    'follow_ups',
    {
      ask: (raw) => `how much did i spend in ${longMonth(month(raw, 3))}`,
      expect: one((raw) => spending(raw, monthsAgo(raw, 3))),
    },
    {
      ask: 'and the same month the yr before?',
      expect: one((raw) => spending(raw, monthYearEarlier(monthsAgo(raw, 3)))),
    },
  ),
  thread(
    'typed-follow-15',
    'follow_ups',
    { ask: "what's my savings balance", expect: one((raw) => balanceOf(raw, 'savings')) },
    {
      ask: 'how much interest did it earn this year',
      expect: one((raw) =>
        income(raw, thisYear(raw), (flow) => INTEREST(flow) && byAccountKind('savings')(flow)),
      ),
    },
  ),
];

// ---------------------------------------------------------------------------------------------------
// Several readings

const SEVERAL_READINGS: Question[] = [
  single(
    'typed-readings-1',
    'several_readings',
    'how much did i spend on food',
    anyOf(
      clarification,
      ...[
        thisMonth,
        lastMonth,
        thisYear,
        (raw: RawData) => lastDays(raw, 30),
        (raw: RawData) => fullMonths(raw, 3),
      ].map((period) => one((raw) => spending(raw, period(raw), FOOD))),
    ),
  ),
  single(
    'typed-readings-2',
    'several_readings',
    'how much have i paid apple this yr',
    anyOf(
      clarification,
      one((raw) => spending(raw, thisYear(raw), byMerchant('Apple'))),
      one((raw) => spending(raw, thisYear(raw), byMerchant('Apple iCloud'))),
      one((raw) => spending(raw, thisYear(raw), either(byMerchant('Apple'), byMerchant('Apple iCloud')))),
    ),
  ),
  single(
    'typed-readings-3',
    'several_readings',
    'whats in my ethereum wallet',
    anyOf(
      clarification,
      money((raw) => walletsOnChain(raw, 'eth')),
      one((raw) => walletsOnChain(raw, 'eth').reduce((sum, cents) => sum + cents, 0)),
    ),
  ),
  single(
    'typed-readings-4',
    'several_readings',
    'whats my balance',
    anyOf(
      clarification,
      one((raw) => balanceOf(raw, 'checking')),
      one(bankCash),
      one(netWorth),
    ),
  ),
  single(
    'typed-readings-5',
    'several_readings',
    'what did i spend last weekend',
    anyOf(
      one((raw) => spending(raw, lastWeekend(raw.today))),
      one((raw) => spending(raw, weekendStarted(raw.today))),
    ),
  ),
];

export const TYPED_QUESTIONS: readonly Question[] = [
  ...SHARES,
  ...COMPARISONS,
  ...OPEN,
  ...INVESTMENTS,
  ...TOTALS,
  ...MEASURES,
  ...DECLINES,
  ...FOLLOW_UPS,
  ...SEVERAL_READINGS,
];
