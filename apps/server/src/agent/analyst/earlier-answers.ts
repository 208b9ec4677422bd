import type { Reading } from './reading.ts';
import { LEDGER_INTENTS } from './reading.ts';
import { PLAIN_SHAPE, type Shape } from './shape.ts';

/**
 * Follow-ups that point back at earlier answers: 'the first one' (an item of the last numbered list)
 * and 'combined?' (the subjects of the last two questions together).
 */

/** 'the first one', 'the 2nd place', '#3': an item of an earlier answer's numbered list. */
const ORDINAL =
  /\bthe (first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th|top|last) (one|place|merchant|store|category|item)\b|\b((number|#|no\.?) ?[1-9])\b(?! (transactions?|purchases?|times?))/;
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

/** The reading over both subjects of the last two questions, or undefined when there were not two. */
export function combinedReading(previous: Reading): Reading | undefined {
  const before = previous.subjectBefore ?? {};
  const shape: Shape = { ...(previous.shape ?? PLAIN_SHAPE), groupBy: 'none', shaped: true };
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
