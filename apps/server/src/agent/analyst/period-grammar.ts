import type { Period } from './period-calendar.ts';
import { type Future, partsOf, plausible, settle, since } from './period-calendar.ts';
import { holidayAt } from './period-holidays.ts';
import {
  ago,
  bareWeekday,
  type Hit,
  lastCount,
  modified,
  phrase,
  unreadCount,
  vague,
} from './period-phrases.ts';
import {
  DATE_CONTEXT,
  latest,
  type Parsed,
  type Point,
  parsePoint,
  range,
  type Scan,
} from './period-points.ts';
import { tokenize } from './period-words.ts';

/**
 * Every period a question names, in the words people write them ('sep '25', 'q3', 'last june',
 * 'jan 5th till feb 10th', 'febuary'), and the date-like words it could not read, so the caller asks
 * back rather than guessing. The period rules are those of docs/agent.md ("Definitions").
 */
export type PeriodMention = {
  period: Period;
  /** The words it was read from, as in the question. */
  text: string;
  /** Where they start in the question (character offset). */
  index: number;
  /** 'none': ends by today; 'partly': runs past today (end clipped to today, label "... so far");
   *  'wholly': starts after today (not clipped). */
  future: Future;
};
export type PeriodReading = {
  mentions: PeriodMention[];
  unreadable: Array<{ text: string; index: number }>;
};

type Rule = (s: Scan, k: number) => Hit | undefined;

const CONNECTORS = new Set(['to', 'through', 'till', 'until', '-', '–', '—']);
const COMPARING = new Set(['compare', 'compared', 'comparing', 'vs', 'versus']);
/** Words after 'the 3rd' that make it a rank, not a day of the month. */
const RANKED = new Set([
  'time',
  'times',
  'transaction',
  'transactions',
  'purchase',
  'purchases',
  'payment',
  'payments',
  'account',
  'accounts',
  'most',
  'place',
  'item',
  'items',
  'one',
  'week',
  'month',
  'quarter',
  'year',
  'category',
  'merchant',
  'percentile',
  'card',
]);

function hitOf(parsed: Parsed | undefined, s: Scan): Hit | undefined {
  if (!parsed) return undefined;
  if (parsed.bad) return { next: parsed.next, bad: true };
  const period = latest(parsed.point, s);
  return period ? { next: parsed.next, period } : { next: parsed.next, bad: true };
}

/** A ranked ordinal ('the 3rd largest'), or a bare number that is no year close to now. */
function notADate(s: Scan, k: number, parsed: Parsed, ctx: boolean): boolean {
  if (parsed.bad) return false;
  const p: Point = parsed.point;
  if (p.t === 'day' && p.m === undefined) {
    const after = s.ts[parsed.next]?.w ?? '';
    return RANKED.has(after) || after.endsWith('est');
  }
  // '2000 in savings' is money; a bare year reads only near today's, a year after 'in' or 'for' always.
  return p.t === 'year' && !ctx && s.ts[k]?.kind === 'num' && (p.y < s.ty - 20 || p.y > s.ty + 10);
}

/** 'march 3', 'sept 2025', 'q3', 'the 5th', 'in 2025', '3/15', 'first half of last year'. */
const point: Rule = (s, k) => {
  // 'agust or jully': a month word right after another month and 'or', 'and' or 'vs' is one too.
  const joined =
    ['or', 'and', 'vs', 'versus', 'to', 'through', 'thru', '-'].includes(s.ts[k - 1]?.w ?? '') &&
    s.ts[k - 2]?.month !== undefined &&
    s.ts[k - 2]?.monthHow !== 'clash';
  const ctx = DATE_CONTEXT.has(s.ts[k - 1]?.w ?? '') || joined;
  const parsed = parsePoint(s, k, ctx);
  if (!parsed || notADate(s, k, parsed, ctx)) return undefined;
  return hitOf(parsed, s);
};

/** A range's end that is a bare day number after a start with a month: 'march 3 to 20'. */
function rangeEnd(s: Scan, k: number, start: Point): Parsed | undefined {
  const parsed = parsePoint(s, k, true);
  if (parsed) return parsed;
  const t = s.ts[k];
  if (start.t !== 'day' || start.m === undefined || t?.value === undefined) return undefined;
  if ((t.kind !== 'num' && t.kind !== 'ord') || t.w.length > 4) return undefined;
  return { point: { t: 'day', d: t.value }, next: k + 1 };
}

/** 'june through august', 'aug-oct 2025', 'between march and may', 'from the 1st to the 15th'. */
const span: Rule = (s, k) => {
  const lead = s.ts[k]?.w;
  const j = lead === 'from' || lead === 'between' ? k + 1 : k;
  const a = parsePoint(s, j, true);
  if (!a || a.bad) return undefined;
  const connector = s.ts[a.next]?.w ?? '';
  const joins = CONNECTORS.has(connector) || (lead === 'between' && connector === 'and');
  // 'compare march to april' names two periods, not one from March to April.
  const comparing = lead !== 'from' && lead !== 'between' && s.ts.slice(0, k).some((t) => COMPARING.has(t.w));
  if (!joins || (comparing && connector === 'to')) return undefined;
  const b = rangeEnd(s, a.next + 1, a.point);
  if (!b) return undefined;
  const bareYear = a.point.t === 'year' && s.ts[j]?.kind === 'num' && lead !== 'from' && lead !== 'between';
  if (b.bad) return bareYear ? undefined : { next: b.next, bad: true };
  if (bareYear && (b.point.t !== 'year' || Math.abs((a.point.y ?? 0) - s.ty) > 20)) return undefined;
  const period = range(a.point, b.point, s);
  return period ? { next: b.next, period } : { next: b.next, bad: true };
};

const RELATIVE: Rule[] = [phrase, lastCount, ago, modified, bareWeekday];

/** 'since march', 'since the 1st', 'since jan 2025', 'since last month': from its first day to today. */
const sinceRule: Rule = (s, k) => {
  if (s.ts[k]?.w !== 'since') return undefined;
  let from: Hit | undefined;
  for (const rule of [...RELATIVE, (t: Scan, at: number) => hitOf(parsePoint(t, at, true), t)]) {
    const hit = rule(s, k + 1);
    if (hit && (!from || hit.next > from.next)) from = hit;
  }
  if (!from) return undefined;
  if (!from.period || from.period.start > s.today) return { next: from.next, bad: true };
  return { next: from.next, period: since(from.period.start, s.today) };
};

// Last: a counted span no rule above read is said back, not skipped.
const RULES: Rule[] = [span, sinceRule, point, ...RELATIVE, vague, unreadCount];

/** Reads every period a question names; `today` is YYYY-MM-DD (UTC). */
export function readPeriods(question: string, today: string): PeriodReading {
  const { y, m } = partsOf(today);
  const s: Scan = { ts: tokenize(question), today, ty: y, tm: m };
  const reading: PeriodReading = { mentions: [], unreadable: [] };
  let k = 0;
  while (k < s.ts.length) {
    let best: Hit | undefined;
    for (const rule of RULES) {
      const hit = rule(s, k);
      if (hit && hit.next > k && (!best || hit.next > best.next)) best = hit;
    }
    if (!best) {
      k++;
      continue;
    }
    const index = s.ts[k]?.index ?? 0;
    const text = question.slice(index, s.ts[best.next - 1]?.end ?? index);
    if (best.period && plausible(best.period)) {
      reading.mentions.push({ ...settle(best.period, today), text, index });
    } else {
      reading.unreadable.push({ text, index });
    }
    k = best.next;
  }
  return joinDetachedYears(reading, question, today);
}

/** Words that keep two periods apart: 'march and this year' names two. */
const SEPARATE = /\b(and|or|vs|versus|compared?|to|than|against|with|from|since|plus|but|then)\b|[,;&]/;

/**
 * 'oct groceries this yr vs oct last yr', 'oct vs oct a year ago': a month named alone, then its year
 * a word or two later (with the subject between), is that month of that year, not the month and the
 * year to date.
 */
function joinDetachedYears(reading: PeriodReading, question: string, today: string): PeriodReading {
  const mentions: PeriodMention[] = [];
  for (let i = 0; i < reading.mentions.length; i++) {
    const month = reading.mentions[i] as PeriodMention;
    const year = reading.mentions[i + 1];
    const between = year ? question.slice(month.index + month.text.length, year.index) : '';
    const words = tokenize(month.text);
    // A month or a holiday named alone ('valentines day dinner last yr').
    const bareMonth =
      words.every((t) => t.month !== undefined) ||
      holidayAt(
        words.map((t) => t.w),
        0,
        today,
      )?.length === words.length;
    const yearWords =
      year &&
      year.period.unit === 'year' &&
      /^(this|last|next) (year|yr)$|^\d{4}$|^(a|one|1) (year|yr) ago$/.test(year.text.toLowerCase().trim());
    const unreadableBetween = reading.unreadable.some(
      (u) => year && u.index >= month.index && u.index < year.index,
    );
    if (
      year &&
      !unreadableBetween &&
      bareMonth &&
      yearWords &&
      !SEPARATE.test(between.toLowerCase()) &&
      between.trim().split(/\s+/).length <= 2
    ) {
      // 'oct a year ago': October of the year that phrase names.
      const joined = readPeriods(`${month.text} ${year.period.start.slice(0, 4)}`, today).mentions;
      if (joined.length === 1 && joined[0]) {
        mentions.push({ ...joined[0], text: `${month.text}${between}${year.text}`, index: month.index });
        i++;
        continue;
      }
    }
    mentions.push(month);
  }
  return { ...reading, mentions };
}
