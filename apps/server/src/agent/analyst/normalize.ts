import { editDistance } from './period-words.ts';
import { isEverydayWord } from './vocabulary.ts';

/**
 * A question as people type it, made readable: chat spellings and abbreviations written out ('rn',
 * 'avg', 'txns', 'yr'), contractions without their apostrophe restored, and near spellings of the
 * analyst's own words corrected ('spnding', 'groceris', 'restaraunts'). What was corrected is kept, so
 * an answer can say how it read the question (docs/agent.md, "How a question is read").
 */

/** The places of a ranking after the first, as the shape reads them ('2nd top'). */
const PLACE_WORDS: Record<number, string> = { 2: '2nd', 3: '3rd', 4: '4th', 5: '5th' };

/** Chat spellings, whole words only. */
const CHAT: Record<string, string> = {
  rn: 'right now',
  divs: 'dividends',
  ppl: 'people',
  // A high-yield savings account.
  hysa: 'savings',
  div: 'dividend',
  tbh: '',
  imo: '',
  n: 'and',
  pls: 'please',
  plz: 'please',
  u: 'you',
  ur: 'your',
  r: 'are',
  avg: 'average',
  ave: 'average',
  yr: 'year',
  yrs: 'years',
  yrly: 'yearly',
  mo: 'month',
  mos: 'months',
  mnth: 'month',
  mnths: 'months',
  mth: 'month',
  mths: 'months',
  wk: 'week',
  wks: 'weeks',
  wkend: 'weekend',
  wknd: 'weekend',
  wkends: 'weekends',
  wknds: 'weekends',
  txn: 'transaction',
  txns: 'transactions',
  tx: 'transaction',
  txs: 'transactions',
  trxn: 'transaction',
  trxns: 'transactions',
  thru: 'through',
  til: 'until',
  till: 'until',
  tho: 'though',
  b4: 'before',
  bc: 'because',
  cuz: 'because',
  w: 'with',
  yday: 'yesterday',
  yest: 'yesterday',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  hows: 'how is',
  whats: 'what is',
  wheres: 'where is',
  whered: 'where did',
  howd: 'how did',
  im: 'i am',
  ive: 'i have',
  didnt: 'did not',
  dont: 'do not',
  doesnt: 'does not',
  wasnt: 'was not',
  havent: 'have not',
  cant: 'can not',
  amt: 'amount',
  amts: 'amounts',
  acct: 'account',
  accts: 'accounts',
  bal: 'balance',
  pct: 'percent',
  perc: 'percent',
  approx: 'about',
  info: 'information',
  groc: 'groceries',
  subs: 'subscriptions',
  sub: 'subscription',
  amzn: 'amazon',
  sbux: 'starbucks',
  mcd: 'mcdonalds',
  cc: 'credit card',
  incl: 'including',
  excl: 'excluding',
  chk: 'checking',
  chking: 'checking',
  sav: 'savings',
};

/** The analyst's own words: a near spelling of one of these is read as it. */
export const ANALYST_WORDS = (
  'spend spent spending spendings expenses expense income earned earning earnings salary paycheck paychecks ' +
  'groceries grocery restaurants restaurant dining transactions transaction purchases purchase ' +
  'subscriptions subscription balance balances average biggest largest smallest cheapest category ' +
  'categories merchant merchants savings checking account accounts portfolio investments investment ' +
  'holdings crypto bitcoin ethereum solana wallet wallets dividends interest transportation ' +
  'entertainment shopping travel utilities insurance electricity internet mortgage compared ' +
  'comparison versus quarter monthly weekly yearly quarterly quarters breakdown summary afford yesterday total ' +
  'typical typically usually usual percentage percent recurring payments payment charges ' +
  'expensive through between compare received deposits deposited transfers transfer ' +
  'coffee amazon starbucks netflix spotify gasoline uber lyft weekend average month months ' +
  'year years week weeks much money many times often where which what when doing looking ' +
  'worth net cash flow saved saving afford trend history since before after during everything anything ' +
  'others other rest'
).split(' ');
const KNOWN = ANALYST_WORDS;
const KNOWN_SET = new Set(KNOWN);

/** `longer` is `word` with an inflection ending: 'charges' of 'charge', 'spends' of 'spend'. */
function inflected(word: string, longer: string): boolean {
  return ['s', 'es', 'd', 'ed', 'ing', 'er'].some((ending) => longer === `${word}${ending}`);
}

/** The known word a near spelling stands for: same first letter, one edit (two past 7 letters). */
function corrected(word: string): string | undefined {
  if (word.length < 4 || KNOWN_SET.has(word) || /\d/.test(word)) return undefined;
  // A word of the language is meant as typed ('changes' is not 'charges').
  if (isEverydayWord(word)) return undefined;
  // Long words take more slips ('restraunts' is three edits from 'restaurants').
  const limit = word.length >= 10 ? 3 : word.length >= 8 ? 2 : 1;
  let found: { word: string; distance: number } | undefined;
  for (const known of KNOWN) {
    if (known[0] !== word[0]) continue;
    // Another form of a known word is a word of its own ('charge' and 'charges', 'spends' and 'spend').
    if (inflected(word, known) || inflected(known, word)) continue;
    // A four-letter word without a vowel had one left out ('spnd', 'spnt'); others are words of their own.
    if (word.length === 4 && (known.length !== 5 || /[aeiouy]/.test(word))) continue;
    const distance = editDistance(word, known, limit);
    if (distance <= limit && (!found || distance < found.distance)) found = { word: known, distance };
  }
  return found?.word;
}

export type Normalized = {
  /** Lower case, chat spellings written out, near spellings corrected. */
  text: string;
  /** Near spellings corrected, as [typed, read as] (chat spellings are not listed). */
  corrections: Array<[string, string]>;
};

export function normalizeQuestion(question: string): Normalized {
  const corrections: Array<[string, string]> = [];
  const lower = question
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\bvs\.?(?=\s|$)/g, 'vs')
    .replace(/\bw\/o\b/g, 'without')
    .replace(/\bw\//g, 'with ')
    .replace(/\/\s?(mo|month)\b/g, ' a month')
    .replace(/\/\s?(yr|year)\b/g, ' a year')
    .replace(/\/\s?(wk|week)\b/g, ' a week')
    // 'my #1 expense', 'number one category': the top of a ranking.
    .replace(/(?:#|\bno\.? ?|\bnumber )(?:1|one)\b(?= \w)/g, 'top')
    // 'my #2 category', 'number 3 merchant': that place of the ranking ('2nd top').
    .replace(
      /(?:#|\bnumber )([2-5])\b(?= (?!biggest|largest|top|most|highest)\w)/g,
      (_, n: string) => `${PLACE_WORDS[Number(n)]} top`,
    );
  const counted = lower
    // 'shell out', 'fork out': spending verbs, not the merchants Shell or a fork.
    .replace(/\b(shell|fork)(ed|ing)? out\b/g, (_, _verb, ending) =>
      ending === 'ing' ? 'spending' : ending ? 'spent' : 'spend',
    )
    // 'did I go out', 'we went out': dining out, said of the person (money 'going out' is spending).
    .replace(/\b(i|we|you) (go|went|going|gone) out\b(?! of\b)/g, '$1 ate out')
    .replace(/\b(go|going) out to (eat|dinner|lunch)\b/g, 'eating out')
    // 'higher then last yr': 'then' after a comparative is 'than'.
    .replace(
      /\b(more|less|higher|lower|bigger|smaller|better|worse|greater|fewer|cheaper|larger) then\b/g,
      '$1 than',
    )
    // 'this month or last': the unit said once stands for both periods.
    .replace(
      /\b(this|last) (month|week|year|quarter) (or|vs|versus|and|compared to|than) (last|this)\b(?! (month|week|year|quarter)\b)/g,
      '$1 $2 $3 $4 $2',
    )
    // 'for the whole year', 'all month': the one running now.
    .replace(
      /\b(the (whole|entire|full) |all )(year|yr|month|mo|week|wk)\b(?! (of|before|after|ago)\b)/g,
      'this $3',
    )
    // 'wait not coffee, fast food': the correction names what was meant; what was not meant goes.
    .replace(
      /^((?:wait|no|nope|sorry|oops|hmm|actually|ugh|nah)[,!.]? )?(?:not|no) [a-z' ]{2,30}?(?:,| but| -) */,
      '$1',
    )
    // 'last months income': a possessive without its apostrophe, not a count of months.
    // So is 'this yrs spending', in short.
    .replace(
      /\b(last|this|next|previous|prior) (month|week|year|quarter|yr|mo|wk|qtr)s(?= (?!of\b|and\b|or\b|ago\b|back\b|before\b|to\b|i\b)[a-z])/g,
      (_, which: string, unit: string) =>
        `${which} ${({ yr: 'year', mo: 'month', wk: 'week', qtr: 'quarter' } as Record<string, string>)[unit] ?? unit}'s`,
    )
    // 'did I get a raise': whether the pay went up, paycheck against paycheck.
    .replace(
      /\b(did|have|do) i (get|gotten|got|getting) a (raise|pay raise|pay rise|pay bump|bump)\b/g,
      'did my pay go up',
    )
    // 'take-home pay', 'net pay': what a paycheck brings, not income minus spending.
    .replace(/\b(take[- ]?home|net) pay\b/g, 'paycheck')
    // 'every paycheck from nov added up': a total, not words to search for.
    .replace(/\b(added|add|summed|sum) (it |them |em |'em )?up\b/g, 'in total')
    // 'my lightest spending month', 'the priciest week': the smallest and the biggest.
    .replace(/\b(lightest|slowest|quietest)\b/g, 'smallest')
    .replace(/\b(heaviest|priciest)(?= (spending )?(month|week|day|year|quarter)\b)/g, 'biggest')
    .replace(/\b(last|past|previous) (few|several) (days|weeks|months|years)\b/g, '$1 3 $3')
    .replace(/\b(last|past|previous) (a )?couple( of)? (days|weeks|months|years)\b/g, '$1 2 $4');
  const text = counted.replace(/[a-z0-9']+/g, (word) => {
    const bare = word.replace(/'/g, '');
    const chat = CHAT[bare];
    if (chat && chat !== bare) return chat;
    if (word.includes("'")) return word;
    const fixed = corrected(word);
    if (fixed) {
      corrections.push([word, fixed]);
      return fixed;
    }
    return word;
  });
  return { text: text.replace(/\s+/g, ' ').trim(), corrections };
}
