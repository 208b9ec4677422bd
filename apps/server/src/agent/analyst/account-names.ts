import type { Reading } from './reading.ts';
import type { ContextAccount, TurnContext } from './turn-context.ts';

/** Words of institution names that name none by themselves ('First Platypus Bank' is 'platypus'). */
const INSTITUTION_WORDS = new Set([
  'bank',
  'first',
  'paper',
  'financial',
  'credit',
  'union',
  'trust',
  'national',
  'savings',
  'securities',
  'investments',
  'group',
  'the',
  'and',
]);

/**
 * Accounts the question names: by their whole name ('Alpaca Paper Roth IRA' names 'Roth IRA
 * (Alpaca Paper)'), else by the words of their name ('my Roth IRA' names both Roth IRAs), else by
 * kind or chain ('my checking account', 'my Solana wallet').
 */
export function accountsNamed(context: TurnContext, question: string): ContextAccount[] {
  const found = accountsNamedIn(context, question);
  // 'roth vs individual' with two Roth IRAs: each side's accounts, when they are more than the whole's.
  const sides = eachSideNamed(context, question);
  return sides && sides.length > found.length && found.every((a) => sides.includes(a)) ? sides : found;
}

/** Words in account names that say nothing about which account is meant. */
const NAMELESS = new Set([
  'account',
  'acct',
  'card',
  'cash',
  'bank',
  'total',
  'plaid',
  'high',
  'yield',
  'my',
]);

/**
 * 'roth vs individual', 'joint and individual': each side of a comparison names its own accounts,
 * where a word too common to name an account alone ('individual') does when it is all a side says.
 */
function eachSideNamed(context: TurnContext, question: string): ContextAccount[] | undefined {
  const q = question.toLowerCase();
  if (!/\b(vs\.?|versus|or|and|each|both)\b|&/.test(q)) return undefined;
  const sides = q.split(/\b(?:vs\.?|versus|or|and)\b|[&,]/).map((side) => side.trim());
  if (sides.length < 2) return undefined;
  const nameWords = (a: ContextAccount) =>
    a.name
      .replace(/\(.*\)/, '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4 && !NAMELESS.has(w));
  const perSide = sides.map((side) => {
    const named = accountsNamedIn(context, side);
    if (named.length > 0) return named;
    const words = new Set(side.split(/[^a-z0-9]+/).flatMap((w) => [w, w.replace(/s$/, '')]));
    const loose = context.accounts.filter((a) => nameWords(a).some((w) => words.has(w)));
    return loose.length < context.accounts.length ? loose : [];
  });
  const named = perSide.filter((side) => side.length > 0);
  if (named.length < 2) return undefined;
  const all = [...new Set(named.flat())];
  // Sides that name the same accounts compare nothing.
  return all.length >= 2 && all.length === named.reduce((n, side) => n + side.length, 0) ? all : undefined;
}

function accountsNamedIn(context: TurnContext, question: string): ContextAccount[] {
  const q = ` ${question.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ')} `;
  const has = (word: string) => q.includes(` ${word} `) || q.includes(` ${word}s `);
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9 ]+/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 1 && !['the', 'of', 'and', 'account', 'web3'].includes(w));
  const whole = context.accounts.filter((a) => {
    const words = wordsOf(`${a.name} ${a.institution ?? ''}`);
    const nameWords = wordsOf(a.name);
    return (
      words.length > 0 &&
      nameWords.every(has) &&
      words.filter(has).length >= Math.min(words.length, nameWords.length + 1)
    );
  });
  if (whole.length > 0) {
    // The most specific: accounts whose every word the question names beat those named in part.
    const full = whole.filter((a) => wordsOf(`${a.name} ${a.institution ?? ''}`).every(has));
    return full.length > 0 ? full : whole;
  }
  const byName = context.accounts.filter((a) => {
    const core = wordsOf(a.name.replace(/\(.*\)/, ''));
    return core.length > 0 && core.every(has);
  });
  if (byName.length > 0) return byName;
  // 'my first platypus accounts', 'what's at alpaca': the accounts at an institution the question
  // names, narrowed by whatever else it names ('my alpaca roth').
  const institutionWords = (a: ContextAccount) =>
    wordsOf(a.institution ?? '').filter((w) => w.length >= 3 && !INSTITUTION_WORDS.has(w));
  const atInstitution = context.accounts.filter((a) => {
    const words = institutionWords(a);
    return words.length > 0 && words.every(has);
  });
  if (atInstitution.length > 0) {
    const named = new Set(atInstitution.flatMap(institutionWords));
    const rest = q
      .split(' ')
      .filter((w) => !named.has(w) && !named.has(w.replace(/s$/, '')))
      .join(' ');
    const narrower = accountsNamedIn({ ...context, accounts: atInstitution }, rest);
    return narrower.length > 0 ? narrower : atInstitution;
  }
  const CHAINS: Record<string, string[]> = {
    sol: ['solana', 'sol'],
    eth: ['ethereum', 'eth'],
    btc: ['bitcoin', 'btc'],
  };
  const chain = Object.entries(CHAINS).find(([, words]) => words.some(has))?.[0];
  if (chain && has('wallet')) return context.accounts.filter((a) => a.chain === chain);
  // A word only one account's name has ('my visa', 'the amex').
  const GENERIC = new Set([
    'cash',
    'rewards',
    'plaid',
    'my',
    'card',
    'account',
    'everyday',
    'high',
    'yield',
    'individual',
    'joint',
    'total',
    'bank',
    'credit',
    'checking',
    'savings',
    'saving',
  ]);
  const distinctive = context.accounts.filter((a) =>
    wordsOf(a.name.replace(/\(.*\)/, '')).some((w) => w.length >= 3 && !GENERIC.has(w) && has(w)),
  );
  if (distinctive.length === 1) return distinctive;
  // 'my alpaca roth': of the accounts a word names, the one whose name and institution the
  // question names most (two words at least).
  if (distinctive.length > 1) {
    const named = (a: ContextAccount) =>
      wordsOf(`${a.name} ${a.institution ?? ''}`).filter((w) => w.length >= 3 && !GENERIC.has(w) && has(w))
        .length;
    const most = Math.max(...distinctive.map(named));
    const best = distinctive.filter((a) => named(a) === most);
    if (most >= 2 && best.length === 1) return best;
    // 'the roth' with two Roth IRAs: both fit (the reading asks which, or reads both).
    return distinctive;
  }
  const kinds = ['checking', 'savings', 'credit', 'brokerage', 'investment', 'retirement', 'loan'];
  const cardWords = has('card');
  const named = kinds.filter((k) => has(k) && !new RegExp(`\\b${k} (rate|goal)`).test(q));
  if (named.length === 0 && cardWords) named.push('credit');
  // 'my savings and checking': every kind named.
  return context.accounts.filter((a) =>
    named.some((kind) => a.kind === kind || a.name.toLowerCase().includes(kind)),
  );
}

/**
 * A question about one account ('my checking account', 'my Ethereum wallet') when the user has
 * several that fit: the answer would differ, so ask which.
 */
export function ambiguousAccount(
  question: string,
  accountsIn: (question: string) => ContextAccount[],
): ContextAccount[] | undefined {
  const q = question.toLowerCase();
  if (!/\b(my|the)\s+(\w+\s+){0,3}(account|wallet|card|ira|roth|brokerage)\b(?!s)/.test(q)) return undefined;
  if (/\b(accounts|wallets|cards|all|each|both|every|total|combined|together|two|three|and)\b/.test(q))
    return undefined;
  const candidates = accountsIn(question);
  return candidates.length >= 2 ? candidates : undefined;
}

/**
 * 'and dividends' after the savings account's interest: an account carried from the question before is
 * dropped when it holds none of the category named now (the dividends are paid elsewhere).
 */
export function dropAccountWithout(reading: Reading, namedNow: number): void {
  const held = reading.account?.categories;
  const code = reading.category?.code;
  if (namedNow > 0 || !held || !code) return;
  if (held.some((category) => category === code || category.startsWith(`${code}_`))) return;
  delete reading.account;
  delete reading.namedAccount;
}

/** Whether the accounts all have one name, told apart only by their institutions ('Brokerage (Alpaca)'). */
export function sameNamed(accounts: ContextAccount[]): boolean {
  return (
    new Set(accounts.map((account) => account.name.replace(/\s*\([^)]*\)$/, '').toLowerCase())).size === 1
  );
}

/** Kinds of account people compare their spending on; 'card' and 'credit card' are one kind. */
const SPENDING_ACCOUNT_KINDS: ReadonlyArray<[string, RegExp]> = [
  ['card', /\b(credit ?card|card|visa|mastercard|amex|credit)\b/],
  ['checking', /\b(checking|debit)\b/],
  ['savings', /\bsavings\b/],
];

/**
 * 'card spend vs checking spend in september': spending on two kinds of account compared is the
 * spending by account, each account's figure side by side.
 */
export function accountsCompared(q: string, spends: boolean): boolean {
  if (!spends || !/\b(vs|versus|compared?|or|against|more on)\b/.test(q)) return false;
  return SPENDING_ACCOUNT_KINDS.filter(([, words]) => words.test(q)).length >= 2;
}

/** The one account a question names is the reading's; 'it' in a follow-up is the one named before. */
export function applyNamedAccount(
  reading: Reading,
  named: ContextAccount[],
  q: string,
  previous: Reading | undefined,
): void {
  // 'my brokerage accts': every account of the kind, not the one whose name fits best.
  if (named.length === 1 && named[0] && !/\b(accounts|accts|cards|wallets)\b/.test(q)) {
    reading.account = named[0];
    reading.namedAccount = named[0];
  } else if (
    named.length === 0 &&
    previous?.namedAccount &&
    /\b(it|that account|this account|that one|the account)\b/.test(q) &&
    !['balances', 'net_worth', 'crypto'].includes(reading.intent)
  ) {
    // 'how much interest did it earn' after 'what's my savings balance': the account said before.
    reading.account = previous.namedAccount;
    reading.namedAccount = previous.namedAccount;
  }
}
