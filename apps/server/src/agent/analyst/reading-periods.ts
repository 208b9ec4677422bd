import { fullMonthsBefore, WHOLE_HISTORY } from './ledger-plan.ts';
import { dayLabel, daysInMonth, iso, partsOf, plusDays, spanLabel, week } from './period-calendar.ts';
import { type PeriodMention, type PeriodReading, readPeriods } from './period-grammar.ts';
import { nextPeriod, type Period, previousPeriod, thisMonth, wholeYear } from './periods.ts';
import type { Reading } from './reading.ts';
import type { Shape } from './shape.ts';
import type { TurnContext } from './vocabulary.ts';

/**
 * The periods a question names, over its reading (docs/agent.md, "How a question is read"): one, two
 * for a comparison, a range split by a word of change, the same days a year before.
 */

/** What the period readings need of the question's parts. */
export type PeriodParts = {
  q: string;
  shift: 'previous' | 'next' | undefined;
  shape: Shape;
  periods: PeriodReading;
};

/** 'the same month last year', 'than a year before': the period named, and the same days a year earlier. */
export const YEAR_BACK =
  /\b(?:(?:in|for|during|with|to) )?(?:the )?same (?:month|months|period|time|quarter|week|weekend|day|stretch|dates)(?: of)? (?:last year|the (?:previous|prior) year|(?:a|one|the) year (?:ago|before|earlier|back|prior))\b|\b(?:than|vs|versus|compared (?:to|with)|against|from|with) (?:a|one|the) year (?:before|earlier|prior|ago)\b/;

/** The same days a year before ('last october' against 'this october'). */
export function yearBefore(period: Period): Period {
  const back = (day: string) => {
    const { y, m, d } = partsOf(day);
    // The same date a year before, or that month's last day (February 29 → February 28).
    return iso(y - 1, m, Math.min(d, daysInMonth(y - 1, m)));
  };
  const [start, end] = [back(period.start), back(period.end)];
  return {
    ...period,
    start,
    end,
    // '2026 so far' a year before is not all of 2025: it is named by its dates.
    label: / so far$/.test(period.label)
      ? spanLabel(start, end)
      : period.label.replace(/\b(\d{4})\b/g, (year) => String(Number(year) - 1)),
  };
}

/** 'the same month a year before': the period against its year-earlier self, or (a follow-up) that alone. */
export function applyYearBack(reading: Reading, parts: PeriodParts, context: TurnContext): void {
  const base =
    parts.periods.mentions[0]?.period ?? reading.periods?.[0] ?? reading.period ?? thisMonth(context.today);
  const earlier = yearBefore(base);
  if (/^(and|what about|how about)\b/.test(parts.q) && parts.periods.mentions.length === 0) {
    reading.period = earlier;
    delete reading.periods;
  } else {
    reading.period = base;
    reading.periods = [base, earlier];
  }
}

/**
 * 'how did it change from q1 to q2', 'the difference between june and july': with a word of change,
 * a range is two periods compared, each end read on its own.
 */
function splitRange(q: string, mention: PeriodMention, today: string): Period[] | undefined {
  if (
    !/\b(chang\w*|difference|differ|compare\w*|vs|versus|went|go|gone|grew|grow|rose|fell|dropped|jump\w*|spik\w*|climb\w*|increas\w*|decreas\w*|rise|risen|shot up|moved)\b/.test(
      q,
    )
  )
    return undefined;
  const ends = mention.text
    .toLowerCase()
    .replace(/^(from|between)\s+/, '')
    .split(/\s+(?:to|and|through|thru|until|till|-|–)\s+/);
  if (ends.length !== 2) return undefined;
  const [a, b] = ends.map((end) => readPeriods(end, today).mentions);
  if (a?.length !== 1 || b?.length !== 1 || !a[0] || !b[0]) return undefined;
  // 'from aug to sept': September against August, so the change is said from the first to the second.
  return [b[0].period, a[0].period];
}

/** The period of the same shape that is running today ('this month' for 'last month'). */
function currentOf(period: Period, today: string): Period {
  let current = period;
  for (let step = 0; step < 400 && current.end < today; step++) current = nextPeriod(current, today);
  return current;
}

/** The periods the question names over the reading's: one, or two for a comparison. */
export function applyPeriods(reading: Reading, parts: PeriodParts, context: TurnContext): void {
  const { shift, shape, q } = parts;
  const mentions = parts.periods.mentions;
  if (reading.periods && mentions.length === 1 && reading.periods[1] === mentions[0]?.period) return;
  // 'last 3 months vs the 3 before that': the period named against the one of its length before it.
  const only = mentions.length === 1 ? mentions[0] : undefined;
  if (
    only &&
    /\b(vs|versus|than|compared (to|with)|against|and|or) the (\d+ |two |three |four |six |twelve )?(months? |weeks? |years? |quarters? |ones? )?before( that| it| then)?\b/.test(
      q,
    )
  ) {
    reading.period = only.period;
    reading.periods = [only.period, previousPeriod(only.period, context.today)];
    return;
  }
  // 'this month vs the same time last month': the days so far against the same days before.
  const sameTime = q.match(
    /\b(?:same|this) (?:time|point|day|date) (?:last|the previous|a) (month|year)(?: ago)?\b/,
  );
  const phrase = sameTime?.[0] ?? '';
  // 'this month than last month? same days', 'this yr vs last yr at the same point': the running
  // period so far against the same days of the one before.
  const first = mentions[0];
  if (
    !sameTime &&
    first?.future === 'partly' &&
    (first.period.unit === 'month' || first.period.unit === 'year') &&
    mentions.length <= 2 &&
    SAME_SPAN.test(q)
  ) {
    reading.periods = sameDaysBefore(first.period.unit, context.today);
    delete reading.period;
    return;
  }
  if (
    sameTime?.[1] &&
    mentions
      .filter((m) => !phrase.includes(m.text.toLowerCase()))
      .every((m) => m.period.end === context.today)
  ) {
    reading.periods = sameDaysBefore(sameTime[1] as 'month' | 'year', context.today);
    delete reading.period;
    return;
  }
  if (shift && !shape.compare) return;
  if (mentions[0]) {
    reading.period = mentions[0].period;
    delete reading.periods;
  }
  if (mentions[1]) {
    const [first, second] = [mentions[0]?.period as Period, mentions[1].period];
    // 'this october vs last october': the same month twice means the one a year before.
    const same = first.start === second.start && first.end === second.end;
    reading.periods = [
      first,
      same && /^last\b/.test(mentions[1].text.toLowerCase()) ? yearBefore(second) : second,
    ];
  }
  // 'year over year': this year against the last, when no period is named.
  if (!mentions[0] && /\byear over year\b|\byoy\b/.test(q)) {
    const thisYear = wholeYear(Number(context.today.slice(0, 4)), context.today);
    reading.periods = [thisYear, previousPeriod(thisYear, context.today)];
  }
  const split =
    mentions.length === 1 ? splitRange(q, mentions[0] as PeriodMention, context.today) : undefined;
  if (split) {
    reading.periods = split;
    return;
  }
  if (only && shape.compare === 'previous' && !reading.periods) {
    // 'more than last month': now against the month named; 'last month vs the month before': the
    // month named against the one before it.
    const before = q.slice(0, Math.max(0, q.indexOf(only.text.toLowerCase())));
    reading.periods = /\b(than|vs|versus|compared (to|with)|against|from|since)\s+(the\s+)?$/.test(before)
      ? [currentOf(only.period, context.today), only.period]
      : [only.period, previousPeriod(only.period, context.today)];
    reading.shape = { ...shape, compare: undefined };
  }
  // 'biggest purchase ever', 'since the start of my history': all the linked history.
  if (!mentions[0] && !reading.period && WHOLE_HISTORY.test(q) && context.history?.first)
    reading.period = {
      start: context.history.first,
      end: context.today,
      label: 'all your linked history',
      unit: 'days',
    };
  // 'am I spending more than I earn', 'where do I usually shop': a habit, read over the last whole
  // months, not a half month.
  if (
    !mentions[0] &&
    !reading.period &&
    ((reading.intent === 'cash_flow' && /\b(am i|do i|are we|do we)\b/.test(q)) || HABIT.test(q))
  )
    reading.period = fullMonthsBefore(context.today, 3);
}

/** The month or year so far, and the same days of the one before (the 31st clamped to a shorter month). */
function sameDaysBefore(unit: 'month' | 'year', today: string): Period[] {
  const { y, m, d } = partsOf(today);
  const [startNow, startBefore] =
    unit === 'month' ? [iso(y, m, 1), iso(y, m - 1, 1)] : [iso(y, 0, 1), iso(y - 1, 0, 1)];
  const { y: by, m: bm } = partsOf(unit === 'month' ? startBefore : iso(y - 1, m, 1));
  const endBefore = iso(by, bm, Math.min(d, daysInMonth(by, bm)));
  return [
    { start: startNow, end: today, label: spanLabel(startNow, today), unit: 'days' },
    { start: startBefore, end: endBefore, label: spanLabel(startBefore, endBefore), unit: 'days' },
  ];
}

/** Words of a habit: what the user does as a rule, not in one stretch of days. */
const HABIT =
  /\b(usually|typically|normally|generally|regularly|most often|most frequently|the most often|tend to|tends to|come from|comes from|coming from|goes (to|towards?)|does (\w+ ){0,4}go|(do|does) (i|we) (\w+ ){0,3}(the )?most|(gets|takes|eats) (the )?most of (my|the))\b|\b(what|which)('s| is| are)? (\w+ ){0,2}(eats|takes|uses|costs|drains) (up )?(most|the most|the bulk)\b/;

/**
 * 'weekly spending the last 4 weeks': a series by week over whole weeks (the 4 before this one), not
 * 28 days cut into a part week at each end.
 */
export function wholeWeeksOfSeries(reading: Reading, parts: PeriodParts, today: string): void {
  if (reading.shape?.series !== 'week' || reading.periods) return;
  const mention = parts.periods.mentions[0];
  const count = mention?.text
    .toLowerCase()
    .match(/^(?:the )?(?:last|past|previous|prior) (\d+|two|three|four|five|six|seven|eight) weeks$/)?.[1];
  if (!count) return;
  const weeks =
    Number(count) || { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 }[count] || 0;
  const thisWeek = week(today);
  const start = plusDays(thisWeek.start, -7 * weeks);
  const end = plusDays(thisWeek.start, -1);
  reading.period = {
    start,
    end,
    label: `the last ${weeks} whole weeks (${spanLabel(start, end)})`,
    unit: 'days',
  };
}

/** Words that cut the earlier period to the days the running one has had. */
export const SAME_SPAN =
  /\bsame (days|number of days|point|stretch|dates|period of time)\b|\bto the same (day|date|point)\b|\b(apples to apples|like for like)\b/;

/**
 * 'this yr (full months only)': a running period cut to its whole months, the one running now left
 * out, when the question says so.
 */
export function wholeMonthsOnly(periods: PeriodReading, q: string, today: string): PeriodReading {
  if (
    !/\b(full|complete|completed|whole) months only\b|\bonly (the )?(full|complete|completed|whole) months\b/.test(
      q,
    )
  )
    return periods;
  const { y, m } = partsOf(today);
  const lastMonthEnd = iso(y, m, 0);
  return {
    ...periods,
    mentions: periods.mentions.map((mention) =>
      mention.future === 'partly' && mention.period.start <= lastMonthEnd && mention.period.unit !== 'month'
        ? {
            ...mention,
            future: 'none',
            period: {
              ...mention.period,
              end: lastMonthEnd,
              label: spanLabel(mention.period.start, lastMonthEnd),
            },
          }
        : mention,
    ),
  };
}

/** 'since my last paycheck', 'since I got paid': from the day of the latest paycheck. */
const SINCE_PAYCHECK =
  /\bsince (?:my |the |i )?(?:last |latest |most recent )?(?:paycheck|pay ?check|payday|pay day|got paid|was paid|last got paid|pay)\b/;

/**
 * 'since my last paycheck' as the day of the latest paycheck, written into the question as a date the
 * grammar reads (and no longer a paycheck asked about); the text to ask back when no paycheck is known.
 */
export function anchorPaycheck(q: string, context: TurnContext): string | { q: string; payday?: string } {
  const since = q.match(SINCE_PAYCHECK);
  if (!since) return { q };
  const payday = context.history?.lastPaycheck;
  if (!payday)
    return 'I couldn\'t find a paycheck in your linked accounts. From which day should I count? For example "since Nov 14".';
  return { q: q.replace(since[0], `since ${payday}`), payday };
}

/** The periods a question names, the one anchored at a paycheck labelled as such. */
export function questionPeriods(q: string, today: string, payday: string | undefined): PeriodReading {
  const read = sharedMonth(sharedYear(q, readPeriods(q, today), today), today);
  if (!payday) return read;
  return {
    ...read,
    mentions: read.mentions.map((mention) =>
      mention.text === `since ${payday}`
        ? {
            ...mention,
            period: { ...mention.period, label: `since your last paycheck on ${dayLabel(payday)}` },
          }
        : mention,
    ),
  };
}

/**
 * 'h1 or h2 of last year', 'march vs april 2025': the year said once, after the second, is the first's
 * too (same kind of period, joined by 'or', 'and' or 'vs', the first naming no year of its own).
 */
/**
 * 'the first half of oct or the second half': a bare half after a month's half is that month's other
 * half, not the year's.
 */
function sharedMonth(read: PeriodReading, today: string): PeriodReading {
  const [first, second, ...rest] = read.mentions;
  if (!first || !second || rest.length > 0) return read;
  const month = /^the (first|second) half of (\w+ \d{4})$/.exec(first.period.label)?.[2];
  if (!month || !/^(the )?(first|second|other|last) half$/.test(second.text.trim())) return read;
  const which =
    /second|last|other/.test(second.text) && !/second/.test(first.period.label) ? 'second' : 'first';
  const again = readPeriods(`the ${which} half of ${month}`, today).mentions[0];
  return again
    ? { ...read, mentions: [first, { ...second, period: again.period, future: again.future }] }
    : read;
}

function sharedYear(q: string, read: PeriodReading, today: string): PeriodReading {
  const [first, second, ...rest] = read.mentions;
  if (!first || !second || rest.length > 0 || first.period.unit !== second.period.unit) return read;
  if (!['half', 'quarter', 'month'].includes(first.period.unit)) return read;
  const between = q.slice(first.index + first.text.length, second.index).trim();
  if (!/^(or|and|vs\.?|versus|compared (to|with))$/.test(between)) return read;
  if (
    /\d{4}|\byears?\b|\byr\b|'\d{2}/.test(first.text) ||
    // The second's year said as a year ('2025', 'of last year'), not counted from the first ('a year ago').
    !/\d{4}|\b(last|this|next|previous) (year|yr)\b|'\d{2}/.test(second.text)
  )
    return read;
  const year = second.period.start.slice(0, 4);
  if (first.period.start.slice(0, 4) === year) return read;
  const again = readPeriods(`${first.text} ${year}`, today).mentions[0];
  if (!again || again.period.unit !== first.period.unit) return read;
  return { ...read, mentions: [{ ...first, period: again.period, future: again.future }, second] };
}
