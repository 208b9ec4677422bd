import { ANALYST_WORDS, normalizeQuestion } from './normalize.ts';
import { MONTH_NAMES, NUMBER_WORDS } from './period-words.ts';
import { LEDGER_INTENTS, type Plan, type Reading } from './reading.ts';
import { type Matcher, STOP, wordsForCategory } from './vocabulary.ts';

/**
 * Scope by reading (docs/agent.md, "How a question is read"): a question is answered only when every
 * word that could change its meaning was read. Each word of the question either agrees with the plan
 * (it names the plan's subject, account, period or numbers), or is part of how any question is put
 * ('hey', 'the', 'usually'), or changed the plan (the plan without it differs). A word that did none of
 * these was not read ('sushi dinner', 'the week of thanksgiving', 'divs + interest' answered for the
 * dividends alone), so the question is asked back with what was read, never answered as though the
 * word were not there.
 */

/** Words that carry no finance meaning of their own: grammar, courtesy, chat. */
const PLAIN_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the this that these those some any all both either its it they them their there here ' +
    'i me my mine myself we us our ours you your yours yourself ' +
    'is are was were be been being am do does did done doing have has had having ' +
    'will would shall should can could may might must ' +
    'what how when where which who whom whose why ' +
    'in on at of for to from by with into onto as than then so if and or but nor ' +
    'up out off over about around ' +
    'hey hi hello yo please thanks thank thx ok okay um uh hmm wait like just actually really ' +
    'quick quickly roughly approximately exactly basically honestly literally kinda kind sort ' +
    'pretty lol yeah yes yep sure again now right well oh ah hm anyway also too very morning ' +
    'tell show give let know want wanna need see check look find get got gotten getting make made ' +
    'think thinking wondering wonder curious guess mean say said help figure calculate compute work ' +
    'pull q question real one ones though tbh ugh outta wat wht terms use using used name size type end ' +
    'k no nope sorry oops meant yet whos thats clear fine'
  ).split(' '),
);

/**
 * How people talk about money without naming what is counted: verbs of spending and earning, and
 * words of feeling or emphasis ('blowing', 'bleeding', 'habit', 'lately', 'overall', 'wise').
 */
const MONEY_TALK: ReadonlySet<string> = new Set(
  (
    'pay paid paying pays earn earns earning earned make makes making made owe owes owed owing ' +
    'buy buys buying bought purchase purchased order orders ordered ordering place placed ' +
    'drop dropped dropping blow blowing blew bleeding burn burning burned splurge splurged ' +
    'save saving saved invest invested investing put putting sitting sit stack hold holding held ' +
    'come comes came coming bring brought run runs ran costing charging charged ' +
    'feel feels felt habit habits trending trend creeping creep lately overall wise actual actually ' +
    'single whole full big little bit chunk piece thing things stuff amount amounts bucks dollars ' +
    'usd cash money finances financial financially picture situation number numbers value ' +
    'normal normally usually usual typical typically anything everything something nothing ' +
    'different changed change time way same rank ranked ranking count counted counting ' +
    'best worst top bottom highest lowest fattest biggest largest smallest most least more less ' +
    'manage realistically room left remaining available spare extra still currently overdoing ' +
    'bill bills visit visits trip trips times eat eating ate drink drinking go goes going gone went gets ' +
    'own owns store stores shop shops place places spot spots joint joints ' +
    // comparing and combining: the plan's shape, not its subject
    'vs versus compared compare comparing against higher lower bigger smaller better worse greater fewer ' +
    'cheaper minus plus net after fraction portion share percent percentage proportion together ' +
    'combined altogether only diff difference different always never mostly hit hits high low side ' +
    'home everywhere eaten car'
  ).split(' '),
);

/** Words that leave something out. */
const EXCLUDING = new Set(['not', 'besides', 'except', 'excluding', 'without']);

/** Whether the plan sets several periods, subjects or groups side by side. */
function severalSides(reading: Reading): boolean {
  return (
    (reading.periods?.length ?? 0) > 1 ||
    (reading.categories?.length ?? 0) > 1 ||
    (reading.merchants?.length ?? 0) > 1 ||
    (reading.shape?.groupBy ?? 'none') !== 'none'
  );
}

/** Units of time, and the period lengths in days they name. */
const UNIT_DAYS: Record<string, number> = {
  day: 1,
  days: 1,
  week: 7,
  weeks: 7,
  weekend: 2,
  weekends: 2,
  month: 28,
  months: 28,
  quarter: 90,
  quarters: 90,
  year: 365,
  years: 365,
};
const PERIOD_WORDS = new Set([
  ...MONTH_NAMES.map((m) => m.toLowerCase()),
  ...MONTH_NAMES.map((m) => m.toLowerCase().slice(0, 3)),
  'today',
  'yesterday',
  'tonight',
  'weekday',
  'weekdays',
  'ytd',
  'since',
  'last',
  'this',
  'past',
  'previous',
  'prior',
  'next',
  'ago',
  'far',
  'recent',
  'recently',
  'first',
  'second',
  'half',
]);

/** Intents that read numbers and a few words into a calculation: the rest of their words are the user's own. */
const CALCULATED = new Set<Reading['intent']>([
  'compound_growth',
  'loan_payment',
  'savings_goal',
  'emergency_fund',
  'afford',
  'summary',
  'cut_back',
  'budgets',
]);

const bare = (word: string) => word.replace(/^[^a-z0-9$]+|[^a-z0-9%]+$/g, '').replace(/'s$/, '');

/** What a plan would do, to tell whether leaving a word out changed it. */
function doing(plan: Plan): string {
  switch (plan.kind) {
    case 'tools':
      return JSON.stringify(plan.calls);
    case 'clarify':
      return `clarify ${plan.question}`;
    case 'decline':
      return `decline ${plan.reason}`;
  }
}

const DAY_MS = 86_400_000;
const spanDays = (p: { start: string; end: string }) =>
  (Date.parse(p.end) - Date.parse(p.start)) / DAY_MS + 1;

/**
 * Whether a word of time agrees with the plan's periods: a longer unit said of a question read as one
 * day ('the week of thanksgiving' read as the day) does not.
 */
function agreesInTime(word: string, reading: Reading): boolean {
  const unitDays = UNIT_DAYS[word];
  const periods = [...(reading.periods ?? []), ...(reading.period ? [reading.period] : [])];
  if (unitDays === undefined || unitDays <= 1 || periods.length === 0) return true;
  return !periods.every((p) => spanDays(p) === 1);
}

/** Whether a number the question states is used by the plan (a count, a limit, an amount, a year). */
function numberUsed(value: number, calls: string, reading: Reading): boolean {
  if (reading.limit === value || reading.shape?.top === value || reading.shape?.rankAt === value) return true;
  if (new RegExp(`[^0-9.]${value}([^0-9]|\\.0)`).test(calls)) return true;
  if (Object.values(reading.numbers ?? {}).includes(value)) return true;
  const labels = [reading.period?.label, ...(reading.periods ?? []).map((p) => p.label)].join(' ');
  return new RegExp(`\\b${value}\\b`).test(labels);
}

/** A category or merchant the word names on its own, matched as the question's subject would be. */
function subjectNamed(word: string, matcher: Matcher): { code?: string; merchant?: string } | undefined {
  if (STOP.has(word) || word.length < 3) return undefined;
  const category = matcher.category(word);
  if (category && category.phrase === word) return { code: category.item.code };
  const merchant = matcher.merchant(word);
  if (merchant && merchant.phrase === word) return { merchant: merchant.item.name };
  return undefined;
}

/** Whether the plan counts what the word names (the same category, a wider or narrower one, or the merchant). */
function agreesInSubject(
  named: { code?: string; merchant?: string },
  calls: string,
  reading: Reading,
): boolean {
  if (named.merchant) return calls.includes(named.merchant) || Boolean(reading.text);
  const code = named.code ?? '';
  // Income of every kind is counted by a plan over income ('divs + interest' of the investments' income).
  if (
    code.startsWith('INCOME') &&
    ((/income/.test(calls) && !/"categor(y|ies)":/.test(calls)) || reading.intent === 'cash_flow')
  )
    return true;
  const codes = [
    ...[...calls.matchAll(/"([A-Z][A-Z_]{2,})"/g)].map((m) => m[1] ?? ''),
    ...[reading.category, ...(reading.categories ?? [])].map((c) => c?.code ?? ''),
  ].filter(Boolean);
  if (codes.some((c) => c === code || c.startsWith(`${code}_`) || code.startsWith(`${c}_`))) return true;
  // A merchant's own category is not known here: 'starbucks coffee' is read by the merchant.
  return Boolean(reading.merchant || reading.merchants?.length || reading.text);
}

/** The plan, or an ask-back when a word that may matter was not read. */
export function coveredPlan(question: string, plan: Plan, coverage: Coverage): Plan {
  if (plan.kind !== 'tools') return plan;
  const unread = unreadWords(question, plan, coverage);
  return unread.length === 0
    ? plan
    : { kind: 'clarify', question: unreadQuestion(unread, plan.reading), reading: plan.reading };
}

export type Coverage = {
  matcher: Matcher;
  /** Reads a question in the same thread and context. */
  reread: (question: string) => Plan;
};

/** The words of the question the plan did not read and that may matter, in the question's order. */
export function unreadWords(question: string, plan: Plan, { matcher, reread }: Coverage): string[] {
  if (plan.kind !== 'tools' || CALCULATED.has(plan.reading.intent)) return [];
  // The recurring payments are listed whole, the one named among them.
  if (plan.reading.intent === 'recurring') return [];
  const { reading } = plan;
  const calls = JSON.stringify(plan.calls);
  const text = normalizeQuestion(question).text;
  const words = text.split(/\s+/).filter(Boolean);
  const analystWords = new Set<string>(ANALYST_WORDS);
  const planWords = wordsOfPlan(calls, reading);
  let whole: string | undefined;
  const unread: string[] = [];
  // 'sorry i meant dividends not interest': what follows 'not' in a correction is what was not meant.
  const correction = /\b(i )?meant\b|\bi mean\b/.test(text);
  for (const [index, typed] of words.entries()) {
    const word = bare(typed);
    if (correction && word === 'not') break;
    if (word === '' || PLAIN_WORDS.has(word)) continue;
    if (/[-/]/.test(word) && word.split(/[-/]/).every((part) => PLAIN_WORDS.has(part))) continue;
    // 'what % of my pay': after a possessive a word of money talk is a noun, and may name a subject.
    const noun = /^(my|our|your|the|of)$/.test(bare(words[index - 1] ?? ''));
    if (MONEY_TALK.has(word) && !(noun && subjectNamed(word, matcher))) continue;
    const number = /^\$?\d[\d,]*(\.\d+)?k?$/.test(word) ? word : undefined;
    const value = number ? Number(number.replace(/[$,k]/g, '')) : NUMBER_WORDS[word];
    let agrees: boolean;
    // Balances, holdings and wallets are answered whole, by account and by asset: only a subject
    // they cannot count ('starbucks spending in the roth') is left unread.
    if (!LEDGER_INTENTS.has(reading.intent)) {
      const named = subjectNamed(word, matcher);
      agrees = !named || agreesInSubject(named, calls, reading);
    } else if (planWords.has(word) || planWords.has(word.replace(/s$/, ''))) agrees = true;
    // 'not', 'besides': read when the plan leaves something out.
    else if (EXCLUDING.has(word)) agrees = /"exclude_/.test(calls) || Boolean(reading.excluded);
    // 'the two', 'those 3': what was asked before, read when the plan sets several side by side.
    else if (value !== undefined && /^(the|those|these|both)$/.test(bare(words[index - 1] ?? '')))
      agrees = severalSides(reading);
    else if (value !== undefined)
      agrees = !LEDGER_INTENTS.has(reading.intent) || numberUsed(value, calls, reading);
    else if (UNIT_DAYS[word] !== undefined) agrees = agreesInTime(word, reading);
    else if (PERIOD_WORDS.has(word)) agrees = true;
    else {
      const named = subjectNamed(word, matcher);
      if (named) agrees = agreesInSubject(named, calls, reading);
      else if (matcher.accounts(word).length > 0) agrees = agreesInAccount(word, calls, reading, matcher);
      else agrees = STOP.has(word) || analystWords.has(word);
    }
    if (agrees) continue;
    // Not one of the plan's own: read only if the plan without it differs.
    whole ??= doing(reread(text));
    const without = [...words.slice(0, index), ...words.slice(index + 1)].join(' ');
    if (doing(reread(without)) === whole) unread.push(word);
  }
  return [...new Set(unread)];
}

/** The words of what the plan counts: names, labels, periods ('trader joes', 'food and drink'). */
function wordsOfPlan(calls: string, reading: Reading): Set<string> {
  const codes = [
    ...[...calls.matchAll(/"([A-Z][A-Z_]{2,})"/g)].map((m) => m[1] ?? ''),
    ...[reading.category, ...(reading.categories ?? [])].map((c) => c?.code ?? ''),
  ];
  const named = [
    calls,
    ...codes.flatMap((code) => wordsForCategory(code)),
    reading.category?.label,
    ...(reading.categories ?? []).map((c) => c.label),
    reading.account?.name,
    reading.namedAccount?.name,
    reading.text,
    ...(reading.focus ?? []),
    ...(reading.coins ?? []),
  ].join(' ');
  const words =
    named
      .toLowerCase()
      .replace(/'/g, '')
      .match(/[a-z0-9]+/g) ?? [];
  return new Set(words.flatMap((w) => [w, w.replace(/s$/, '')]));
}

/** Whether the plan is about the accounts the word names, or about accounts at all. */
function agreesInAccount(word: string, calls: string, reading: Reading, matcher: Matcher): boolean {
  if (reading.shape?.groupBy === 'account' || reading.accountKind) return true;
  const counted = [reading.account?.id, reading.namedAccount?.id];
  return matcher
    .accounts(word)
    .some((a) => calls.includes(a.id) || calls.includes(`"${a.kind}"`) || counted.includes(a.id));
}

/** What each kind of question measures, in words, for saying what was read. */
const MEASURED: Record<Reading['intent'], string> = {
  spending: 'your spending',
  merchants: 'your spending by merchant',
  income: 'your income',
  cash_flow: 'what came in and went out',
  net_worth: 'your net worth',
  balances: 'your balances',
  recurring: 'your recurring payments',
  largest: 'your largest transactions',
  search: 'your transactions',
  holdings: 'your holdings',
  crypto: 'your crypto wallets',
  compound_growth: 'how savings grow',
  loan_payment: 'a loan payment',
  savings_goal: 'a savings goal',
  emergency_fund: 'an emergency fund',
  summary: 'a summary of your money',
  afford: 'whether you can afford it',
  cut_back: 'where you could cut back',
  budgets: 'your budgets',
};

/** The reading in a few words: what, about what, when ('your spending at Amazon in November 2026'). */
export function readingInWords(reading: Reading): string {
  const about = reading.merchant
    ? ` at ${reading.merchant}`
    : reading.category
      ? ` on ${reading.category.label}`
      : reading.text
        ? ` mentioning "${reading.text}"`
        : '';
  const account = reading.account ? ` in ${reading.account.name}` : '';
  const periods = reading.periods?.map((p) => p.label).join(' and ');
  const label = periods ?? reading.period?.label;
  const when = !label
    ? ''
    : /^(since|from|between|before|after|until)\b/.test(label)
      ? ` ${label}`
      : /^the\b/.test(label)
        ? ` over ${label}`
        : !periods && reading.period?.unit === 'day'
          ? ` on ${label}`
          : ` in ${label}`;
  return `${MEASURED[reading.intent]}${about}${account}${when}`;
}

/** The ask-back for words the plan did not read: what was read, and what was not. */
export function unreadQuestion(words: readonly string[], reading: Reading): string {
  const quoted = words.map((w) => `"${w}"`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  return `I read your question as ${readingInWords(reading)}, but I couldn't fit ${list} into that, so I haven't answered yet. Should I answer without ${words.length > 1 ? 'those words' : 'it'}, or can you put it another way?`;
}
