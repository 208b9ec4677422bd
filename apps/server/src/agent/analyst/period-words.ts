/**
 * The words of a question as the period grammar sees them: each token keeps where it stands in the
 * question, and words that may name a month, a weekday or a count say so once, here.
 */

export type TokenKind = 'word' | 'num' | 'ord' | 'iso' | 'slash' | 'yy' | 'sym' | 'other';

export type Token = {
  kind: TokenKind;
  /** Lower case, a trailing "'s" dropped, chat short forms spelled out ('yr' → 'year'). */
  w: string;
  /** Where it starts and ends in the question (end excluded). */
  index: number;
  end: number;
  /** A number's value: 2025 for '2025', 3 for '3rd', 25 for "'25". */
  value?: number;
  /** The month (0–11) the word names or seems to name. */
  month?: number;
  /** How sure: 'exact' a name or abbreviation, 'context' a word that needs a date around it (may,
   *  march, a misspelling), 'clash' near two months at once (so never read as either). */
  monthHow?: 'exact' | 'context' | 'clash';
  weekday?: number;
};

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const MONTHS_LOWER = MONTH_NAMES.map((m) => m.toLowerCase());

const ABBREVIATIONS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** Month names that are also everyday words: read as months only with a date around them. */
const VERB_MONTHS = new Set(['may', 'march']);

/** English words an edit away from a month name that a chat about money uses as themselves. */
const NOT_MONTHS = new Set([
  'match',
  'marco',
  'marcy',
  'mach',
  'junk',
  'jury',
  'jung',
  'juno',
  'jane',
  'julia',
  'julie',
  'augusta',
  'maybe',
  'mayor',
  'mayo',
  'many',
  'mars',
  'marks',
  'apple',
  'octet',
  'number',
  'remember',
  'marched',
  'marches',
  'marching',
  'junes',
]);

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

const SHORT_FORMS: Record<string, string> = {
  yr: 'year',
  yrs: 'years',
  mo: 'month',
  mos: 'months',
  mth: 'month',
  mths: 'months',
  wk: 'week',
  wks: 'weeks',
  qtr: 'quarter',
  qtrs: 'quarters',
  thru: 'through',
  til: 'till',
  untill: 'until',
};

export const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

/** Optimal string alignment distance (an adjacent swap counts one), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prevPrev[j - 2] ?? 0) + 1);
      }
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > limit) return limit + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length] ?? limit + 1;
}

const monthCache = new Map<string, Pick<Token, 'month' | 'monthHow'>>();

/** Which month a word names: exactly, only with context, or (a misspelling) by edit distance. */
export function monthOf(word: string): Pick<Token, 'month' | 'monthHow'> {
  const cached = monthCache.get(word);
  if (cached) return cached;
  const found = lookUpMonth(word);
  if (monthCache.size < 5000) monthCache.set(word, found);
  return found;
}

function lookUpMonth(word: string): Pick<Token, 'month' | 'monthHow'> {
  const exact = MONTHS_LOWER.indexOf(word);
  if (exact >= 0) return { month: exact, monthHow: VERB_MONTHS.has(word) ? 'context' : 'exact' };
  const abbreviation = ABBREVIATIONS[word];
  if (abbreviation !== undefined) return { month: abbreviation, monthHow: 'exact' };
  if (word.length < 4 || NOT_MONTHS.has(word)) return {};
  // A misspelling keeps the first letter; long names allow two slips, short ones one.
  const limit = word.length >= 7 ? 2 : 1;
  let best = limit + 1;
  const nearest: number[] = [];
  MONTHS_LOWER.forEach((name, index) => {
    if (name[0] !== word[0] || name.length < 4) return;
    const d = editDistance(word, name, limit);
    if (d < best) {
      best = d;
      nearest.length = 0;
    }
    if (d === best && d <= limit) nearest.push(index);
  });
  if (nearest.length === 0) return {};
  // A long misspelling ('febuary', 'septmber') is plainly a month; a short one ('juen') needs a date
  // around it, and one as near to two months ('juny') is neither.
  if (nearest.length > 1) return { month: nearest[0], monthHow: 'clash' };
  return { month: nearest[0], monthHow: word.length >= 6 ? 'exact' : 'context' };
}

const TOKEN =
  /\d{4}-\d{1,2}(?:-\d{1,2})?(?![\d-])|\d{1,4}\/\d{1,4}(?:\/\d{1,4})?(?![\d/])|\d+(?:st|nd|rd|th)(?![a-z])|\d+(?:[.,]\d+)*[a-z]*|'\d{2}(?![\d'])|[a-z]+\d[a-z\d]*|[a-z]+(?:'[a-z]+)?|[^\s\w]/g;

/** The question's tokens, in order. */
export function tokenize(question: string): Token[] {
  // Lower-cased letter by letter so every offset still points into the question as written.
  const text = question.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(/[’‘`]/g, "'");
  const tokens: Token[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0];
    const index = m.index;
    const token: Token = { kind: kindOf(raw), w: raw, index, end: index + raw.length };
    if (token.kind === 'word') {
      const word = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
      token.w = SHORT_FORMS[word] ?? word;
      Object.assign(token, monthOf(token.w));
      const weekday = WEEKDAYS.indexOf(token.w);
      if (weekday >= 0) token.weekday = weekday;
    } else if (token.kind === 'num' || token.kind === 'ord') {
      token.value = Number.parseInt(raw, 10);
    } else if (token.kind === 'yy') {
      token.value = 2000 + Number(raw.slice(1));
    }
    tokens.push(token);
  }
  return tokens;
}

function kindOf(raw: string): TokenKind {
  if (/^\d+$/.test(raw)) return 'num';
  if (/^\d+(st|nd|rd|th)$/.test(raw)) return 'ord';
  if (/^\d{4}-/.test(raw)) return 'iso';
  if (/^\d+\//.test(raw)) return 'slash';
  if (raw.startsWith("'") && raw.length === 3) return 'yy';
  if (/^[a-z]/.test(raw)) return 'word';
  if (/^\d/.test(raw)) return 'other';
  return 'sym';
}

/** A count written as digits or as a word ('3', 'three', 'a'). */
export function countOf(token: Token | undefined): number | undefined {
  if (!token) return undefined;
  if (token.kind === 'num') return token.value;
  if (token.kind === 'word') return NUMBER_WORDS[token.w];
  return undefined;
}
