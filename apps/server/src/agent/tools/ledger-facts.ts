import type {
  LedgerGroup,
  LedgerPeriodFigures,
  LedgerQueryResult,
  TransactionRow,
} from '../../finance/index.ts';
import { divideCents, fromCents, toCents } from '../../finance/index.ts';
import { count, usd } from './format.ts';
import {
  accountWords,
  averageHead,
  countSubject,
  GROUP_NOUN,
  inPeriod,
  lowerSubject,
  MEASURE_WORD,
  narrowingWords,
  PER_WORDS,
  pct,
  periodName,
  rankingHead,
  shareSubject,
  shortDayText,
  signedPct,
  subjectOf,
  TRANSACTION_NOUN,
  valueText,
} from './ledger-words.ts';

/**
 * The ledger query's facts, headline first: money as '$1,234.56', counts as 'N transactions',
 * percentages with one decimal. The formats are listed in docs/agent.md, "The ledger query".
 */

type Result = LedgerQueryResult;

/** The series lines listed in facts at most (the data has every bucket). */
const MAX_SERIES_LINES = 60;

/** '$337.45 a month over 3 months ($1,012.35 in total)' */
function averageText(result: Result, figures: LedgerPeriodFigures): string {
  const average = figures.average;
  const words = PER_WORDS[result.query.per];
  if (!average || average.value === null)
    return `no average (0 transactions, ${usd(figures.total)} in total)`;
  const over =
    result.query.per === 'week'
      ? `${average.divisor} weeks (${count(average.days, 'day')}, ${usd(figures.total)} in total)`
      : `${count(Number(average.divisor), words.unit, words.units)} (${usd(figures.total)} in total)`;
  return `${usd(average.value)} a ${words.unit} over ${over}`;
}

function shareSentence(result: Result, figures: LedgerPeriodFigures): string {
  const { query } = result;
  // With only an account named, the share is of every account's total (and the part names the account).
  const what = narrowed(result) ? shareSubject(result) : subjectOf(result);
  const account = narrowed(result) ? accountWords(query.measure, result.filters) : '';
  const of = `your ${MEASURE_WORD[query.share_of ?? query.measure]}${withinWords(result)}${account}`;
  if (figures.share.percent === null) {
    return `${what}: ${usd(figures.total)} ${inPeriod(figures.period)}; ${of} came to ${usd(figures.share.whole)}, so there is no share to give.`;
  }
  // 'rent vs everything else': the rest of the whole is said beside the part.
  const rest = toCents(figures.share.whole) - toCents(figures.total);
  const sameMeasure = (query.share_of ?? query.measure) === query.measure;
  const restWords = sameMeasure && rest > 0n ? `; everything else ${usd(fromCents(rest))}` : '';
  const byAmount = `${pct(figures.share.percent)} of ${of} ${inPeriod(figures.period)} (${usd(figures.total)} of ${usd(figures.share.whole)}${restWords})`;
  // By number only when the whole counts the same kind of transaction (not rent purchases out of income payments).
  const { countPercent, wholeCount } = figures.share;
  if ((query.share_of ?? query.measure) !== query.measure || countPercent === null)
    return `${what} came to ${byAmount}.`;
  const [one, many] = TRANSACTION_NOUN[query.measure];
  const byNumber = `${figures.count} of your ${count(wholeCount, one, many)} (${pct(countPercent)})`;
  return query.share_by === 'count'
    ? `${what}, by number of ${many}: ${byNumber} ${inPeriod(figures.period)}; by amount, ${byAmount}.`
    : `${what} came to ${byAmount}; by number, ${byNumber}.`;
}

/** ' on Food and drink': the categories a share's whole is limited to. */
function withinWords(result: Result): string {
  const within = result.filters.shareWithin;
  if (within.length === 0) return '';
  const labels = within.map((category) => category.label);
  const joined = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `${result.query.measure === 'income' ? ' from' : ' on'} ${joined}`;
}

/** Whether a share is of something other than the total itself (a filter, an account, or another measure). */
function partialShare(result: Result): boolean {
  const { query } = result;
  return (
    narrowed(result) ||
    result.filters.accounts.length > 0 ||
    result.filters.shareWithin.length > 0 ||
    (query.share_of ?? query.measure) !== query.measure
  );
}

function emptySentence(result: Result, figures: LedgerPeriodFigures): string {
  // The figure said as one ('$0.00'), so a comparison with another period reads as two figures.
  return `No ${lowerSubject(result)} ${inPeriod(figures.period)} ($0.00, 0 transactions).`;
}

/** A transaction as a ranked line's tail: '$249.99 at Amazon on Mar 3, 2026 (Shopping, Plaid Checking)'. */
function transactionText(result: Result, row: TransactionRow, withName: boolean): string {
  const by = result.query.measure === 'income' ? 'from' : 'at';
  const name = withName ? ` ${by} ${row.merchant ?? row.name}` : '';
  return `${usd(row.amount.replace('-', ''))}${name} on ${shortDayText(row.date)} (${row.categoryLabel}, ${row.account})`;
}

function rankedTransactions(result: Result, figures: LedgerPeriodFigures): string[] {
  const { query } = result;
  const rows = figures.transactions;
  const nouns = TRANSACTION_NOUN[query.measure][1];
  const scope = `${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
  const first = rows[0];
  if (!first) return [`No ${nouns}${scope} ${inPeriod(figures.period)} (0 transactions).`];
  const oneMerchant = result.filters.merchants.length === 1;
  if (rows.length === 1) {
    return [
      `${rankingHead(result, 1)} ${inPeriod(figures.period)}: ${transactionText(result, first, !oneMerchant)}.`,
    ];
  }
  return [
    `${rankingHead(result, rows.length)} ${inPeriod(figures.period)}, out of ${count(figures.count, 'transaction')}:`,
    ...rows.map((row, index) => `${index + 1}. ${transactionText(result, row, true)}`),
  ];
}

/** A group's ranked line: '1. Whole Foods Market: $300.00 (4 transactions, 23.1%)'. */
function groupLine(result: Result, group: LedgerGroup, index: number): string {
  const head = `${index + 1}. ${group.label}`;
  switch (result.query.statistic) {
    case 'count':
      return `${head}: ${count(group.count, 'transaction')} (${usd(group.total)})`;
    case 'average':
      return `${head}: ${group.average === null ? 'n/a' : usd(group.average)} a ${PER_WORDS[result.query.per].unit} (${usd(group.total)} in total, ${count(group.count, 'transaction')})`;
    case 'share':
      return `${head}: ${pct(group.sharePercent)} (${usd(group.total)}, ${count(group.transactionCount, 'transaction')})`;
    default:
      // A net (saved, or in the red) is no part of a whole: no share beside it.
      return `${head}: ${usd(group.total)} (${count(group.transactionCount, 'transaction')}${group.sharePercent === null ? '' : `, ${pct(group.sharePercent)}`})`;
  }
}

function otherLine(result: Result, figures: LedgerPeriodFigures): string[] {
  const other = figures.other;
  if (!other || result.query.group_by === 'none') return [];
  const nouns = GROUP_NOUN[result.query.group_by][1];
  return [
    `Other ${nouns} (${other.groups}): ${usd(other.total)} (${count(other.transactionCount, 'transaction')})`,
  ];
}

function groupedFacts(result: Result, figures: LedgerPeriodFigures): string[] {
  const { query } = result;
  if (query.group_by === 'none') return [];
  const [noun, nouns] = GROUP_NOUN[query.group_by];
  const when = inPeriod(figures.period);
  const listed = figures.groups.length;
  const cut = listed < figures.groupCount ? `; the top ${listed}` : '';
  if (query.statistic === 'largest' || query.statistic === 'smallest') {
    const first = figures.groups[0];
    if (!first) return [emptySentence(result, figures)];
    if (listed === 1) {
      return [
        `${rankingHead(result, 1)} ${when}: ${first.label}, ${usd(first.total)} (${count(first.transactionCount, 'transaction')}${first.sharePercent === null ? '' : `, ${pct(first.sharePercent)}`}).`,
      ];
    }
    return [
      `${rankingHead(result, listed)} ${when}, out of ${count(figures.groupCount, noun, nouns)}:`,
      ...figures.groups.map((group, index) => groupLine(result, group, index)),
    ];
  }
  const groupsText = count(figures.groupCount, noun, nouns);
  const heads = {
    total: `${subjectOf(result)} by ${noun} ${when}: ${usd(figures.total)} across ${count(figures.transactionCount, 'transaction')} in ${groupsText}${cut}:`,
    count: `${countSubject(result)} by ${noun} ${when}: ${count(figures.count, 'transaction')} in ${groupsText}${cut}:`,
    average: `${averageHead(result)} by ${noun}, ${periodName(figures.period)}: ${averageText(result, figures)}${cut}:`,
    share: `${subjectOf(result)} by ${noun} ${when}: ${usd(figures.total)}; each ${noun}'s share of it${cut}:`,
  } satisfies Record<typeof query.statistic, string>;
  return [
    heads[query.statistic],
    ...(query.statistic === 'share' && figures.share.whole !== figures.total
      ? [shareSentence(result, figures)]
      : []),
    ...figures.groups.map((group, index) => groupLine(result, group, index)),
    ...otherLine(result, figures),
  ];
}

function seriesFacts(result: Result, figures: LedgerPeriodFigures): string[] {
  const { query, unit } = result;
  const series = figures.series;
  if (!series || query.group_by === 'none') return [];
  const noun = GROUP_NOUN[query.group_by][0];
  const head =
    query.statistic === 'count'
      ? `${countSubject(result)} by ${noun}, ${periodName(figures.period)}: ${count(figures.count, 'transaction')}`
      : query.statistic === 'average'
        ? `${averageHead(result)} by ${noun}, ${periodName(figures.period)}: ${averageText(result, figures)}`
        : `${subjectOf(result)} by ${noun}, ${periodName(figures.period)}: ${usd(figures.total)} across ${count(figures.transactionCount, 'transaction')}`;
  const average =
    unit === 'transactions' ? `${series.average} transactions` : valueText(series.average, unit);
  const lines = figures.groups.slice(0, MAX_SERIES_LINES).map((group) => {
    const beside = unit === 'transactions' ? usd(group.total) : count(group.transactionCount, 'transaction');
    return `${group.label}: ${valueText(group.value, unit)} (${beside})`;
  });
  // A net cash flow over time: how many of its months (or weeks) spent more than came in.
  const inTheRed =
    query.measure === 'net_cash_flow' && query.statistic === 'total'
      ? [
          `In the red (more spent than came in): ${count(series.negative, noun)} of ${series.buckets}${
            series.negative === 0
              ? ''
              : `, ${figures.groups
                  .filter((group) => (group.value ?? '0').startsWith('-'))
                  .map((group) => group.label)
                  .join(', ')}`
          }.`,
        ]
      : [];
  return [
    `${head}; highest ${series.highest.label} (${valueText(series.highest.value, unit)}), lowest ${series.lowest.label} (${valueText(series.lowest.value, unit)}), average ${average} a ${noun} over ${count(series.buckets, noun)}.`,
    ...inTheRed,
    ...lines,
  ];
}

/** 'how often': ', about 2 income payments a month' over two months or more. */
function countRate(result: Result, figures: LedgerPeriodFigures): string {
  if (figures.countPerMonth === null) return '';
  const [one, many] = TRANSACTION_NOUN[result.query.measure];
  return `, about ${figures.countPerMonth} ${figures.countPerMonth === '1' ? one : many} a month`;
}

/** A period's figure in one sentence, without its breakdown. */
function plainHeadline(result: Result, figures: LedgerPeriodFigures): string {
  const when = inPeriod(figures.period);
  if (figures.transactionCount === 0) return emptySentence(result, figures);
  switch (result.query.statistic) {
    case 'count':
      return `${countSubject(result)} ${when}: ${count(figures.count, 'transaction')} (${usd(figures.total)} in total)${countRate(result, figures)}.`;
    case 'average':
      return `${averageHead(result)}, ${periodName(figures.period)}: ${averageText(result, figures)}.`;
    case 'share':
      return partialShare(result)
        ? shareSentence(result, figures)
        : `${subjectOf(result)} ${when}: ${usd(figures.total)} across ${count(figures.transactionCount, 'transaction')}.`;
    default:
      return `${subjectOf(result)} ${when}: ${usd(figures.total)} across ${count(figures.transactionCount, 'transaction')}.`;
  }
}

/** Whether a filter other than the account narrows the measure (a share is then of the whole). */
function narrowed(result: Result): boolean {
  const { filters } = result;
  return (
    filters.categories.length > 0 ||
    filters.merchants.length > 0 ||
    filters.text !== null ||
    filters.minAmount !== null ||
    filters.maxAmount !== null ||
    filters.days !== null ||
    filters.excludedCategories.length + filters.excludedMerchants.length > 0
  );
}

/** One period's facts, headline first. */
export function periodFacts(result: Result, figures: LedgerPeriodFigures): string[] {
  const { query } = result;
  if (query.group_by === 'none' && (query.statistic === 'largest' || query.statistic === 'smallest')) {
    return rankedTransactions(result, figures);
  }
  if (figures.transactionCount === 0) return [emptySentence(result, figures)];
  if (figures.series) return seriesFacts(result, figures);
  if (query.group_by !== 'none') return groupedFacts(result, figures);
  return [plainHeadline(result, figures)];
}

/** A signed difference in its unit: '+$60.00', '-3 transactions', '+2.1 points'. */
function signedDifference(difference: string, unit: Result['unit']): string {
  const sign = Number(difference) > 0 ? '+' : Number(difference) < 0 ? '-' : '';
  const size = difference.replace('-', '');
  if (unit === 'percent') return `${sign}${Number(size).toFixed(1)} points`;
  if (unit === 'transactions') return `${sign}${count(Number(size), 'transaction')}`;
  return `${sign}${usd(size)}`;
}

/** '$29.50 more in Q2 2026 (+16.3%)', '3 fewer transactions in Q2 2026 (-25.0%)', 'the same in both'. */
function changeText(
  unit: Result['unit'],
  change: { difference: string | null; changePercent: number | null },
  first: LedgerPeriodFigures,
): string {
  if (change.difference === null) return 'no comparison (a figure is missing)';
  const negative = change.difference.startsWith('-');
  const size = change.difference.replace('-', '');
  if (Number(size) === 0) return 'the same in both';
  const when = inPeriod(first.period);
  const percent = change.changePercent === null ? '' : ` (${signedPct(change.changePercent)})`;
  switch (unit) {
    case 'transactions':
      return `${count(Number(size), negative ? 'fewer transaction' : 'more transaction', negative ? 'fewer transactions' : 'more transactions')} ${when}${percent}`;
    case 'percent':
      return `${Number(size).toFixed(1)} points ${negative ? 'less' : 'more'} ${when}`;
    default:
      return `${usd(size)} ${negative ? 'less' : 'more'} ${when}${percent}`;
  }
}

/** The two totals compared (a share by group compares the totals its parts divide). */
function totalsComparison(result: Result, first: LedgerPeriodFigures, second: LedgerPeriodFigures): string {
  const difference = fromCents(toCents(first.total) - toCents(second.total));
  const before = toCents(second.total);
  const changePercent =
    before > 0n ? Number(divideCents((toCents(first.total) - before) * 1000n, before)) / 10 : null;
  const change = changeText('usd', { difference, changePercent }, first);
  return `${subjectOf(result)}: ${usd(first.total)} ${inPeriod(first.period)} vs ${usd(second.total)} ${inPeriod(second.period)}, ${change}.`;
}

function comparisonHead(result: Result, first: LedgerPeriodFigures, second: LedgerPeriodFigures): string {
  const { query, unit } = result;
  const change = changeText(unit, result.comparison ?? { difference: null, changePercent: null }, first);
  const at = (figures: LedgerPeriodFigures) =>
    `${valueText(figures.value, unit)} ${inPeriod(figures.period)}`;
  switch (query.statistic) {
    case 'count':
      return `${countSubject(result)}: ${at(first)} vs ${at(second)}, ${change}.`;
    case 'average': {
      const unitWord = PER_WORDS[query.per].unit;
      const each = (figures: LedgerPeriodFigures) =>
        `${valueText(figures.value, unit)} a ${unitWord} ${inPeriod(figures.period)}`;
      return `${averageHead(result)}: ${each(first)} vs ${each(second)}, ${change}.`;
    }
    case 'share': {
      if (!partialShare(result)) return totalsComparison(result, first, second);
      const of = `your ${MEASURE_WORD[query.measure]}${withinWords(result)}${accountWords(query.measure, result.filters)}`;
      const each = (figures: LedgerPeriodFigures) => `(${usd(figures.total)} of ${usd(figures.share.whole)})`;
      return `${shareSubject(result)} came to ${pct(first.share.percent)} of ${of} ${inPeriod(first.period)} ${each(first)} vs ${pct(second.share.percent)} ${inPeriod(second.period)} ${each(second)}, ${change}.`;
    }
    case 'largest':
    case 'smallest':
      return `${rankingHead(result, 1)}: ${at(first)} vs ${at(second)}, ${change}.`;
    default:
      return `${subjectOf(result)}: ${at(first)} vs ${at(second)}, ${change}.`;
  }
}

const CHANGE_ORDER: Record<NonNullable<Result['query']['change']>, string> = {
  any: 'largest change first',
  increase: 'largest increase first (only those that rose)',
  decrease: 'largest decrease first (only those that fell)',
  none: 'largest first',
};

/** Two periods: the comparison first, the groups' changes, then each period's own facts. */
function comparisonFacts(result: Result, first: LedgerPeriodFigures, second: LedgerPeriodFigures): string[] {
  const { unit, query } = result;
  const groups = result.comparison?.groups ?? [];
  const lines =
    groups.length > 0 && query.group_by !== 'none'
      ? [
          `By ${GROUP_NOUN[query.group_by][0]}, ${CHANGE_ORDER[query.change ?? 'any']}:`,
          ...groups.map(
            (group, index) =>
              `${index + 1}. ${group.label}: ${valueText(group.values[0], unit)} ${inPeriod(first.period)} vs ${valueText(group.values[1], unit)} ${inPeriod(second.period)}, ${signedDifference(group.difference, unit)}${group.changePercent === null ? '' : ` (${signedPct(group.changePercent)})`}`,
          ),
        ]
      : query.group_by !== 'none' && (query.change === 'increase' || query.change === 'decrease')
        ? [`No ${GROUP_NOUN[query.group_by][0]} ${query.change === 'increase' ? 'rose' : 'fell'}.`]
        : [];
  // Each period's own figures; with groups compared above, only each period's headline.
  const own = (figures: LedgerPeriodFigures) =>
    groups.length > 0 ? [plainHeadline(result, figures)] : periodFacts(result, figures);
  return [comparisonHead(result, first, second), ...lines, ...own(first), ...own(second)];
}

export function ledgerFacts(result: Result): string[] {
  const [first, second] = result.periods;
  if (!first) return [];
  if (second) return comparisonFacts(result, first, second);
  return periodFacts(result, first);
}
