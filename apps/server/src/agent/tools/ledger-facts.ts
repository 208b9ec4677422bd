import type {
  LedgerGroup,
  LedgerPeriodFigures,
  LedgerQueryResult,
  TransactionRow,
} from '../../finance/index.ts';
import { count, usd } from './format.ts';
import {
  accountWords,
  countSubject,
  GROUP_NOUN,
  inPeriod,
  lowerSubject,
  MEASURE_WORD,
  narrowingWords,
  pct,
  periodName,
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

const PER_WORDS = {
  month: { adjective: 'monthly', unit: 'month', units: 'months' },
  week: { adjective: 'weekly', unit: 'week', units: 'weeks' },
  day: { adjective: 'daily', unit: 'day', units: 'days' },
  transaction: { adjective: 'per-transaction', unit: 'transaction', units: 'transactions' },
} as const;

/** The series lines listed in facts at most (the data has every bucket). */
const MAX_SERIES_LINES = 60;

function averageHead(result: Result): string {
  const { query } = result;
  if (query.per === 'transaction') {
    const noun = TRANSACTION_NOUN[query.measure][0];
    return `Average ${noun}${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
  }
  return `Average ${PER_WORDS[query.per].adjective} ${lowerSubject(result)}`;
}

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
  const what = shareSubject(result);
  const wholeMeasure = result.query.share_of ?? result.query.measure;
  // With only an account named, the whole is every account ('spending on my card' of all spending).
  const onlyAccount =
    result.filters.categories.length === 0 &&
    result.filters.merchants.length === 0 &&
    !result.filters.text &&
    result.filters.minAmount === null &&
    result.filters.maxAmount === null;
  const of = `your ${MEASURE_WORD[wholeMeasure]}${onlyAccount ? '' : accountWords(wholeMeasure, result.filters)}`;
  if (figures.share.percent === null) {
    return `${what}: ${usd(figures.total)} ${inPeriod(figures.period)}; ${of} came to ${usd(figures.share.whole)}, so there is no share to give.`;
  }
  const subject = onlyAccount ? `${what}${accountWords(result.query.measure, result.filters)}` : what;
  return `${subject} came to ${pct(figures.share.percent)} of ${of} ${inPeriod(figures.period)} (${usd(figures.total)} of ${usd(figures.share.whole)}).`;
}

function emptySentence(result: Result, figures: LedgerPeriodFigures): string {
  return `No ${lowerSubject(result)} ${inPeriod(figures.period)} (0 transactions).`;
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
  const [noun, nouns] = TRANSACTION_NOUN[query.measure];
  const scope = `${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
  const first = rows[0];
  if (!first) return [`No ${nouns}${scope} ${inPeriod(figures.period)} (0 transactions).`];
  const oneMerchant = result.filters.merchants.length === 1;
  if (rows.length === 1) {
    return [
      `The ${query.statistic} ${noun}${scope} ${inPeriod(figures.period)}: ${transactionText(result, first, !oneMerchant)}.`,
    ];
  }
  return [
    `The ${rows.length} ${query.statistic} ${nouns}${scope} ${inPeriod(figures.period)}, out of ${count(figures.count, 'transaction')}:`,
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
      return `${head}: ${usd(group.total)} (${count(group.transactionCount, 'transaction')}, ${pct(group.sharePercent)})`;
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
    const measure = `${MEASURE_WORD[query.measure]}${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
    const first = figures.groups[0];
    if (!first) return [emptySentence(result, figures)];
    if (listed === 1) {
      return [
        `The ${noun} with the ${query.statistic} ${measure} ${when}: ${first.label}, ${usd(first.total)} (${count(first.transactionCount, 'transaction')}, ${pct(first.sharePercent)}).`,
      ];
    }
    return [
      `The ${listed} ${nouns} with the ${query.statistic} ${measure} ${when}, out of ${figures.groupCount}:`,
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
  const lines = figures.groups
    .slice(0, MAX_SERIES_LINES)
    .map(
      (group) =>
        `${group.label}: ${valueText(group.value, unit)} (${count(group.transactionCount, 'transaction')})`,
    );
  return [
    `${head}; highest ${series.highest.label} (${valueText(series.highest.value, unit)}), lowest ${series.lowest.label} (${valueText(series.lowest.value, unit)}), average ${average} a ${noun} over ${count(series.buckets, noun)}.`,
    ...lines,
  ];
}

/** One period's facts, headline first. */
export function periodFacts(result: Result, figures: LedgerPeriodFigures): string[] {
  const { query } = result;
  if (query.group_by === 'none' && (query.statistic === 'largest' || query.statistic === 'smallest')) {
    return rankedTransactions(result, figures);
  }
  if (figures.transactionCount === 0 && query.statistic !== 'share') return [emptySentence(result, figures)];
  if (figures.series) return seriesFacts(result, figures);
  if (query.group_by !== 'none') return groupedFacts(result, figures);
  const when = inPeriod(figures.period);
  switch (query.statistic) {
    case 'count':
      return [
        `${countSubject(result)} ${when}: ${count(figures.count, 'transaction')} (${usd(figures.total)} in total).`,
      ];
    case 'average':
      return [`${averageHead(result)}, ${periodName(figures.period)}: ${averageText(result, figures)}.`];
    case 'share':
      return [shareSentence(result, figures)];
    default:
      return [
        `${subjectOf(result)} ${when}: ${usd(figures.total)} across ${count(figures.transactionCount, 'transaction')}.`,
      ];
  }
}

/** '$29.50 more in Q2 2026 (+16.3%)', '3 fewer transactions in Q2 2026 (-25.0%)', 'the same in both'. */
function changeText(result: Result, first: LedgerPeriodFigures): string {
  const comparison = result.comparison;
  if (!comparison || comparison.difference === null) return 'no comparison (a figure is missing)';
  const negative = comparison.difference.startsWith('-');
  const size = comparison.difference.replace('-', '');
  if (Number(size) === 0) return 'the same in both';
  const when = inPeriod(first.period);
  const percent = comparison.changePercent === null ? '' : ` (${signedPct(comparison.changePercent)})`;
  switch (result.unit) {
    case 'transactions':
      return `${count(Number(size), negative ? 'fewer transaction' : 'more transaction', negative ? 'fewer transactions' : 'more transactions')} ${when}${percent}`;
    case 'percent':
      return `${Number(size).toFixed(1)} points ${negative ? 'less' : 'more'} ${when}`;
    default:
      return `${usd(size)} ${negative ? 'less' : 'more'} ${when}${percent}`;
  }
}

function comparisonHead(result: Result, first: LedgerPeriodFigures, second: LedgerPeriodFigures): string {
  const { query, unit } = result;
  const change = changeText(result, first);
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
      const each = (figures: LedgerPeriodFigures) =>
        `${pct(figures.share.percent)} ${inPeriod(figures.period)} (${usd(figures.total)} of ${usd(figures.share.whole)})`;
      return `${shareSubject(result)} were ${each(first)} vs ${each(second)} of your ${MEASURE_WORD[query.measure]}, ${change}.`;
    }
    case 'largest':
    case 'smallest': {
      const noun =
        query.group_by === 'none' ? TRANSACTION_NOUN[query.measure][0] : GROUP_NOUN[query.group_by][0];
      return `The ${query.statistic} ${noun}${narrowingWords(query.measure, result.filters)}: ${at(first)} vs ${at(second)}, ${change}.`;
    }
    default:
      return `${subjectOf(result)}: ${at(first)} vs ${at(second)}, ${change}.`;
  }
}

/** Two periods: the comparison first, the groups' changes, then each period's own facts. */
function comparisonFacts(result: Result, first: LedgerPeriodFigures, second: LedgerPeriodFigures): string[] {
  const { unit, query } = result;
  const groups = result.comparison?.groups ?? [];
  const lines =
    groups.length > 0 && query.group_by !== 'none'
      ? [
          `By ${GROUP_NOUN[query.group_by][0]}, largest change first:`,
          ...groups.map(
            (group, index) =>
              `${index + 1}. ${group.label}: ${valueText(group.values[0], unit)} ${inPeriod(first.period)} vs ${valueText(group.values[1], unit)} ${inPeriod(second.period)}, ${unit === 'percent' ? `${Number(group.difference) > 0 ? '+' : ''}${Number(group.difference).toFixed(1)} points` : unit === 'transactions' ? `${Number(group.difference) > 0 ? '+' : ''}${group.difference}` : `${Number(group.difference) > 0 ? '+' : ''}${usd(group.difference)}`}${group.changePercent === null ? '' : ` (${signedPct(group.changePercent)})`}`,
          ),
        ]
      : [];
  // Each period's own figures; with groups compared above, only each period's headline.
  const own = (figures: LedgerPeriodFigures) => {
    const facts = periodFacts(result, figures);
    return groups.length > 0 ? facts.slice(0, 1) : facts;
  };
  return [comparisonHead(result, first, second), ...lines, ...own(first), ...own(second)];
}

export function ledgerFacts(result: Result): string[] {
  const [first, second] = result.periods;
  if (!first) return [];
  if (second) return comparisonFacts(result, first, second);
  return periodFacts(result, first);
}
