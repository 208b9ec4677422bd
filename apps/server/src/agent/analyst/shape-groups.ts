import type { LedgerGrouping, LedgerMeasure, LedgerStatistic } from '@penny/contracts';

/** The part of a question's shape (shape.ts) these words set. */
type GroupedShape = {
  statistic: LedgerStatistic;
  groupBy: LedgerGrouping;
  top?: number;
  measure?: LedgerMeasure;
  shaped: boolean;
};

/**
 * The groupings a question's words ask for (shape.ts reads the rest of its shape): 'by category',
 * 'the best month for dividends', 'who paid me', 'income split by job / divs / interest'.
 */

/** Groups a ranking can be over. */
const GROUPS: ReadonlyArray<[LedgerGrouping, RegExp]> = [
  ['category', /^(categor(y|ies)|types?|areas?|buckets?|sources?|kinds?)$/],
  [
    'merchant',
    // A dividend's payer is the security ('which holding paid the most'): its transactions carry its name.
    /^(merchants?|stores?|shops?|places?|spots?|joints?|vendors?|companies|company|businesses|business|brands?|restaurants?|retailers?|payees?|holdings?|stocks?|funds?|etfs?|tickers?|securit(y|ies)|positions?)$/,
  ],
  ['account', /^(accounts?|cards?)$/],
  ['month', /^months?$/],
  ['week', /^weeks?$/],
];

export function groupOf(word: string | undefined): LedgerGrouping | undefined {
  if (!word) return undefined;
  return GROUPS.find(([, pattern]) => pattern.test(word))?.[0];
}

/** The groupings said in so many words, on a shape that has none yet. */
export function readGroupWords(q: string, shape: GroupedShape): void {
  // 'the best month for dividends', 'my worst week for spending': the months (weeks) ranked.
  const bestUnit = q.match(/\b(best|biggest|top|highest|worst|lowest) (month|week|quarter) (for|of|in)\b/);
  if (bestUnit && shape.groupBy === 'none' && shape.statistic === 'total') {
    shape.groupBy = bestUnit[2] === 'week' ? 'week' : bestUnit[2] === 'quarter' ? 'quarter' : 'month';
    // Judged of spending, the worst month is the one that cost the most and the best the least.
    const word = bestUnit[1] ?? '';
    const ofSpending =
      /\b(spen[dt]|spending|expenses?|costs?|bills?)\b/.test(q) &&
      !/\b(income|earn\w*|dividends?|paid me)\b/.test(q);
    const low = ofSpending && /best|worst/.test(word) ? word === 'best' : /worst|lowest/.test(word);
    shape.statistic = low ? 'smallest' : 'largest';
    shape.top = 1;
    shape.shaped = true;
  }
  // 'by category', 'per merchant', 'broken down by account'.
  const by = q.match(
    /\b(?:by|per|each|every|for each)\s+(categor(?:y|ies)|merchants?|stores?|places?|accounts?|sources?|types?|kinds?)\b/,
  );
  const byGroup = groupOf(by?.[1]);
  if (byGroup && shape.groupBy === 'none') shape.groupBy = byGroup;
  // 'top 3 dividend payers': money in by who paid it.
  if (shape.groupBy === 'none' && /\bpayers?\b/.test(q)) {
    shape.measure = 'income';
    shape.groupBy = 'merchant';
    shape.shaped = true;
  }
  // 'who all paid me last month': money in by who paid it.
  if (
    shape.groupBy === 'none' &&
    /\bwho(?:'?s| is| has)? (all )?(has |have |been )?(paid|pays|sent|sends|pay|paying|sending) me\b/.test(q)
  ) {
    shape.measure = 'income';
    shape.groupBy = 'merchant';
    shape.shaped = true;
  }
  // 'income split by job / divs / interest': money in by its kinds.
  if (
    shape.groupBy === 'none' &&
    shape.measure === 'income' &&
    /\b(split|broken (down|out)|break(ing)? (it )?(down|out)|separated?)( up)? (by|into|between)\b/.test(q)
  )
    shape.groupBy = 'category';
}
