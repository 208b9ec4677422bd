import {
  isTimeGrouping,
  type LedgerFilters,
  type LedgerMeasure,
  type LedgerPeriod,
  type LedgerQueryInput,
} from '@penny/contracts';
import { addDays, daysInPeriod } from '../../finance/index.ts';
import { lastDays, plusDays, spanLabel, week, weekdayOf } from './period-calendar.ts';
import { type Period, previousPeriod, wholeMonth } from './periods.ts';
import type { ToolCall } from './reading.ts';
import type { Shape } from './shape.ts';

/**
 * A question read as a ledger query (packages/contracts/src/ledger-query.ts): the measure, the
 * statistic, the filters, the period or periods and the grouping. Only what the question said goes
 * in; what it left open gets the defaults docs/agent.md states ("The ledger query").
 */
export type LedgerSubject = {
  measure: LedgerMeasure;
  categories?: string[];
  merchants?: string[];
  account?: string;
  text?: string;
  /** Left out ('everything but rent'). */
  excludeCategories?: string[];
  excludeMerchants?: string[];
};

const asLedgerPeriod = (period: Period): LedgerPeriod => ({
  start: period.start,
  end: period.end,
  label: period.label,
});

/** The N whole calendar months before today's month. */
export function fullMonthsBefore(today: string, months: number): Period {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const first = wholeMonth(year, month - 1 - months, today);
  const last = wholeMonth(year, month - 2, today);
  return {
    start: first.start,
    end: last.end,
    label: `the last ${months} full months (${first.label} – ${last.label})`,
    unit: 'days',
  };
}

/** The period a shaped question means when it names none. */
/** 'how much do i pay spotify in a yr': a year's worth, the last 12 whole months. */
export const YEARLY_RATE =
  /\b(in|per|a|each|every) (yr|year)\b(?! (ago|back|before|earlier|later|from now))|\b(annually|yearly|annual)\b/;

export function defaultPeriod(shape: Shape, q: string, today: string, historyStart: string | null): Period {
  if (!shape.series && YEARLY_RATE.test(q)) return fullMonthsBefore(today, 12);
  // 'spending quarter by quarter': this year's quarters so far; a monthly or weekly series, 6 months.
  if (shape.series === 'quarter')
    return {
      start: `${today.slice(0, 4)}-01-01`,
      end: today,
      label: `${today.slice(0, 4)} so far`,
      unit: 'days',
    };
  // 'did I get a raise': paychecks over a year, so the change shows.
  if (shape.series && shape.per === 'transaction' && shape.measure === 'income')
    return fullMonthsBefore(today, 12);
  if (shape.series) return fullMonthsBefore(today, 6);
  // 'which category grew the most': the last whole month against the one before, not a part month.
  if (shape.compare === 'previous' && shape.groupBy !== 'none') {
    const [year = 0, month = 1] = today.split('-').map(Number);
    return wholeMonth(year, month - 2, today);
  }
  // 'which month had the most income': months ranked need months to rank, the last 12 whole ones.
  // So do kinds of income side by side ('dividends or interest'): dividends come a quarter at a time.
  if (shape.groupBy === 'month' || (shape.measure === 'income' && shape.groupBy === 'category'))
    return fullMonthsBefore(today, 12);
  // 'lately', 'recently': the last 30 days.
  if (/\b(lately|recently|these days)\b/.test(q)) {
    return lastDays(30, today);
  }
  // An average, or how often something happens: what is usual, over whole months. So is a share of
  // income, or income but wages: paychecks and dividends arrive in lumps, and half a month is no whole.
  const ofIncome =
    (shape.statistic === 'share' && (shape.shareOf === 'income' || shape.measure === 'income')) ||
    /\b(besides|except|other than|not from)\b.*\b(job|work|salary|paychecks?|wages)\b|\bside (income|money|hustles?|gigs?)\b/.test(
      q,
    );
  if (shape.statistic === 'average' || ofIncome || /\bhow (often|frequently)\b/.test(q))
    return fullMonthsBefore(today, 3);
  if (
    (WHOLE_HISTORY.test(q) ||
      /\bhave i (ever )?(been|gone|bought|paid|spent|had|made|received)\b|\bin total\b|\boverall\b/.test(
        q,
      )) &&
    historyStart
  )
    return { start: historyStart, end: today, label: 'all your linked history', unit: 'days' };
  const [year = 0, month = 1] = today.split('-').map(Number);
  return wholeMonth(year, month - 1, today);
}

function filtersOf(subject: LedgerSubject, shape: Shape): LedgerFilters {
  const filters: LedgerFilters = {};
  if (subject.categories?.length) filters.categories = subject.categories;
  if (subject.merchants?.length) filters.merchants = subject.merchants;
  // Grouped by account, every account shows: one account's filter would leave one group.
  if (subject.account && shape.groupBy !== 'account') filters.account = subject.account;
  if (subject.text) filters.text = subject.text;
  if (subject.excludeCategories?.length) filters.exclude_categories = subject.excludeCategories;
  if (subject.excludeMerchants?.length) filters.exclude_merchants = subject.excludeMerchants;
  if (shape.minAmount) filters.min_amount = shape.minAmount;
  if (shape.maxAmount) filters.max_amount = shape.maxAmount;
  if (shape.days) filters.days = shape.days;
  return filters;
}

function query(input: LedgerQueryInput): ToolCall {
  return { tool: 'ledger_query', input };
}

/** The tool calls that answer a shaped question; Deep Thinking adds what drove it and the usual. */
/**
 * 'this year vs last year': a year still running is set against the same days of the year before
 * (2026 so far against January 1 – November 26, 2025), never against all twelve months. A month or a
 * quarter so far is set against the whole one before, as people track a month against last month's
 * total.
 */
export function sameDaysBefore(periods: Period[], today: string): Period[] {
  const [running, before] = periods;
  if (!running || !before || periods.length !== 2 || running.end !== today || before.end >= running.start)
    return periods;
  if (!running.label.endsWith('so far') || running.unit !== 'year' || before.unit !== 'year') return periods;
  const end = addDays(before.start, daysInPeriod(running) - 1);
  if (end >= before.end) return periods;
  return [running, { start: before.start, end, label: spanLabel(before.start, end), unit: 'days' }];
}

export function ledgerCalls(
  subject: LedgerSubject,
  shape: Shape,
  allPeriods: Period[],
  today: string,
  deep: boolean,
): ToolCall[] {
  // (An average or a share is a rate, fair over spans of any length.)
  const periods =
    shape.statistic === 'total' || shape.statistic === 'count'
      ? sameDaysBefore(allPeriods, today)
      : allPeriods;
  // Single transactions ranked have no net; months or categories ranked by their net do ('which month
  // did I save the most').
  const measure =
    (shape.statistic === 'largest' || shape.statistic === 'smallest') &&
    (shape.series ?? shape.groupBy) === 'none'
      ? rankable(subject.measure)
      : subject.measure;
  const filters = filtersOf(subject, shape);
  const first = periods[0] as Period;
  const groupBy = shape.series ?? shape.groupBy;
  const base: LedgerQueryInput = {
    measure,
    statistic: shape.statistic,
    ...(shape.per ? { per: shape.per } : {}),
    ...(shape.shareOf && shape.statistic === 'share' ? { share_of: shape.shareOf } : {}),
    ...(shape.shareWithin?.length && shape.statistic === 'share' ? { share_within: shape.shareWithin } : {}),
    ...(shape.shareBy && shape.statistic === 'share' ? { share_by: shape.shareBy } : {}),
    filters,
    periods: periods.slice(0, 2).map(asLedgerPeriod),
    group_by: shape.statistic === 'share' && isTimeGrouping(groupBy) ? 'none' : groupBy,
    ...(shape.top ? { top: shape.top } : {}),
    ...(shape.change ? { change: shape.change } : {}),
  };
  if (periods.length === 1 && shape.compare === 'previous') {
    base.periods = [asLedgerPeriod(first), asLedgerPeriod(previousPeriod(first, today))];
  }
  // 'biggest expense each month': the largest of each month (or week), one query a month.
  if (
    periods.length === 1 &&
    (shape.series === 'month' || shape.series === 'week') &&
    (shape.statistic === 'largest' || shape.statistic === 'smallest') &&
    shape.groupBy === 'none'
  ) {
    return bucketsOf(first, shape.series, today).map((bucket) =>
      query({ ...base, periods: [asLedgerPeriod(bucket)], group_by: 'none', top: shape.top ?? 1 }),
    );
  }
  const calls = [query(base)];
  // 'did my pay go up': the average paycheck of the latest whole month against the same month a year
  // before leads (a verdict, not only a series); the series after it shows when the pay changed.
  if (
    periods.length === 1 &&
    shape.series === 'month' &&
    shape.per === 'transaction' &&
    measure === 'income'
  ) {
    const [year = 0, month = 1] = first.end.slice(0, 10).split('-').map(Number);
    const ended = addDays(first.end, 1).endsWith('-01') && first.end < today;
    const latest = wholeMonth(year, ended ? month - 1 : month - 2, today);
    const yearBefore = wholeMonth(year - 1, ended ? month - 1 : month - 2, today);
    calls.unshift(
      query({ ...base, periods: [asLedgerPeriod(latest), asLedgerPeriod(yearBefore)], group_by: 'none' }),
    );
  }
  if (periods.length === 1 && shape.compare === 'usual') {
    calls.push(
      query({
        measure,
        statistic: 'average',
        per: usualUnit(first),
        filters,
        periods: [asLedgerPeriod(usualBefore(first, today))],
        group_by: 'none',
      }),
    );
  }
  if (deep && periods.length === 1 && !shape.compare && !shape.series && shape.statistic !== 'share') {
    // What drove it: the same measure against the period before, by merchant; and the usual month.
    calls.push(
      query({
        measure,
        statistic: 'total',
        filters,
        periods: [asLedgerPeriod(first), asLedgerPeriod(previousPeriod(first, today))],
        group_by: 'merchant',
        top: 5,
      }),
    );
    if (measure !== 'net_cash_flow' || shape.statistic === 'total')
      calls.push(
        query({
          measure,
          statistic: 'average',
          per: usualUnit(first),
          filters,
          periods: [asLedgerPeriod(usualBefore(first, today))],
          group_by: 'none',
        }),
      );
  }
  return calls;
}

/** The months or weeks of a period, each cut to it, the 12 latest at most. */
function bucketsOf(period: Period, unit: 'month' | 'week', today: string): Period[] {
  const buckets: Period[] = [];
  for (let start = period.start; start <= period.end; ) {
    const [year = 0, month = 1] = start.split('-').map(Number);
    const whole = unit === 'month' ? wholeMonth(year, month - 1, today) : week(start);
    const from = whole.start < period.start ? period.start : whole.start;
    const to = whole.end > period.end ? period.end : whole.end;
    const cut = from !== whole.start || to !== whole.end;
    buckets.push({ start: from, end: to, label: cut ? spanLabel(from, to) : whole.label, unit: 'days' });
    start = plusDays(whole.end, 1);
  }
  return buckets.slice(-12);
}

/** Net cash flow has no single transactions to rank: rank spending instead. */
function rankable(measure: LedgerMeasure): LedgerMeasure {
  return measure === 'net_cash_flow' ? 'spending' : measure;
}

/**
 * What a period is measured against when asked whether it is usual: a day against the average day, a
 * weekend against the average weekend, a week (or a run of up to two weeks) against the average week,
 * a calendar month (even one under way) and anything longer against the average month.
 */
export function usualUnit(period: Period): 'day' | 'weekend' | 'week' | 'month' {
  // 'is my spending normal this month' on the 7th: the month is what was named, so the average month,
  // not the average week (the answer states how far the month has run).
  if (period.unit === 'month') return 'month';
  const days = daysInPeriod(period);
  if (days <= 1) return 'day';
  if (days === 2 && weekdayOf(period.start) === 6) return 'weekend';
  return days <= 14 ? 'week' : 'month';
}

/** The three whole months before a period: what 'usual' is measured against. */
export function usualBefore(period: Period, today: string): Period {
  const start = period.start;
  const [year = 0, month = 1] = start.split('-').map(Number);
  const from = wholeMonth(year, month - 4, today);
  const to = { end: addDays(`${start.slice(0, 7)}-01`, -1) };
  return {
    start: from.start,
    end: to.end,
    label: `the 3 months before (${from.label} – ${wholeMonth(year, month - 2, today).label})`,
    unit: 'days',
  };
}

/** Words for all the linked history: 'ever', 'all time', 'since the very start', 'my whole history'. */
export const WHOLE_HISTORY =
  /\bever\b|\ball[- ]time\b|\bsince (the )?(very )?(start|beginning|first)\b|\b(whole|entire|all of my|all my) (linked )?history\b|\bsince i (started|linked|joined|signed up|connected)\b/;
