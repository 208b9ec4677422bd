import type { Reading } from './reading.ts';
import type { Matcher } from './vocabulary.ts';

/**
 * What a total leaves out ('my biggest expense besides rent', 'income other than my paycheck',
 * 'spending not counting amazon'): the categories and merchants named after the excluding words,
 * read into the ledger query's `exclude_categories` and `exclude_merchants`. And 'rent vs everything
 * else': one part against the rest of the whole, which is a share (the answer states both).
 */

/** Words that leave a part out of a total: a question holding one must not get the whole total. */
const LEAVES_OUT =
  "excluding|except( for)?|other than|not counting|not including|not from|apart from|aside from|besides|leaving out|without counting|(that|which)('s| is| was| are| were|s) not|(that|which) (isn't|wasn't|isnt|wasnt|aren't|arent|weren't|werent)";

/** Income on the side ('side income', 'side hustle'): every income but wages. */
const SIDE_INCOME = /\b(side|extra|passive) (income|money|hustles?|gigs?|earnings)\b|\bside hustles?\b/;

/** The excluding words, and the looser ones ('minus', 'but not') that count only where a part is named. */
const EXCLUDING = new RegExp(`\\b(${LEAVES_OUT}|exclude|leave out|but not|outside of|minus|without)\\b`);

const LEAVES_A_PART_OUT = new RegExp(`\\b(${LEAVES_OUT}|everything else|anything else|all else)\\b`);

/** Whether the question leaves a part out, named or not ('everything else'): read or asked back. */
export function leavesAPartOut(q: string): boolean {
  return LEAVES_A_PART_OUT.test(q);
}

/** Where the excluded part ends: a comma, a question mark, or a new question. */
const CLAUSE_END = /[,;?!]|\b(how|what|whats|which|and what|and how|vs|versus)\b/;

/** 'rent vs everything else', 'groceries compared to the rest of my spending'. */
export const AGAINST_THE_REST =
  /\b(vs\.?|versus|or|compared (to|with)|against|and) (ev\w*ything|anything|all) else\b|\b(vs\.?|versus|compared (to|with)|against) (the rest|all the rest|all (my )?other|every ?thing other)\b/;

export type Exclusion = {
  categories: Array<{ code: string; label: string }>;
  merchants: string[];
  /** The question without the excluded part: where the subject is read. */
  rest: string;
};

/**
 * The excluded part when the question names one the ledger knows; undefined when it has no excluding
 * words, or names nothing it can leave out (that is asked back, reading-checks.ts).
 */
export function readExclusion(q: string, matcher: Matcher): Exclusion | undefined {
  const found = EXCLUDING.exec(q);
  if (!found) return sideIncome(q, matcher);
  const after = q.slice(found.index + found[0].length);
  const end = CLAUSE_END.exec(after);
  const clause = end ? after.slice(0, end.index) : after;
  const merchants = matcher.merchantsNamed(clause).map((merchant) => merchant.name);
  // 'rent and amazon': the categories named beside the merchants, each read from its own words.
  let rest = clause;
  for (const name of merchants) rest = rest.split(name.toLowerCase()).join(' ');
  const categories = matcher.categories(rest);
  if (merchants.length === 0 && categories.length === 0) return undefined;
  return {
    categories: categories.map((c) => ({ code: c.item.code, label: matcher.categoryLabel(c.item.code) })),
    merchants,
    rest: `${q.slice(0, found.index)} ${end ? after.slice(end.index) : ''}`.replace(/\s+/g, ' ').trim(),
  };
}

function sideIncome(q: string, matcher: Matcher): Exclusion | undefined {
  if (!SIDE_INCOME.test(q)) return undefined;
  const wages = 'INCOME_WAGES';
  return {
    categories: [{ code: wages, label: matcher.categoryLabel(wages) }],
    merchants: [],
    rest: q.replace(SIDE_INCOME, 'income'),
  };
}

/** The part left out goes into the reading; a follow-up that names a new subject drops the old one's. */
export function applyExclusion(
  reading: Reading,
  exclusion: Exclusion | undefined,
  namesSubject: boolean,
): void {
  if (exclusion) reading.excluded = { categories: exclusion.categories, merchants: exclusion.merchants };
  else if (namesSubject) delete reading.excluded;
}
