import type { LedgerAverageUnit, LedgerGrouping, LedgerMeasure, LedgerPeriod } from '@penny/contracts';
import type { LedgerFiltersApplied, LedgerQueryResult, ValueUnit } from '../../finance/index.ts';
import { monthEnd } from '../../finance/index.ts';
import { count, list, periodText, usd } from './format.ts';

/**
 * How the ledger query names things: periods ('Q3 2026', 'June – August 2026', 'April 3 – June 15,
 * 2026'), the measure with its filters ('Spending on Fuel at Shell'), and the plan read back in words.
 */

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthOnly = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayNoYear = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** A transaction's day as the facts write it: 'Mar 3, 2026'. */
export function shortDayText(day: string): string {
  return shortDay.format(utc(day));
}

const wholeMonths = (period: LedgerPeriod) =>
  period.start.endsWith('-01') && period.end === monthEnd(period.end);

/** A period's name: its label, else its dates ('October 2026', 'June – August 2026', 'April 3 – June 15, 2026'). */
export function periodName(period: LedgerPeriod): string {
  if (period.label) return period.label;
  const { start, end } = period;
  if (start === end) return dayFormat.format(utc(start));
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  if (sameYear && start.endsWith('-01-01') && end.endsWith('-12-31')) return start.slice(0, 4);
  if (wholeMonths(period)) {
    if (start.slice(0, 7) === end.slice(0, 7)) return monthFormat.format(utc(start));
    const from = sameYear ? monthOnly.format(utc(start)) : monthFormat.format(utc(start));
    return `${from} – ${monthFormat.format(utc(end))}`;
  }
  const from = sameYear ? dayNoYear.format(utc(start)) : dayFormat.format(utc(start));
  return `${from} – ${dayFormat.format(utc(end))}`;
}

/** The period after a figure: 'in Q3 2026', 'in October 2026', 'on March 3, 2026', 'from April 3 to June 15, 2026'. */
export function inPeriod(period: LedgerPeriod): string {
  // A label that carries its own preposition ('since Jun 1, 2026', 'from … to …') takes no 'in'.
  if (period.label)
    return /^(since|from|between|before|after|until|over|during|on|yesterday|today|tonight|this|last|next)\b/i.test(
      period.label,
    )
      ? period.label
      : `in ${period.label}`;
  if (period.start === period.end || !wholeMonths(period)) return periodText(period);
  return `in ${periodName(period)}`;
}

export const MEASURE_WORD: Record<LedgerMeasure, string> = {
  spending: 'spending',
  income: 'income',
  net_cash_flow: 'net cash flow',
};

const CATEGORY_WORD: Record<LedgerMeasure, string> = { spending: 'on', income: 'from', net_cash_flow: 'in' };
const MERCHANT_WORD: Record<LedgerMeasure, string> = {
  spending: 'at',
  income: 'from',
  net_cash_flow: 'with',
};
const ACCOUNT_WORD: Record<LedgerMeasure, string> = { spending: 'from', income: 'into', net_cash_flow: 'on' };

/** The amount range in words: 'of $50.00 or more', 'of at most $20.00', 'of $10.00 to $50.00'. */
function amountWords(filters: Pick<LedgerFiltersApplied, 'minAmount' | 'maxAmount'>): string {
  const { minAmount: min, maxAmount: max } = filters;
  if (min !== null && max !== null) return `of ${usd(min)} to ${usd(max)}`;
  if (min !== null) return `of ${usd(min)} or more`;
  if (max !== null) return `of at most ${usd(max)}`;
  return '';
}

/** What narrows the measure, after it: ' on Groceries at Whole Foods matching "organic" in transactions of $50.00 or more'. */
export function narrowingWords(measure: LedgerMeasure, filters: LedgerFiltersApplied): string {
  const amounts = amountWords(filters);
  return [
    filters.categories.length > 0
      ? ` ${CATEGORY_WORD[measure]} ${list(filters.categories.map((c) => c.label))}`
      : '',
    filters.merchants.length > 0 ? ` ${MERCHANT_WORD[measure]} ${list(filters.merchants)}` : '',
    filters.text ? ` matching "${filters.text}"` : '',
    amounts ? ` in transactions ${amounts}` : '',
    filters.days ? ` on ${filters.days}` : '',
    excludedWords(filters),
  ].join('');
}

/** What is left out: ' excluding Rent and Amazon'. */
function excludedWords(filters: LedgerFiltersApplied): string {
  const left = [...filters.excludedCategories.map((c) => c.label), ...filters.excludedMerchants];
  return left.length > 0 ? ` excluding ${list(left)}` : '';
}

export function accountWords(measure: LedgerMeasure, filters: LedgerFiltersApplied): string {
  return filters.accounts.length > 0 ? ` ${ACCOUNT_WORD[measure]} ${list(filters.accounts)}` : '';
}

/** 'Spending on Fuel at Shell from Everyday Checking' */
export function subjectOf(result: Pick<LedgerQueryResult, 'query' | 'filters'>): string {
  const { measure } = result.query;
  const word = MEASURE_WORD[measure];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}${narrowingWords(measure, result.filters)}${accountWords(measure, result.filters)}`;
}

/** The subject as the middle of a sentence: 'spending on Fuel'. */
export function lowerSubject(result: Pick<LedgerQueryResult, 'query' | 'filters'>): string {
  const subject = subjectOf(result);
  return `${subject.charAt(0).toLowerCase()}${subject.slice(1)}`;
}

/** The single transactions a measure counts. */
export const TRANSACTION_NOUN: Record<LedgerMeasure, [string, string]> = {
  spending: ['purchase', 'purchases'],
  income: ['income payment', 'income payments'],
  net_cash_flow: ['transaction', 'transactions'],
};

/** What `count` counts, with the filters: 'Purchases on Fuel'. */
export function countSubject(result: Pick<LedgerQueryResult, 'query' | 'filters'>): string {
  const { measure } = result.query;
  const noun = TRANSACTION_NOUN[measure][1];
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)}${narrowingWords(measure, result.filters)}${accountWords(measure, result.filters)}`;
}

/** What a share is of the whole: 'Groceries', 'Amazon', 'Spending on Groceries at Amazon'. */
export function shareSubject(result: Pick<LedgerQueryResult, 'query' | 'filters'>): string {
  const { filters } = result;
  const onlyCategories =
    filters.merchants.length === 0 &&
    !filters.text &&
    filters.minAmount === null &&
    filters.maxAmount === null &&
    filters.days === null &&
    filters.excludedCategories.length + filters.excludedMerchants.length === 0;
  if (onlyCategories && filters.categories.length > 0) return list(filters.categories.map((c) => c.label));
  const onlyMerchants =
    filters.categories.length === 0 &&
    !filters.text &&
    filters.minAmount === null &&
    filters.maxAmount === null &&
    filters.days === null &&
    filters.excludedCategories.length + filters.excludedMerchants.length === 0;
  if (onlyMerchants && filters.merchants.length > 0) return list(filters.merchants);
  const { measure } = result.query;
  const word = MEASURE_WORD[measure];
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}${narrowingWords(measure, filters)}`;
}

export const GROUP_NOUN: Record<Exclude<LedgerGrouping, 'none'>, [string, string]> = {
  category: ['category', 'categories'],
  merchant: ['merchant', 'merchants'],
  account: ['account', 'accounts'],
  month: ['month', 'months'],
  quarter: ['quarter', 'quarters'],
  week: ['week', 'weeks'],
  day_type: ['kind of day', 'kinds of day'],
};

/** A figure in its unit: '$1,234.56', '12 transactions', '12.3%'. */
export function valueText(value: string | null, unit: ValueUnit): string {
  if (value === null) return 'n/a';
  switch (unit) {
    case 'usd':
      return usd(value);
    case 'transactions':
      return count(Number(value), 'transaction');
    case 'percent':
      return `${Number(value).toFixed(1)}%`;
  }
}

/** A percentage with one decimal: '12.3%' ('n/a' without one). */
export function pct(value: number | null): string {
  return value === null ? 'n/a' : `${value.toFixed(1)}%`;
}

export function signedPct(value: number | null): string {
  return value === null ? 'n/a' : `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
}

export const PER_WORDS = {
  month: { adjective: 'monthly', unit: 'month', units: 'months' },
  week: { adjective: 'weekly', unit: 'week', units: 'weeks' },
  weekend: { adjective: 'per-weekend', unit: 'weekend', units: 'weekends' },
  day: { adjective: 'daily', unit: 'day', units: 'days' },
  transaction: { adjective: 'per-transaction', unit: 'transaction', units: 'transactions' },
} as const satisfies Record<LedgerAverageUnit, { adjective: string; unit: string; units: string }>;

type Named = Pick<LedgerQueryResult, 'query' | 'filters'>;

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
const upperFirst = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** 'Average monthly spending on Groceries', 'Average purchase on Groceries'. */
export function averageHead(result: Named): string {
  const { query } = result;
  if (query.per === 'transaction') {
    const noun = TRANSACTION_NOUN[query.measure][0];
    return `Average ${noun}${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
  }
  return `Average ${PER_WORDS[query.per].adjective} ${lowerSubject(result)}`;
}

/** What a ranking ranks: 'The 5 largest purchases at Amazon', 'The month with the largest spending'. */
export function rankingHead(result: Named, listed: number): string {
  const { query } = result;
  const scope = `${narrowingWords(query.measure, result.filters)}${accountWords(query.measure, result.filters)}`;
  const many = listed === 1 ? '' : `${listed} `;
  if (query.group_by === 'none') {
    const noun = TRANSACTION_NOUN[query.measure][listed === 1 ? 0 : 1];
    return `The ${many}${query.statistic} ${noun}${scope}`;
  }
  const noun = GROUP_NOUN[query.group_by][listed === 1 ? 0 : 1];
  return `The ${many}${noun} with the ${query.statistic} ${MEASURE_WORD[query.measure]}${scope}`;
}

/** The question the plan asks, without its periods. */
function questionOf(result: Named): string {
  const { query } = result;
  const grouped = query.group_by === 'none' ? '' : ` by ${query.group_by}`;
  switch (query.statistic) {
    case 'total':
      return `${subjectOf(result)}${grouped}`;
    case 'count':
      return `Number of ${lowerFirst(countSubject(result))}${grouped}`;
    case 'average':
      return `${averageHead(result)}${grouped}`;
    case 'share': {
      const { filters } = result;
      const narrowed =
        filters.categories.length + filters.merchants.length > 0 ||
        filters.text !== null ||
        filters.minAmount !== null ||
        filters.maxAmount !== null ||
        filters.days !== null ||
        filters.excludedCategories.length + filters.excludedMerchants.length > 0;
      const within = filters.shareWithin.map((category) => category.label).join(' or ');
      const whole =
        within !== ''
          ? ` in ${MEASURE_WORD[query.measure]} ${query.measure === 'income' ? 'from' : 'on'} ${within}${accountWords(query.measure, filters)}`
          : narrowed
            ? ` in all ${MEASURE_WORD[query.measure]}${accountWords(query.measure, filters)}`
            : '';
      return `Share of ${lowerSubject(result)}${whole}${grouped}`;
    }
    case 'largest':
    case 'smallest':
      return rankingHead(result, query.top ?? 5);
  }
}

/**
 * The plan in words: 'Spending on Fuel, Q2 2026 vs Q3 2026, posted transactions', 'The 3 largest
 * purchases at Amazon, 2026 so far, posted transactions'.
 */
export function readingOf(result: Named): string {
  const periods = result.query.periods.map(periodName).join(' vs ');
  return `${upperFirst(questionOf(result))}, ${periods}, posted transactions`;
}
