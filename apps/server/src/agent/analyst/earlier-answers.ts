import { SPENDING_WORDS } from './intents.ts';
import { spanLabel } from './period-calendar.ts';
import type { Period } from './periods.ts';
import type { Plan, Reading } from './reading.ts';
import { LEDGER_INTENTS } from './reading.ts';
import { namesTransactions, PLAIN_SHAPE, type Shape } from './shape.ts';

/**
 * Follow-ups that point back at earlier answers: 'the first one' (an item of the last numbered list)
 * and 'combined?' (the subjects of the last two questions together).
 */

/** 'the first one', 'the 2nd place', '#3': an item of an earlier answer's numbered list. */
const ORDINAL =
  /\bthe (first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|top|last) (one|place|merchant|store|category|item)\b|(?<![\w#])((number|#|no\.?) ?[1-9])\b(?! (transactions?|purchases?|times?))/;
const ORDINAL_INDEX: Record<string, number> = {
  first: 0,
  '1st': 0,
  top: 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
};

/** The item of the previous answer's list a question points at ('the first one'), when it points at one. */
export function listItem(
  q: string,
  previous: Reading,
): { words: string; name: string | undefined } | undefined {
  const list = previous.listed ?? [];
  // 'how much did I spend there' after an answer naming one place: that place.
  const there = q.match(
    /(?<!\b(is|are|was|were|be|been) )\b(there|that place|that store|that shop|that merchant)\b/,
  );
  if (there && list.length === 1 && LEDGER_INTENTS.has(previous.intent))
    return { words: there[0], name: `at ${list[0]}` };
  // 'the biggest thing I bought that month' after 'which month was my most expensive': that month.
  const thatTime = q.match(/\b(?:in |during )?(?:that|the same) (month|week|quarter)\b/);
  const ranked = previous.shape?.groupBy;
  if (thatTime && list.length === 1 && ranked === thatTime[1] && LEDGER_INTENTS.has(previous.intent))
    return { words: thatTime[0], name: `in ${list[0]}` };
  // 'how much is that a month' after 'biggest spending category this yr': the one named, per month.
  const winner = q.match(/\b(?:is|was) (that|it)\b(?= (?:a|per|each|every) (?:month|week|day)\b)/);
  if (
    winner &&
    list.length === 1 &&
    previous.shape?.top === 1 &&
    (ranked === 'category' || ranked === 'merchant') &&
    LEDGER_INTENTS.has(previous.intent)
  )
    return { words: winner[0], name: `${winner[0].split(' ')[0]} ${list[0]}` };
  const ordinal = q.match(ORDINAL);
  if (!ordinal) return undefined;
  const word = (ordinal[1] ?? ordinal[3] ?? '').replace(/^(#|number |no\.? ?)/, '');
  const index = word === 'last' ? list.length - 1 : (ORDINAL_INDEX[word] ?? Number(word) - 1);
  return { words: ordinal[0], name: list[index] };
}

/** 'combined?', 'together?', 'both?', 'in total?': the sum over the subjects just asked about. */
export const COMBINED =
  /\b(combined|together|altogether|both|the two|added up)\b|^(and |so )?(in )?(total|sum)( then)?\??$/;

/** A follow-up that moved from one merchant or category to another keeps the one before. */
export function rememberSubjectBefore(reading: Reading, previous: Reading | undefined): void {
  delete reading.subjectBefore;
  if (!previous || (previous.intent !== reading.intent && !LEDGER_INTENTS.has(previous.intent))) return;
  const movedMerchant = previous.merchant && reading.merchant && previous.merchant !== reading.merchant;
  const movedCategory =
    previous.category && reading.category && previous.category.code !== reading.category.code;
  if (movedMerchant) reading.subjectBefore = { merchant: previous.merchant as string };
  else if (movedCategory) reading.subjectBefore = { category: previous.category };
}

/**
 * The reading over both subjects of the last two questions, added up or side by side, or undefined when
 * there were not two.
 */
export function combinedReading(previous: Reading, sideBySide = false, counted = false): Reading | undefined {
  const before = previous.subjectBefore ?? {};
  const groupBy = !sideBySide ? 'none' : before.merchant ? 'merchant' : 'category';
  const shape: Shape = {
    ...(previous.shape ?? PLAIN_SHAPE),
    groupBy,
    shaped: true,
    ...(counted ? { statistic: 'count' as const } : {}),
  };
  const together: Reading = { ...previous, shape };
  delete together.subjectBefore;
  // 'groceries vs restaurants' then 'combined?': the two already in the reading, added up.
  if ((previous.categories?.length ?? 0) >= 2 || (previous.merchants?.length ?? 0) >= 2) return together;
  if (before.merchant && previous.merchant) {
    together.merchants = [before.merchant, previous.merchant];
    delete together.merchant;
    return together;
  }
  if (before.category && previous.category) {
    together.categories = [before.category, previous.category];
    delete together.category;
    return together;
  }
  return undefined;
}

/** The period a follow-up moved away from ('last month', then 'the month before that?'), for 'those 2'. */
export function rememberPeriodBefore(reading: Reading, previous: Reading | undefined): void {
  delete reading.periodBefore;
  const before = previous?.period;
  const now = reading.period;
  // Every period the thread moved through, for 'all 3'.
  const asked = [...(previous?.periodsAsked ?? (before ? [before] : []))];
  const last = asked.at(-1);
  if (now && !reading.periods && (last?.start !== now.start || last?.end !== now.end)) asked.push(now);
  if (asked.length > 0) reading.periodsAsked = asked.slice(-6);
  if (!before || !now || reading.periods) return;
  if (before.start !== now.start || before.end !== now.end) reading.periodBefore = before;
}

/**
 * A follow-up that asks how two things just answered differ, naming neither: 'which was more', 'whats
 * the difference', 'by how much', 'up or down?', 'compare them'.
 */
export const ASKS_THE_DIFFERENCE =
  /^(and |so |ok |but )?((which|what) (one )?(was|were|is) (more|higher|bigger|less|lower|smaller|worse|better)\b|(what'?s|what is|whats) the (difference|diff|change|gap)\b|by how much\??$|(by )?how much (more|less|higher|lower|bigger|smaller|of a (difference|change))\b(?! (did|do|does|have|has|was|were|is|are|will) )|(was (it|that)|is (it|that)|did (it|that) go|did i spend) (more|less|up|down|higher|lower)( or (more|less|up|down|higher|lower))?\??$|(is|was|are|were) (it|that|they|those) (going|getting|trending|gone) (up|down|higher|lower|better|worse)( or (up|down|higher|lower|better|worse))?\??$|(up|down|more|less|higher|lower) or (down|up|less|more|lower|higher)\??$)|\bcompare (them|the two|those|both)\b|\b(difference|change) between (them|the two|those)\b/;

/**
 * The two periods the last two questions were about ('last month', then 'the month before that?'):
 * 'avg of those 2', 'over those two months' is one span from the first day of the earlier to the last
 * day of the later; 'which was more', 'compare them' is the two compared, earlier first.
 */
export function bothPeriodsOf(
  q: string,
  previous: Reading,
): { period: Period } | { periods: [Period, Period] } | undefined {
  // 'total for all 3' after three months asked in turn: the span of the three.
  const several = q.match(
    /\b(?:all|those|these|the|last) (3|three|4|four|5|five|6|six)\b(?! (weeks|months|years|days) ago)/,
  )?.[1];
  const asked = previous.periodsAsked ?? [];
  const n = several ? Number(several) || { three: 3, four: 4, five: 5, six: 6 }[several] || 0 : 0;
  if (n >= 3 && asked.length >= n) {
    const chosen = asked.slice(-n);
    const start = chosen.reduce((first, p) => (p.start < first ? p.start : first), chosen[0]?.start ?? '');
    const end = chosen.reduce((latest, p) => (p.end > latest ? p.end : latest), '');
    return { period: { start, end, label: spanLabel(start, end), unit: 'days' } };
  }
  const a = previous.periodBefore;
  const b = previous.period;
  if (!a || !b) return undefined;
  const [earlier, later] = a.start <= b.start ? [a, b] : [b, a];
  if (ASKS_THE_DIFFERENCE.test(q)) return { periods: [later, earlier] };
  if (
    !/\b(those|these|the|both|last) (2|two)\b(?! (weeks|months|years|days) ago)|\bboth (months|weeks|years|periods|quarters)\b/.test(
      q,
    )
  )
    return undefined;
  return {
    period: {
      start: earlier.start,
      end: later.end,
      label: spanLabel(earlier.start, later.end),
      unit: 'days',
    },
  };
}

/** 'compare the two', 'which was higher': two things not in one reading, so ask which. */
export function twoNotInReading(q: string, previous: Reading | undefined): Plan | undefined {
  if (!previous) return undefined;
  // An answer that compared two already states how they differ.
  const compared =
    (previous.periods?.length ?? 0) >= 2 ||
    (previous.categories?.length ?? 0) >= 2 ||
    (previous.merchants?.length ?? 0) >= 2;
  const asksTwo =
    /\b(the two|both|them|those|either)\b|^which (was|is|one)\b/.test(q) &&
    /\b(compare|which|higher|lower|more|less|bigger|smaller|difference)\b/.test(q);
  if (!asksTwo && (compared || !ASKS_THE_DIFFERENCE.test(q))) return undefined;
  return {
    kind: 'clarify',
    question:
      'Which two should I compare? Name both, for example "groceries vs restaurants in October" or "October vs September".',
  };
}

/**
 * 'and of my income?' after 'what percent was that of my spending': the same part as a share of
 * another whole.
 */
export function shareOfAnother(q: string, previous: Reading): Reading | undefined {
  if (previous.shape?.statistic !== 'share') return undefined;
  const whole = q.match(
    /^(?:and |what about |how about |but )?(?:as a (?:share|percent(?:age)?) )?of (?:my |the |all )?(income|earnings|pay|paychecks?|salary|take[- ]home|spending|expenses|total)( spending)?\??$/,
  )?.[1];
  if (!whole) return undefined;
  const shape: Shape = { ...previous.shape, measure: 'spending' };
  delete shape.shareWithin;
  if (/^(spending|expenses|total)$/.test(whole)) delete shape.shareOf;
  else shape.shareOf = 'income';
  return { ...previous, intent: 'spending', shape };
}

/** 'why is it so different', 'what changed', 'how come': what drove the figure just given. */
const ASKS_WHY =
  /^(but |so |and |ok |okay |hmm |wait )?(why|how come)\b|^(and |so |ok )?what (changed|happened|drove (it|that)|caused (it|that)|made (it|that))\b/;
/** 'which one was highest', 'what month was the lowest': the top of a breakdown or series just given. */
const ASKS_WHICH_MOST =
  /^(and |so |ok |okay )?(which|what)( one| month| week| quarter| category| merchant| store| place| account)? (was|were|is|had)( the)? (highest|biggest|largest|most|top|lowest|smallest|least|cheapest|worst|best)( one| month| week| quarter| category| merchant| store| place| account)?( then| of them| of those)?\??$/;
/** 'who was that to', 'where was that': who was paid in the answer's first item. */
const ASKS_WHO =
  /^(and |so |ok )?(who|where|what (store|merchant|place|company)|which (store|merchant|place|company))( was| is|'s)? (that|it|this)( one)?( to| from| at| for| with)?\??$/;
/** 'what's in it', 'what does it hold': the holdings of the account or wallet just named. */
const ASKS_CONTENTS =
  /^(and |so |ok )?(what'?s|what is|whats|what do i have|what does it (hold|have)|what are the (coins|holdings|positions))( in)? (it|there|that( one| wallet| account)?)\??$|^(and |so )?what does it hold\??$/;
/** 'show me those', 'list them', 'what were they': the transactions themselves. */
const ASKS_THE_LIST =
  /^(ok |and |so |can you |could you |pls |please )?(show|list|give|see)( me)?( all)? (those|them|these|the (transactions|purchases|charges|orders|payments))( pls| please)?\??$|^(what|which) were (they|those|the (purchases|charges|orders))\??$/;
/** 'and the rest?', 'everything else?': the whole without the part just asked about. */
const ASKS_THE_REST =
  /^(and |what about |how about |ok |so )?(the rest|all the rest|everything else|the others|the other stuff|what else|the remainder)( of it)?\??$/;
/** 'same for merchants', 'by store?': the breakdown just given, over another grouping. */
const ASKS_REGROUPED =
  /^(and |ok |now |so )?(same|the same|same thing|do the same|same but)?\s*(for|by|per|but by|but for) (merchants?|stores?|places?|shops?|categor(y|ies)|accounts?)( instead| too| pls| please)?\??$/;

/** 'break it down by category', 'breakdown?': the parts of the figure just given, by size. */
const ASKS_BREAKDOWN =
  /^(ok |and |now |so |can you |could you |pls |please )?(break (it|that|this|them|those) (down|up|out)|(a |the )?breakdown|split (it|that|this) (up|out))( (by|per) (category|categories|merchants?|stores?|places?|accounts?))?( pls| please)?\??$/;

/** Whether an answer was about money in: income, payments in, an income category. */
function aboutMoneyIn(reading: Reading): boolean {
  return (
    reading.intent === 'income' ||
    reading.direction === 'in' ||
    Boolean(reading.category?.code.startsWith('INCOME')) ||
    reading.shape?.measure === 'income'
  );
}

/** The low end asked for: 'lowest', or 'best' of spending (the least spent), 'worst' of income. */
function lowOf(word: string | undefined, previous: Reading): boolean {
  const moneyIn = aboutMoneyIn(previous);
  if (word === 'best') return !moneyIn;
  if (word === 'worst') return moneyIn;
  return /lowest|smallest|least|cheapest/.test(word ?? '');
}

/**
 * A follow-up about the answer just given, read from the previous reading: why it came out so (its
 * parts by category, in both periods when two were compared), which part was the most, who was paid,
 * what an account holds, the same breakdown over another grouping. Undefined when it is none of these.
 */
export function turnOnEarlier(q: string, previous: Reading): Reading | undefined {
  // Short turns only: a longer question says what it is about.
  if (q.split(/\s+/).length > 7) return undefined;
  const shape = previous.shape ?? PLAIN_SHAPE;
  const ledger = LEDGER_INTENTS.has(previous.intent);
  if (ledger && ASKS_WHY.test(q) && shape.groupBy === 'none' && !shape.series) {
    // 'why the difference' after 'groceries last month' and 'and the month before?': both months, their
    // parts side by side (a category's by merchant), not the latest month alone.
    const both =
      !previous.periods &&
      previous.periodBefore &&
      previous.period &&
      /\b(diff|difference|different|change[ds]?)\b/.test(q)
        ? [previous.periodBefore, previous.period]
        : undefined;
    const groupBy = both && previous.category ? 'merchant' : 'category';
    return {
      ...previous,
      ...(both ? { periods: both } : {}),
      shape: { ...shape, statistic: 'total', groupBy, top: 5, shaped: true },
    };
  }
  const most = q.match(ASKS_WHICH_MOST);
  // 'which was the biggest' after one merchant's orders: the largest of them.
  const oneSubject = shape.groupBy === 'none' || (shape.groupBy === 'merchant' && Boolean(previous.merchant));
  if (ledger && most && oneSubject && !shape.series) {
    const low = lowOf(most[6], previous);
    return {
      ...previous,
      shape: { ...shape, statistic: low ? 'smallest' : 'largest', groupBy: 'none', top: 1, shaped: true },
    };
  }

  const grouped = shape.series ?? (shape.groupBy !== 'none' ? shape.groupBy : undefined);
  if (ledger && most && grouped && grouped !== 'day_type') {
    const ranked: Shape = {
      ...shape,
      groupBy: grouped,
      statistic: lowOf(most[6], previous) ? 'smallest' : 'largest',
      top: 1,
      shaped: true,
    };
    delete ranked.series;
    return { ...previous, shape: ranked };
  }
  if (ASKS_WHO.test(q) && (previous.intent === 'largest' || shape.statistic === 'largest'))
    return { ...previous, limit: 1, ...(previous.shape ? { shape: { ...shape, top: 1 } } : {}) };
  // 'and the rest?' after 'how much of that was my salary': the whole without that part.
  if (ledger && ASKS_THE_REST.test(q) && previous.category && !previous.excluded) {
    const rest: Reading = { ...previous, excluded: { categories: [previous.category], merchants: [] } };
    delete rest.category;
    if (previous.category.code.startsWith('INCOME')) rest.intent = 'income';
    return rest;
  }
  // 'show me those': the transactions behind the figure just given, listed.
  if (
    ledger &&
    ASKS_THE_LIST.test(q) &&
    (previous.merchant || previous.category || previous.text || previous.merchants)
  ) {
    const moneyIn = aboutMoneyIn(previous);
    // The purchases behind a spending figure (refunds are not 'those'), the payments behind income.
    const listed: Reading = { ...previous, intent: 'search', limit: 50, direction: moneyIn ? 'in' : 'out' };
    delete listed.shape;
    return listed;
  }
  const account = previous.namedAccount ?? previous.account;
  if (ASKS_CONTENTS.test(q) && account && (account.kind === 'crypto' || account.kind === 'investment'))
    return account.kind === 'crypto'
      ? { intent: 'crypto', namedAccount: account, focus: [account.name] }
      : { intent: 'holdings', account, namedAccount: account, focus: [account.name] };
  // 'break it down by category' after two periods compared: both periods' parts ranked by size (the
  // change ranking is what 'why' gives).
  const breakdown = q.match(ASKS_BREAKDOWN);
  if (ledger && breakdown && (previous.periods?.length ?? 0) >= 2 && !shape.series) {
    const by = breakdown[10] ?? 'category';
    const groupBy = /^categor/.test(by) ? 'category' : /^account/.test(by) ? 'account' : 'merchant';
    return { ...previous, shape: { ...shape, groupBy, change: 'none', top: shape.top ?? 5, shaped: true } };
  }
  const regroup = q.match(ASKS_REGROUPED)?.[4];
  if (ledger && regroup && shape.groupBy !== 'none') {
    const groupBy = /^categor/.test(regroup) ? 'category' : /^account/.test(regroup) ? 'account' : 'merchant';
    return { ...previous, shape: { ...shape, groupBy, shaped: true } };
  }
  return undefined;
}

/** 'how many payments was that' after dividends: the money in just asked about, counted, not spending. */
export function countedLikeBefore(merged: Shape, previous: Reading, q: string): Shape {
  // 'the biggest single thing I bought that month' after months ranked: single purchases ranked now.
  const shape =
    (merged.statistic === 'largest' || merged.statistic === 'smallest') &&
    merged.groupBy !== 'none' &&
    /\b(single|one)\b/.test(q) &&
    namesTransactions(q)
      ? { ...merged, groupBy: 'none' as const }
      : merged;
  const moneyIn = aboutMoneyIn(previous);
  return (shape.measure === undefined || shape.measure === 'spending') && moneyIn && !SPENDING_WORDS.test(q)
    ? { ...shape, measure: 'income' }
    : shape;
}

/** The question's shape over the previous one's: a follow-up keeps what it does not change. */
export function mergedShape(previous: Shape | undefined, next: Shape): Shape {
  if (!previous) return next;
  const merged: Shape = { ...previous, ...next };
  if (next.statistic === 'total' && !next.per) {
    merged.statistic = previous.statistic;
    if (previous.per) merged.per = previous.per;
  }
  if (next.groupBy === 'none') merged.groupBy = previous.groupBy;
  merged.shaped = true;
  return merged;
}
