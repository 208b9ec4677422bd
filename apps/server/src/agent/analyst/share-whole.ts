import type { Matcher } from './vocabulary.ts';

/**
 * What a share is of, when the question names it (docs/agent.md, "How a question is read"): income
 * ('how much of my paycheck goes to rent'), or spending on a category ('what portion of my food
 * spending is groceries'). The rest of the question names the part.
 */
export type ShareWhole = { kind: 'income' } | { kind: 'category'; code: string; label: string };

const OWNER = "(?:(?:my|the|total|all|overall|entire|whole|last|this|\\w+'s) )*";
const INCOME_WHOLE = new RegExp(
  `\\b(?:of|out of|from) ${OWNER}(income|paychecks?|pay|salary|earnings|take[- ]home|(?:what|everything|all) i (?:made|earned|brought in|make|earn|bring in|took home|got paid))\\b`,
);
const CATEGORY_WHOLE = new RegExp(
  `\\b(?:of|out of|in|within|half|third|quarter) ${OWNER}([a-z][a-z'&-]*(?: [a-z][a-z'&-]*)?) (?:spending|spend|\\$|money|expenses|budget|purchases|bills?|costs?)(?=\\W|$)`,
);

/** 'what % of my eating out is fast food': the whole named by a category alone, before 'is' or 'went'. */
const BARE_CATEGORY_WHOLE = new RegExp(
  `\\b(?:of|out of) ${OWNER}([a-z][a-z'&-]*(?: [a-z][a-z'&-]*)?) (?=(?:is|was|are|were|goes|went|go)\\b)`,
);

/** 'uber+lyft as a % of transportation': the whole named after the share's own words. */
const AS_SHARE_OF = new RegExp(
  `\\bas an? (?:%|percent(?:age)?|share|portion|fraction|proportion) of ${OWNER}([a-z][a-z'&-]*(?: [a-z][a-z'&-]*)?)`,
);

/** The whole a share question names, and the question without it (where the part is named). */
export function readShareWhole(
  q: string,
  matcher: Pick<Matcher, 'category' | 'categoryLabel'>,
): { whole: ShareWhole; rest: string } | undefined {
  const income = q.match(INCOME_WHOLE);
  if (income) return { whole: { kind: 'income' }, rest: q.replace(income[0], ' ') };
  const named = q.match(CATEGORY_WHOLE) ?? q.match(BARE_CATEGORY_WHOLE) ?? q.match(AS_SHARE_OF);
  if (!named?.[1]) return undefined;
  const category = matcher.category(named[1]);
  // The whole must be named by the words before its noun, not found elsewhere in the question.
  if (!category || category.score > 0.05 || !named[1].includes(category.phrase)) return undefined;
  if (category.item.code.startsWith('INCOME')) return undefined;
  return {
    whole: { kind: 'category', code: category.item.code, label: matcher.categoryLabel(category.item.code) },
    rest: q.replace(named[0], ' '),
  };
}
