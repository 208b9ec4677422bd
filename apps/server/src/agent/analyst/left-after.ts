import type { Reading } from './reading.ts';
import { PLAIN_SHAPE } from './shape.ts';
import type { Matcher } from './vocabulary.ts';

/** 'how much of my pay was left after rent': what is left of money in after a kind of spending. */
const LEFT_AFTER =
  /^(.*)\b(?:left|left over|leftover|remain(?:s|ed|ing)?)\b.*?\bafter (?:(?:my|the|paying|paying for|i pay|covering|all)\s+)*([a-z][a-z' &-]*?)(?:\s+(?:comes? out|is paid|was paid|goes out|went out|came out|bills?|payments?))?\??$/;
const PAY = /\b(pay|paychecks?|salary|wages|take[- ]home)\b/;
const INCOME = /\b(income|earn\w*|made|make|brought in|bring in)\b/;

/**
 * The pay (or all income) less one kind of spending over the same period, as one net figure the ledger
 * query computes: the net cash flow of those categories together (docs/agent.md, "How a question is
 * read"). Undefined when the question is not of that shape or the spending is not a known category.
 */
export function leftAfter(
  q: string,
  matcher: Pick<Matcher, 'category' | 'categoryLabel'>,
): Pick<Reading, 'intent' | 'categories' | 'shape'> | { clarify: string } | undefined {
  const match = q.match(LEFT_AFTER);
  const before = match?.[1] ?? '';
  const after = match?.[2];
  if (!after) return undefined;
  const spent = matcher.category(after);
  if (!spent || spent.score > 0.1 || spent.item.code.startsWith('INCOME')) return undefined;
  const label = matcher.categoryLabel(spent.item.code);
  // 'whats left in checking after rent comes out': a balance less a payment to come, which no tool
  // works out; asked back rather than answered with the payment alone.
  if (!(PAY.test(before) || INCOME.test(before)))
    return {
      clarify: `I read this as what would be left after ${label}, which I can't work out in one step yet. I can show the balance and your ${label} payments side by side. Should I?`,
    };
  const money = PAY.test(before)
    ? { code: 'INCOME_WAGES', label: matcher.categoryLabel('INCOME_WAGES') }
    : { code: 'INCOME', label: matcher.categoryLabel('INCOME') };
  return {
    intent: 'cash_flow',
    categories: [money, { code: spent.item.code, label: matcher.categoryLabel(spent.item.code) }],
    shape: { ...PLAIN_SHAPE, measure: 'net_cash_flow', shaped: true },
  };
}
