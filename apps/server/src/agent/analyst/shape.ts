import type {
  LedgerAverageUnit,
  LedgerGrouping,
  LedgerMeasure,
  LedgerStatistic,
  LedgerTimeGrouping,
} from '@penny/contracts';
import { MONEY_IN_WORDS } from './money-words.ts';
import { NUMBER_WORDS } from './period-words.ts';
import { amountRange, ITEM } from './shape-amounts.ts';
import { groupOf, readGroupWords } from './shape-groups.ts';

/** Income as a measure: the money-in words, 'made', 'paid me', 'received'. */
const MONEY_IN = new RegExp(
  `${MONEY_IN_WORDS}|\\b(make|made|making)\\b(?! a (budget|plan|purchase|payment|transfer|deposit|list|goal))|\\bpaid me\\b|\\breceived?\\b`,
);

/** An amount judged ('is that a lot', 'was it too much', 'did I overspend'), not a ranking of what is most. */
const JUDGED_AMOUNT =
  /\b(is|was|are|were|isnt|wasnt|is that|thats|that's|did i|have i|am i)\b.*\b(a lot|alot|too much|too high|excessive|reasonable|overspen[dt]|overspending)\b|\b(is|was) (that|this|it) (high|bad|good|ok|okay|fine|much)\b/;

/**
 * The shape of a question about the ledger, apart from what it is about and when: what is computed
 * (a total, a count, an average per unit, the largest or smallest, a share), grouped and ranked how,
 * compared with what, over which amounts. Read from the normalized question (normalize.ts).
 */
export type Shape = {
  measure?: LedgerMeasure;
  statistic: LedgerStatistic;
  per?: LedgerAverageUnit;
  groupBy: LedgerGrouping;
  top?: number;
  /**
   * 'previous': the period named against the one just before; 'current': the period now running
   * against the one named ('up from last month', 'more than last year'); 'usual': against the
   * average of the months before.
   */
  compare?: 'previous' | 'current' | 'usual';
  /**
   * Groups of two periods ranked by their change: only those that rose, or fell ('grew the most'); or
   * not by change at all, a breakdown of both ranked by size ('break it down by category').
   */
  change?: 'increase' | 'decrease' | 'none';
  /** A series over time was asked for ('month by month', 'has it gone up'). */
  series?: LedgerTimeGrouping;
  minAmount?: string;
  maxAmount?: string;
  /** A unit named without 'average' ('and per week?'): a follow-up of an average takes it. */
  perHint?: LedgerAverageUnit;
  /** The noun a count asks for ('orders', 'times', 'rides'), so the answer can say it back. */
  countNoun?: string;
  /** A share of another measure ('what share of my income went to rent'). */
  shareOf?: 'income' | 'spending';
  /** Only weekends or only weekdays ('on weekends', 'weekday spending'). */
  days?: 'weekends' | 'weekdays';
  /** A share of the number of transactions rather than the money ('what percent of my purchases'). */
  shareBy?: 'count';
  /** The categories a share's whole is limited to ('of my food spending'). */
  shareWithin?: string[];
  /** The place in a ranking asked about ('second biggest'): the answer leads with it. */
  rankAt?: number;
  /** Anything beyond a plain total was asked for. */
  shaped: boolean;
};

const PLACES: Record<string, number> = {
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
};

function countOf(word: string | undefined): number | undefined {
  if (!word) return undefined;
  const n = Number(word);
  if (Number.isInteger(n) && n > 0 && n <= 50) return n;
  return NUMBER_WORDS[word];
}

const COUNT_WORD = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)';
/** Words after a superlative that start the rest of the sentence, not a qualifier of a group. */
const NOT_A_QUALIFIER =
  /^(last|this|next|past|in|on|at|for|of|the|my|i|over|during|per|by|so|ever|from|since|to|and|or|than|vs|each|every|a)$/;

/**
 * The group a superlative ranks, from the one or two words after it: 'biggest coffee spots' ranks
 * merchants, 'biggest restaurant tabs' ranks single transactions (no group), 'biggest category' a group.
 */
function rankedGroupOf(first: string | undefined, second: string | undefined): LedgerGrouping | undefined {
  if (!first || NOT_A_QUALIFIER.test(first)) return groupOf(first);
  if (second && new RegExp(`^${ITEM}$`).test(second)) return undefined;
  return groupOf(second) ?? groupOf(first);
}

/** A plain total: no statistic, grouping or comparison asked for. */
export const PLAIN_SHAPE: Shape = { statistic: 'total', groupBy: 'none', shaped: false };

/** Casual ways to say 'spend': 'blow', 'drop', 'shell out', 'splurge', 'burn through'. */
export const SPEND_SLANG =
  /\b(blow|blew|blown|blowing|drop|dropped|dropping|shell(ed)? out|fork(ed)? out|splurg(e|ed|ing)|burn(ed|t)? through|went through|go through|dish(ed)? out|threw away|wasted?)\b/;

function measureOf(q: string): LedgerMeasure | undefined {
  if (/\b(purchases?|payments?|transactions?|orders?|trips?|charges?)\b.*\b(make|made)\b/.test(q))
    return 'spending';
  if (
    /\bcash ?flow\b|\bnet (income|savings|cash)\b|\bsav(e|ed|ing)\b(?! (up|for|goal))|\b(put|putting|set|setting|stash|stashing|sock|socking) (away|aside)\b|\bleft over\b|\bsurplus\b|\bin the (red|black)\b/.test(
      q,
    ) ||
    (/\b(earn|earned|make|made|income)\b/.test(q) && /\b(spend|spent|spending|expenses)\b/.test(q))
  )
    return 'net_cash_flow';
  if (MONEY_IN.test(q)) return 'income';
  if (
    /\bspen[dt]|\bspending\b|\bexpenses?\b|\bcost\b|\bpaid\b|\bpay\b|\bbought\b|\bpurchases?\b/.test(q) ||
    SPEND_SLANG.test(q)
  )
    return 'spending';
  return undefined;
}

const ADJECTIVE_UNIT: Record<string, LedgerAverageUnit> = { weekly: 'week', monthly: 'month', daily: 'day' };

function averageUnit(q: string): LedgerAverageUnit | undefined {
  // 'on a normal month what do i spend', 'whats a typical week of groceries': what such a unit holds,
  // unless it is what something else is measured against ('more than a normal month').
  const typical = q.match(
    /\b(?:a|an|my|the|your) (?:normal|typical|usual|average|regular|ordinary) (month|week|day|weekend)\b/,
  )?.[1];
  if (typical && !/\b(than|vs|versus|compared|against|relative to)\b/.test(q))
    return typical as LedgerAverageUnit;
  const averaged = /\b(average|avg|on average|typically|typical|usually|normally|mean)\b/.test(q);
  // An explicit unit wins over the thing averaged: 'avg grocery bill per month' is per month.
  const explicit = q.match(
    /\b(?:per|a|an|each|every)\s+(?:typical\s+|normal\s+|average\s+|usual\s+|regular\s+)?(month|weekend|week|day)\b/,
  )?.[1];
  if (averaged && explicit) return explicit as LedgerAverageUnit;
  // 'my usual weekly grocery bill': the adjective says the unit.
  const adjective = ADJECTIVE_UNIT[q.match(/\b(weekly|monthly|daily)\b/)?.[1] ?? ''];
  if ((averaged || /\b(usual|regular)\b/.test(q)) && adjective) return adjective;
  // 'avg weekend spend': what a weekend usually holds.
  if (averaged && /\bweekend (spend|spending|spent|total|costs?|bill)\b/.test(q)) return 'weekend';
  if (
    new RegExp(
      `\\b(average|avg|typical|usual|normal|mean)\\s+(\\w+\\s+){0,2}${ITEM}\\b|\\b${ITEM} (size|avg|average)\\b|\\b(average|avg|typical|usual) (cost|price|amount|size|spend) (of|per|for|on) (a |an |my |each )?(\\w+\\s+)?${ITEM}\\b|\\bper (\\w+ )?${ITEM}\\b|\\beach time\\b`,
    ).test(q) ||
    // 'how much is an uber ride on average': one of the things, averaged.
    (averaged && new RegExp(`\\b(a|an|one|each|every|single)\\s+(\\w+\\s+)?${ITEM}\\b`).test(q))
  )
    return 'transaction';
  const perUnit = q.match(/\b(?:per|a|each|every)\s+(month|week|day)\b|\b(monthly|weekly|daily)\b/);
  const unit = perUnit?.[1] ?? { monthly: 'month', weekly: 'week', daily: 'day' }[perUnit?.[2] ?? ''];
  if (averaged) return (unit as LedgerAverageUnit | undefined) ?? 'month';
  // 'what do I spend a month', 'how much could I put away each month': what a month usually holds.
  if (
    unit &&
    (/\b(do|does) i\b|\bam i\b|\busually\b/.test(q) ||
      // 'whats my monthly income': what a month of it usually is, not this month so far.
      /\bmy (monthly|weekly|daily) (income|spending|spend|expenses|earnings|pay|take[- ]home)\b/.test(q) ||
      // Not 'how much can I spend a month': that is a budget, not what a month held.
      /\b(could|can|would) i (\w+ )?(save|put|set|stash|sock|keep|earn|make)\b/.test(q))
  )
    return unit as LedgerAverageUnit;
  return undefined;
}

/** Unusual charges: read as the largest ones of the period, and said so (no anomaly model yet). */
export const UNUSUAL =
  /\b(unusual|weird|strange|suspicious|odd|unexpected|unfamiliar|abnormal|out of the ordinary|fishy|sketchy)\b.*\b(charges?|transactions?|purchases?|payments?|activity|spending|withdrawals?)\b|\b(anything|something|any) (unusual|weird|strange|suspicious|odd|unexpected|unfamiliar|abnormal|out of the ordinary|fishy|sketchy)\b/;

/** A series by quarter: 'q by q', 'per quarter', 'quarterly', 'break it down by quarter'. */
const QUARTERS =
  /\b(q|quarter) (by|over|to) (q|quarter)\b|\b(by|per|each|every) (calendar )?quarter\b|\bquarterly\b|\bqoq\b/;

const SERIES =
  /\b(plot|chart|graph)\b|\beach of the (last|past) \w+ (weeks|weekends|months|quarters)\b|\b(q|quarter) (by|over|to) (q|quarter)\b|\b(by|per|each|every) (calendar )?quarter\b|\bquarterly\b|\b(lately|recently|these days|getting (worse|better|higher|lower|bigger)|been happening with|how has (my )?\w+( \w+)? been)\b|\b(weekly|monthly) (spending|income|expenses|totals?|spend) (for|over|in|during) (the )?(last|past)\b|\btrend(s|ing)?\b|\bover time\b|\b(month|week) (by|over|to) (month|week)\b|\bby (month|week)\b|\beach (month|week) (of|in|since|this|last|over|for)\b|\bevery (month|week) (of|in|since|this|last|over|for)\b|\bmonthly breakdown\b|\bweekly breakdown\b|\b(monthly|weekly),? (for|over|during) (the )?(last|past)\b|\b(go|goes|gone|going|went|trending|creeping) (up|down)\b|\b(increas|decreas|ris|climb|grow|shrink|drop)(e|es|ed|ing)\b|\bchang(e|ed|ing) over\b|\bhistory of\b/;

/** The question speaks of single transactions ('how many txns', 'purchases over $100'). */
export function namesTransactions(q: string): boolean {
  return new RegExp(`\\b${ITEM}\\b|\\btimes\\b`).test(q);
}

/** Rankings: over groups ('top 3 places', 'biggest category') or single transactions ('biggest order'). */
function readRanking(q: string, shape: Shape): void {
  // A ranking over groups: 'top 3 places', 'biggest category', 'which store did I spend the most at'.
  const rankedGroup = q.match(
    new RegExp(
      `\\b(top|biggest|largest|main|highest|most expensive|smallest|lowest|least expensive|least|cheapest|bottom)\\s+(?:${COUNT_WORD}\\s+)?(?:(?:spending|spent|expense|expensive|used|visited|frequent|popular|paid)\\s+)?(\\w+)\\b(?:\\s+(\\w+)\\b)?`,
    ),
  );
  const whichGroup = q.match(
    new RegExp(
      `\\b(which|what)\\s+(?:${COUNT_WORD}\\s+)?(\\w+)\\b.*\\b(most|least|the biggest|the largest|the smallest)\\b`,
    ),
  );
  const rankedBy = rankedGroupOf(rankedGroup?.[3], rankedGroup?.[4]) ?? groupOf(whichGroup?.[3]);
  const smallest = /\b(smallest|lowest|least|cheapest|bottom|min(imum)?)\b/.test(q);
  if (rankedBy) {
    shape.groupBy = rankedBy;
    shape.statistic = smallest ? 'smallest' : 'largest';
    if (
      !shape.top &&
      !/\b(categories|merchants|stores|shops|places|spots|joints|vendors|companies|businesses|accounts)\b/.test(
        q,
      )
    )
      shape.top = 1;
  } else if (
    /\b(where|who) (do|did|have) i (\w+ ){0,3}?(the )?most( often| frequently)?\b|\bwho (do|did) i (pay|send|give) (\w+ )?(the )?most\b/.test(
      q,
    ) &&
    !/\bmost of (my|the)\b/.test(q)
  ) {
    // 'where do I eat out the most', 'who did I pay the most': the merchant at the top.
    shape.groupBy = 'merchant';
    shape.statistic = 'largest';
    shape.top = shape.top ?? 1;
  } else if (
    /\bwhere (did|does|do|has|have) (most|the most|the bulk) of (my|the) (money|spending|cash)\b|\bwhere('s| is| did| does) (all )?my money go|\b(what|which)('s| is| are)? (\w+ ){0,2}(eating|eats|taking|takes|sucking|draining|using|uses|costing|costs) (up )?(most|the most|the bulk|a lot|so much) of (my|the) (money|budget|spending|cash|income|paychecks?|salary|pay)\b|\bwhat (do|did) i spend (the )?most (money )?on\b|\b(what|which)('s| is| are)? (\w+ ){0,2}(eating|eats|draining|drains|killing|kills|sucking|wrecking|blowing) (up )?(my|the) (money|budget|paycheck|income|cash|savings)\b/.test(
      q,
    )
  ) {
    // Where the money goes is spending, even when it is said of the paycheck it comes from.
    shape.groupBy = 'category';
    shape.statistic = 'largest';
    shape.measure = 'spending';
  } else if (
    /\b(biggest|largest|priciest|most expensive|highest) (single )?one\b|^(and |what about |what's |whats )?(the )?(biggest|largest|priciest)( one)?\??$/.test(
      q,
    )
  ) {
    // 'whats the biggest one' after a count: the largest single transaction of the same reading.
    shape.statistic = 'largest';
    shape.top = shape.top ?? 1;
  } else if (
    /\b(smallest|cheapest|lowest|least expensive) (single )?one\b|^(and |what about |what's |whats )?(the )?(smallest|cheapest)( one)?\??$/.test(
      q,
    )
  ) {
    shape.statistic = 'smallest';
    shape.top = shape.top ?? 1;
  } else if (
    new RegExp(
      `\\b(biggest|largest|most expensive|priciest|highest|max|single biggest|single largest|top)\\s+(?:${COUNT_WORD}\\s+)?(single\\s+)?(\\w+\\s+)?${ITEM}`,
    ).test(q) ||
    /\bthe most i('ve| have)? (ever )?(spent|paid)\b.*\b(one|a single)\b/.test(q)
  ) {
    shape.statistic = 'largest';
  } else if (
    new RegExp(
      `\\b(smallest|cheapest|lowest|least expensive|tiniest)\\s+(single\\s+)?(\\w+\\s+)?${ITEM}`,
    ).test(q)
  ) {
    shape.statistic = 'smallest';
  }

  // 'the store I shop at most often': ranked by how many times, not by how much.
  if (
    shape.groupBy !== 'none' &&
    shape.statistic === 'largest' &&
    /\bmost (often|frequently)\b|\bthe most times\b|\bby (the )?(# of|number of|count of|count|how many) ?(visits|trips|transactions|purchases|times)?\b|\bby visits\b|\bmost visited\b|\b(go|goes|went|going|shop|shopped|visit|visited|stop|frequent)( to| at| in)? (the )?most\b/.test(
      q,
    )
  )
    shape.statistic = 'count';
}

/**
 * 'which category grew the most', 'biggest jump by merchant': the groups of a period against the
 * period before, largest change first. 'most frequent merchant': the groups ranked by how many times.
 */
function readChangeRanking(q: string, shape: Shape): void {
  const frequent = q.match(/\b(?:most|least) (?:frequent|common|visited|used|popular|regular)\s+(\w+)/);
  const frequentGroup = groupOf(frequent?.[1]);
  if (frequentGroup && shape.statistic !== 'count') {
    shape.groupBy = frequentGroup;
    shape.statistic = 'count';
    shape.top = shape.top ?? 1;
    return;
  }
  const changed =
    /\b(grew|grown|increased|rose|risen|went up|gone up|jumped|climbed|changed|dropped|fell|fallen|decreased|shrank|went down|gone down)\b.*\b(the )?most\b|\b(biggest|largest) (increase|jump|rise|change|drop|decrease)\b/.test(
      q,
    );
  // 'biggest changes this month': by category unless another grouping is named.
  const group =
    q.match(/\b(categor(?:y|ies)|merchants?|stores?|places?|shops?)\b/)?.[1] ??
    (/\b(biggest|largest|main) changes\b|\bwhat changed (the )?most\b/.test(q) ? 'category' : undefined);
  if (!changed && !/\b(biggest|largest|main) changes\b/.test(q)) return;
  if (!group) return;
  shape.groupBy = groupOf(group) ?? 'category';
  if (/\b(grew|grown|increased|rose|risen|went up|gone up|jumped|climbed|increase|jump|rise)\b/.test(q))
    shape.change = 'increase';
  else if (/\b(dropped|fell|fallen|decreased|shrank|went down|gone down|drop|decrease)\b/.test(q))
    shape.change = 'decrease';
  shape.statistic = 'total';
  shape.compare = 'previous';
  shape.top = shape.top ?? 5;
}

/**
 * Weekends and weekdays as a filter ('on weekends', 'weekday spending') or a split ('weekdays vs
 * weekends'); 'this weekend' and 'last weekend' are periods (period-phrases.ts), not these.
 */
function readDays(q: string, shape: Shape): void {
  // 'during the week' beside weekends is the weekdays.
  const days = q.replace(
    /\b(during|in|over) the week\b(?= *(\?|$|,|vs|or|and))|\bon work ?days\b/g,
    'on weekdays',
  );
  if (
    /\b(weekdays?|weekends?)\b.*\b(vs|versus|compared|or|against|and)\b.*\b(weekdays?|weekends?)\b/.test(days)
  ) {
    shape.groupBy = 'day_type';
    return;
  }
  if (
    /\bweekends\b|\b(every|each|per|a|on the|on a|over the|during the) ((typical|normal|average|usual|regular) )?weekend\b(?! of\b)|\bweekend (\w+ )?(spending|spend|purchases|expenses|shopping)\b/.test(
      q,
    ) &&
    !/\b(this|last|next|past|previous) weekend\b/.test(q)
  )
    shape.days = 'weekends';
  else if (
    /\bweekdays\b|\b(every|each|on a) weekday\b|\bweekday (spending|spend|purchases|expenses)\b|\bduring the (work ?)?week\b/.test(
      q,
    )
  )
    shape.days = 'weekdays';
}

/** Over time: a series ('month by month', 'getting better or worse') or a comparison with a period or the usual. */
function readTime(q: string, shape: Shape, unusual: boolean, againstUsual: boolean): void {
  // 'am I getting better or worse with coffee': where it is heading, month by month, unless a period
  // to compare with is named ('better or worse than last month').
  const heading =
    /\b(getting|gotten|got|doing|been) (better|worse)\b|\bimprov(e|ed|ing)\b/.test(q) &&
    !/\b(than|from|since|vs|versus|compared)\b/.test(q);
  const upOrDown =
    !heading &&
    /\b(up or down|down or up|more or less|less or more|higher or lower|lower or higher|increase or decrease|rise or fall|better or worse)\b/.test(
      q,
    );
  // 'are my amazon orders going up or down lately': no period to compare with, so the recent months.
  const strongSeries =
    (upOrDown && /\b(lately|recently|these days|of late)\b/.test(q)) ||
    // 'is it going up or down this yr': the way it heads through a span of months, month by month.
    (upOrDown &&
      /\b(going|trending|heading|moving)\b/.test(q) &&
      /\b(this|past|last) (yr|year)\b|\bytd\b|\bsince\b|\b(last|past) (\d+|few|several|six|twelve) months\b/.test(
        q,
      )) ||
    QUARTERS.test(q) ||
    /\beach of the (last|past) \w+ (weeks|weekends|months|quarters)\b/.test(q) ||
    /\b(plot|chart|graph)\b|\btrend(s|ing)?\b|\bover time\b|\b(month|week) (by|over|to) (month|week)\b|\bby (month|week)\b|\b(each|every) (month|week) (of|in|since|this|last|over|for)\b|\b(monthly|weekly) breakdown\b|\b(monthly|weekly),? (for|over|during|in the|the past|the last|past|last)\b/.test(
      q,
    );
  // 'where's my money going lately': a ranking of categories or merchants over a recent span, not a
  // series, unless a series is asked for outright.
  const ranksGroups = ['category', 'merchant', 'account'].includes(shape.groupBy) && !strongSeries;
  // 'last 3 months vs the 3 before, getting worse?': two periods compared, not a series.
  const twoPeriods = /\b(vs|versus|compared (to|with)|against)\b/.test(q) && !strongSeries;
  // 'any big purchases lately': single purchases ranked over the recent days, not a series.
  const singleItems =
    (shape.statistic === 'largest' || shape.statistic === 'smallest') &&
    shape.groupBy === 'none' &&
    !/\b(each|every|per|by) (month|week)\b/.test(q);
  if (
    (SERIES.test(q) || heading) &&
    (!upOrDown || strongSeries) &&
    !unusual &&
    !ranksGroups &&
    !twoPeriods &&
    !singleItems
  ) {
    shape.series = QUARTERS.test(q) ? 'quarter' : /\bweek(end)?s?\b|\bweekly\b/.test(q) ? 'week' : 'month';
    if (shape.statistic === 'average' && shape.per !== 'transaction') {
      shape.statistic = 'total';
      delete shape.per;
    }
  }
  // 'biggest expense each month': the largest in each month, not the month with the most.
  const eachUnit = q.match(/\b(?:each|every|per) (month|week)\b/)?.[1];
  if (
    eachUnit &&
    (shape.statistic === 'largest' || shape.statistic === 'smallest') &&
    shape.groupBy === 'none'
  )
    shape.series = eachUnit === 'week' ? 'week' : 'month';
  if (
    /\b(than|vs|versus|compared (to|with)|compare(d)?|relative to) (usual|normal|average|typical|my (usual|normal|average))\b(?! (\w+ )?(orders?|trips?|purchases?|transactions?|bills?|visits?|rides?|tickets?|meals?|runs?|cups?|payments?|charges?|paychecks?)\b)|\bcompare(d)? (it|that|this|them) (to|with|against) (my )?(own )?(usual|normal|average|typical)\b|\b(vs|versus|than|compared (to|with)|against) what i (normally|usually|typically|generally) (spend|pay|make|earn|get)\b|\bmore than usual\b|\bless than usual\b|\bthan i usually\b|\bthan normal\b|\bthan (i )?used to\b|\bstack(s|ed)? up\b|\bthan i (did|have) (before|in the past)\b/.test(
      q,
    )
  )
    shape.compare = 'usual';
  else if (againstUsual) shape.compare = 'usual';
  else if (
    /\b(normal|unusual|out of the ordinary|abnormal|typical for me)\b/.test(q) &&
    !/\b(average|avg)\b/.test(q) &&
    !UNUSUAL.test(q)
  )
    shape.compare = 'usual';
  // 'is that a lot', 'did I spend too much on food': a judgement of an amount, measured against the usual.
  else if (JUDGED_AMOUNT.test(q) && !/\b(what|where|which|who|how)\b/.test(q)) shape.compare = 'usual';
  else if (
    /\b(than|vs|versus|compared? (to|with)|compares (to|with)|against) (the )?(last|previous|prior|month before|year before|week before)\b(?! \d)/.test(
      q,
    ) ||
    /\b(compare|compared|vs|versus|than|against)\b.*\b(to|with|vs|than|and|against) (the )?((month|year|week|quarter|period) before|(previous|prior) (month|year|week|quarter|period))\b/.test(
      q,
    ) ||
    /\b(up|down|higher|lower|more|less|bigger|smaller|increased?|decreased?|changed?|different) (from|than|since|vs|versus|compared (to|with)) (the )?(last|previous|prior)\b/.test(
      q,
    )
  )
    shape.compare = 'previous';
  else if (upOrDown && !strongSeries) shape.compare = 'previous';
  // 'has it gone up since last month' compares two periods; the series is for 'over time'.
  if (shape.compare && shape.series) {
    if (strongSeries) delete shape.compare;
    else delete shape.series;
  }
}

export function readShape(q: string): Shape {
  const shape: Shape = { statistic: 'total', groupBy: 'none', shaped: false };
  const measure = measureOf(q);
  if (measure) shape.measure = measure;
  // 'how many months was I in the red': each month's net, and how many were below zero.
  const spans = q.match(/\bhow many (months|weeks)\b/)?.[1];
  if (spans && (measure === 'net_cash_flow' || /\b(negative|spent more than i (made|earned))\b/.test(q))) {
    shape.measure = 'net_cash_flow';
    shape.series = spans === 'weeks' ? 'week' : 'month';
    shape.shaped = true;
  }

  const range = amountRange(q);
  if (range.min) shape.minAmount = range.min;
  if (range.max) shape.maxAmount = range.max;

  // 'top 3', 'biggest five', and the count said first: 'my 3 biggest', 'which 5 merchants'.
  const top =
    q.match(new RegExp(`\\b(?:top|biggest|largest|smallest|highest|lowest|bottom)\\s+${COUNT_WORD}\\b`)) ??
    q.match(
      new RegExp(
        `\\b(?:my|the|which|what|rank(?: my)?)\\s+${COUNT_WORD}\\s+(?:(?:most|least|biggest|largest|smallest|highest|lowest|best|worst|priciest|cheapest|top)\\b|(?:\\w+\\s+)?(?:categor(?:y|ies)|merchants|stores|shops|places|spots|vendors|companies|brands|restaurants|holdings|stocks|funds|positions|accounts)\\b)`,
      ),
    );
  const topN = countOf(top?.[1]);
  if (topN) shape.top = topN;

  readRanking(q, shape);
  // 'second biggest expense category': the ranking down to that place, which the answer leads with.
  const place = q.match(
    /\b(second|2nd|third|3rd|fourth|4th|fifth|5th)\s+(?:most|biggest|largest|highest|top|smallest|lowest|cheapest|least)\b/,
  )?.[1];
  if (
    place &&
    shape.groupBy !== 'none' &&
    (shape.statistic === 'largest' || shape.statistic === 'smallest')
  ) {
    shape.top = PLACES[place];
    shape.rankAt = PLACES[place];
  }
  // 'any big purchases lately', 'large charges this month': the largest ones, a few of them.
  if (
    shape.statistic === 'total' &&
    new RegExp(`\\b(big|large|huge|major|pricey|expensive) ${ITEM}\\b`).test(q)
  ) {
    shape.statistic = 'largest';
    shape.top = shape.top ?? 5;
    shape.shaped = true;
  }

  const againstUsual =
    /\b(than|vs|versus|compared (to|with)|compare(d)?|relative to|to|against) (my )?(usual|normal|average|typical)\b(?! (\w+ )?(orders?|trips?|purchases?|transactions?|bills?|visits?|rides?|tickets?|meals?|runs?|cups?|payments?|charges?|paychecks?)\b)/.test(
      q,
    );
  // 'how many different stores did I shop at': the merchants counted, each with its purchases.
  if (
    /\bhow many (different |diff |distinct |unique |separate )?(\w+ )?(merchants|stores|places|shops|businesses|vendors|companies|restaurants)\b/.test(
      q,
    )
  )
    shape.groupBy = 'merchant';
  if (shape.statistic === 'total' && !againstUsual) {
    if (
      /\bhow many\b|\bhow (often|frequently)\b|\bnumber of\b|\bcount (of|the|my)\b|(^|\s)# of\b|\b(transaction|purchase|order|visit|txn) count\b/.test(
        q,
      ) &&
      !/\bhow many (months|years|weeks|days)\b/.test(q)
    )
      shape.statistic = 'count';
    else if (
      /%|\b(percent|percentage|share|portion|proportion|fraction)\b|\bhow much of (my|the)\b|\b(chunk|slice|part|piece|half|a third|third|a quarter|two thirds|three quarters|cut) of (my|the|what|all)\b/.test(
        q,
      ) &&
      // 'by what % did groceries change': a change in percent, the comparison's own figure.
      !/\b(what|how many) (%|percent\b).*\b(change|changed|go up|go down|went up|went down|grow|grew|rise|rose|fall|fell|drop|dropped|increase|increased|decrease|decreased|up or down|down or up)\b|(%|\bpercent) (change|increase|decrease|drop|jump|rise)\b/.test(
        q,
      )
    ) {
      shape.statistic = 'share';
      // 'what percent of my transactions were coffee': of how many, not of how much.
      if (
        /(\b(percent|percentage|share|portion|proportion|fraction|how many)|%) of (my |the |all |all my |all the )*(transactions|purchases|visits|trips|orders|charges|payments|swipes)\b/.test(
          q,
        )
      )
        shape.shareBy = 'count';
    } else {
      const per = averageUnit(q);
      if (per) {
        shape.statistic = 'average';
        shape.per = per;
      }
    }
  }
  readDays(q, shape);
  // 'where does my income come from': income by category.
  if (
    /\bwhere (does|did|do) (my |all my )?(income|money|pay|earnings) (come|comes) from\b|\b(income|earnings) sources?\b|\bsources? of (my )?(income|earnings)\b/.test(
      q,
    )
  ) {
    shape.groupBy = 'category';
    shape.measure = 'income';
  }
  const unusual = UNUSUAL.test(q) && shape.statistic === 'total';
  if (unusual) {
    shape.statistic = 'largest';
    shape.top = shape.top ?? 5;
  }
  // 'all my charges over $200', 'anything under $5': the transactions themselves, largest first.
  if (
    (shape.minAmount || shape.maxAmount) &&
    shape.statistic === 'total' &&
    /\b(all|list|show|which|what were|what are|anything|any|every|each)\b/.test(q) &&
    !/\b(how much|total|sum|in all|altogether|combined|add (up|them up|it up)|added up|tally)\b/.test(q)
  ) {
    shape.statistic = 'largest';
    shape.top = shape.top ?? 10;
  }
  readGroupWords(q, shape);

  readTime(q, shape, unusual, againstUsual);

  // Not 'a month ago', 'a week back': those are periods, not a rate.
  const hint = q.match(
    /(?<!\b(?:than|just|only|once|twice) )\b(?:per|a|each|every)\s+(month|week|day|transaction|purchase)\b(?! (?:ago|back|before|earlier|later|from now|or (?:so|two)))|\b(monthly|weekly|daily)\b/,
  );
  const hinted = hint?.[1] ?? { monthly: 'month', weekly: 'week', daily: 'day' }[hint?.[2] ?? ''];
  if (hinted) shape.perHint = (hinted === 'purchase' ? 'transaction' : hinted) as LedgerAverageUnit;
  // 'number of grocery trips per month': the count of each month, a series, not this month's.
  if (shape.statistic === 'count' && shape.groupBy === 'none' && (hinted === 'month' || hinted === 'week'))
    shape.series = shape.series ?? hinted;
  readChangeRanking(q, shape);
  if (shape.statistic === 'count') {
    const noun = q.match(
      new RegExp(`(?:\\bhow many|\\bnumber of|# of|\\bcount of)\\s+(?:\\w+\\s+){0,2}?(${ITEM}|times)\\b`),
    )?.[1];
    if (noun) shape.countNoun = noun.endsWith('s') ? noun : `${noun}s`;
  }
  shape.shaped =
    shape.statistic !== 'total' ||
    (shape.groupBy === 'category' && shape.measure === 'income') ||
    shape.days !== undefined ||
    shape.groupBy === 'day_type' ||
    shape.groupBy === 'merchant' ||
    shape.groupBy === 'account' ||
    shape.series !== undefined ||
    shape.compare !== undefined ||
    shape.minAmount !== undefined ||
    shape.maxAmount !== undefined;
  return shape;
}
