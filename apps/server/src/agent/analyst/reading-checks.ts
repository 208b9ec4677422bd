import { dayText } from '../tools/format.ts';
import { leavesAPartOut } from './exclusions.ts';
import { defaultPeriod, type LedgerSubject, ledgerCalls } from './ledger-plan.ts';
import { MOVED_INTO_SAVINGS } from './money-words.ts';
import type { PeriodReading } from './period-grammar.ts';
import { type Intent, LEDGER_INTENTS, type Reading, type ToolCall } from './reading.ts';
import { PLAIN_SHAPE } from './shape.ts';
import { isEverydayWord, type TurnContext } from './vocabulary.ts';

/**
 * What stops a reading from being answered as it stands (docs/agent.md, "How a question is read"): a
 * date it could not read, a period that has not happened or lies before the linked history, a subject
 * it does not know. Each is asked back with what was understood, never replaced by a default.
 */

/** Intents for which a period ahead is the point (bills due, a purchase to afford, calculators). */
const LOOKS_AHEAD: ReadonlySet<Intent> = new Set<Intent>([
  'recurring',
  'afford',
  'compound_growth',
  'loan_payment',
  'savings_goal',
  'emergency_fund',
]);

/** Intents that read the current state, not a period: a named period before the history is still said. */
export function checkPeriods(
  read: PeriodReading,
  intent: Intent,
  context: TurnContext,
  q: string,
  /** The question names an account: its balance on a past day is rebuilt (balance_history). */
  accountNamed = false,
): string | undefined {
  const unreadable = read.unreadable[0];
  if (unreadable)
    return `I couldn't read "${unreadable.text}" as a date. Which period do you mean? For example "last month", "Q3 2025" or "June 1 to June 15".`;
  const past = read.mentions.find((m) => m.period.end < context.today);
  if (past && (intent === 'net_worth' || (intent === 'balances' && !accountNamed)) && !BALANCE_CHANGE.test(q))
    return `I can give balances as of today, but not every account's balance ${past.period.label.startsWith('the ') ? 'for' : 'in'} ${past.period.label}: investment and wallet balances are known only from when Penny first recorded them. I can show your ${intent === 'net_worth' ? 'net worth' : 'balances'} now, or your bank and card accounts' month-end totals over the last months. Which would help?`;
  if (LOOKS_AHEAD.has(intent)) return undefined;
  const ahead = read.mentions.find((m) => m.future === 'wholly');
  if (ahead)
    return `${capitalize(ahead.period.label)} hasn't happened yet, so there is nothing to count: your figures run to today, ${dayText(context.today)}. Which period do you mean?`;
  // Spending and income start with the bank's history, which may begin after a wallet's transfers.
  const first =
    (LEDGER_INTENTS.has(intent) ? context.history?.moneyFirst : undefined) ?? context.history?.first;
  if (first) {
    const before = read.mentions.find((m) => m.period.end < first);
    if (before)
      return `Your linked history starts on ${dayText(first)}, so I have nothing for ${before.period.label}. Would you like the figures from ${dayText(first)} on?`;
  }
  return undefined;
}

/** A balance question about change over a span ('since june', 'how has it grown'): the trend answers it. */
/** A balance asked over time or at a past day: 'has my savings grown', 'at the end of each month'. */
export const BALANCE_OVER_TIME =
  /\b(grown|grow|grew|growing|gone (up|down)|went (up|down)|go (up|down)|up or down|down or up|changed?|changing|increased?|decreased?|drop|dropped|fall|fell|fallen|climb|climbed|dip|dipped|shrink|shrank|risen|rose)\b|\b(at|on) the (end|start|beginning) of\b|\b(end|start) of (each|every)\b|\bmonth[- ]end\b|\b(was|were) (it|they|my \w+( balance)?) (at|on|in|back)\b|\bwhat was (it|my \w+( balance)?)\b/;

const BALANCE_CHANGE =
  /\b(since|grow\w*|grew|chang\w*|gone (up|down)|went (up|down)|go (up|down)|trend\w*|over time|over the|increas\w*|decreas\w*|drop\w*|rose|risen|fell|fallen|from .+ to)\b/;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Groupings the ledger cannot make: by weekday, time of day, person. */
const UNSUPPORTED_SPLIT =
  /\b(day of (the )?week|time of day|hours?|mornings?|evenings?|nights?)\b.*\b(vs|versus|compared|or)\b.*\b(mornings?|evenings?|nights?)\b|\bby (day of (the )?week|hour|time of day)\b|\b(which|what) (day of (the )?week|weekday|time of day|hour)\b/;

/** Account words the user's linked accounts do not have ('my 401k' with no 401(k) linked). */
const ACCOUNT_WORDS =
  /\b(401 ?k|403 ?b|457 ?b?|ira|roth|hsa|529|amex|american express|discover|mastercard|chase|citi|capital one|wells fargo|bank of america|venmo|paypal|robinhood|fidelity|schwab|coinbase|e\*?trade)\b/;

/** A split the ledger cannot make, or an account the user does not have: said, not guessed. */
export const CANNOT_EXCLUDE =
  "I can't leave that part out of this answer yet. I can give the total with each account type or category beside it, so you can see the part you'd leave out. Should I?";

export function unsupportedReading(
  q: string,
  intent: Intent,
  context: TurnContext,
  /** The part to leave out was read (exclusions.ts): the ledger query leaves it out. */
  exclusionRead = false,
): string | undefined {
  // 'on avg how much goes into savings monthly': the transfers are listed with their total, not averaged.
  if (
    MOVED_INTO_SAVINGS.test(q) &&
    /\b(avg|average|usually|typically|normally|monthly|per month|a month|each month|every month|per paycheck|each paycheck)\b/.test(
      q,
    )
  )
    return 'I read this as what you move into savings on average, which I can\'t work out yet. I can list what went into savings over a period you name, with its total, like "last 3 months". Which period should I use?';
  // 'what % of my amazon spending in 2025 was in december': a part of one period's figure that fell in
  // another inside it, which no tool divides.
  if (
    /%|\b(percent|percentage|share|portion|fraction|how much of)\b/.test(q) &&
    /\b(was|were|went|came|happened|fell|spent) (in|during|over) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/.test(
      q,
    ) &&
    /\b(19|20)\d\d\b|\b(this|last) (yr|year)\b/.test(q)
  )
    return "I read this as the part of a year's figure that fell in one month, which I can't work out in one step yet. I can show that year month by month, so you can see each month's part. Should I?";
  // 'how many months this yr did i spend over 5k': months counted past an amount, which no tool counts.
  const spans = q.match(/\bhow many (months|weeks)\b/)?.[1];
  if (spans && /\b(over|above|more than|under|below|less than|at least|at most)\s*\$?\d/.test(q))
    return `I read this as how many ${spans} went past an amount, which I can't count yet. I can show them ${spans === 'weeks' ? 'week' : 'month'} by ${spans === 'weeks' ? 'week' : 'month'}, so you can see each one. Should I?`;
  // 'how big is my card payment usually': payments to the card are listed with their total, not averaged.
  if (
    /\b(credit )?card (payment|bill)s?\b|\bpay(ment)? (on|to|toward) (my|the) card\b/.test(q) &&
    /\b(avg|average|usually|typically|normally|usual|typical|normal)\b/.test(q)
  )
    return 'I read this as your usual payment to the card, which I can\'t average yet. I can list your card payments over a period you name, with their total, like "last 3 months". Which period should I use?';
  if (
    /\b(fixed|variable|discretionary|essential|non-essential|necessary) (spending|expenses|costs)\b|\bspending is (fixed|discretionary|essential)\b/.test(
      q,
    )
  )
    return "I can't split spending into fixed and flexible yet. I can show it by category or merchant, or where you could cut back. Which would help?";
  if (
    /\b(on|during|at|over) (mon|tues|wednes|thurs|fri|satur|sun)days\b|\bevery (mon|tues|wednes|thurs|fri|satur|sun)day\b/.test(
      q,
    )
  )
    return 'I can\'t total spending by one day of the week yet. I can total weekends or weekdays, or a period you name, like "last weekend" or "last month". Which would help?';
  if (
    /\b(top|biggest|highest|most expensive|worst|largest|priciest) (spending |spend )?days?\b|\b(which|what) (day|date) (did i|was|had)\b.*\b(most|biggest|highest)\b/.test(
      q,
    )
  )
    return "I can't rank single days yet. I can list your largest purchases, or show spending by week or by month. Which would help?";
  if (
    /\bhow much (can|could|should) i (\w+ )?(spend|afford to spend|blow)\b/.test(q) &&
    !/\bon (it|(my|the) (credit )?card)\b/.test(q)
  )
    return 'I can\'t say how much you can spend yet. I can show what you usually earn, spend and keep each month over the last 3 full months, or set a monthly budget you name, like "set a $400 dining budget". Which would help?';
  if (/\bif i (cut|stopp?ed|stop|reduced?|dropped|cancel+ed|cancel|quit|halved|spent less)\b/.test(q))
    return "I don't work out what-ifs yet. I can show what you spent on it over the last months, or where your spending rose above its usual level. Which would help?";
  // 'if eth doubled', 'what if I sold half of it': a value that has not happened.
  if (
    /\bif (\w+ ){0,3}(doubled|doubles|tripled|halved|halves|crashed|crashes|tanked|tanks|dumped|dumps|mooned|moons|went to zero|goes to zero|dropped|drops|fell|falls|rose|rises|went up|goes up|went down|goes down) (by )?(\d|half|in half|\w+%)?|\bwhat if i (sold|sell|bought|buy|cashed out|cash out)\b|\bif i (sold|sell|cashed out|cash out) (half|all|some|\d)/.test(
      q,
    )
  )
    return "I don't work out what-ifs on prices or sales yet. I can show what you hold and what it's worth today, coin by coin and account by account. Should I?";
  // 'median purchase', 'what do I typically spend on a saturday': figures the ledger query does not compute.
  if (/\bmedian\b/.test(q))
    return "I can't work out a median yet. I can give the average, the largest and smallest, or list the transactions. Which would help?";
  if (
    /\b(on|a|each|per|every) (normal |typical |usual |average )?(mon|tues|wednes|thurs|fri|satur|sun|week)day\b/.test(
      q,
    ) &&
    /\b(typical|typically|usual|usually|average|avg|normally|normal)\b/.test(q)
  )
    return "I can't average a single weekday yet. I can show your average weekend against your average weekday, or spending by week. Which would help?";
  if (
    intent === 'crypto' &&
    /\b(?<!(add|added|adding|adds|sum|summed|tot|totted|total|totaled|totalled) )(up|down)\b|\b(gain(s|ed)?|lost|loss(es)?|profit(s|able)?|return(s|ed)?|perform\w*|made|make|pnl|p&l|in the (green|red))\b/.test(
      q,
    )
  )
    return "I don't know what you paid for your crypto (wallets show what they hold, not the price it was bought at), so I can't say how much it's up or down. I can show what each wallet holds and is worth today. Should I?";
  // 'net worth without crypto' is a figure of its own (net_worth states it).
  const netWorthLessCrypto = intent === 'net_worth' && /\b(crypto|wallets?)\b/.test(q);
  if (!netWorthLessCrypto && !exclusionRead && leavesAPartOut(q)) return CANNOT_EXCLUDE;
  if (
    /\b(put|putting|contribut\w*|deposit\w*|moved?|moving|transferr?\w*|added|adding|sock\w*)( \w+){0,3} (in|into|to) (my |the )?(roth|ira|401k|brokerage|investments?|retirement)\b/.test(
      q,
    )
  )
    return "I can't total what you moved into one of your accounts yet: transfers between your own accounts are left out of spending and income. I can show the account's balance now, or your income and spending. Which would help?";
  if (
    /\bno[- ]spend(ing)? days?\b|\bdays? (without|with no|i didn'?t) (spending|spend|any purchases|buy)/.test(
      q,
    )
  )
    return "I can't count the days without spending yet. I can count your purchases or total your spending for a period, or by week. Which would help?";
  if (
    /\bhow many (different |diff |distinct |separate |unique )?days\b(?! (ago|left|until|till|since|before|after|of (history|data)))/.test(
      q,
    )
  )
    return "I can't count days yet, only purchases: a day with two purchases would count twice. I can count the purchases or total the spending for that period. Should I count the purchases?";
  if (/\b(per|a|each|every) (work ?day|weekday|business day|working day|school day)\b/.test(q))
    return "I can't average per workday yet. I can give the average per day, per week or per purchase, or your weekday spending in total. Which would help?";
  if (UNSUPPORTED_SPLIT.test(q))
    return "I can't split spending by day of the week or time of day yet. I can total it for a period, by category, merchant, account, month or week. Which would help?";
  if (['compound_growth', 'loan_payment', 'savings_goal', 'emergency_fund', 'afford'].includes(intent))
    return undefined;
  const named = q.match(ACCOUNT_WORDS)?.[0];
  if (!named) return undefined;
  const key = named.replace(/\s+/g, '').replace('*', '');
  const has = context.accounts.some((a) =>
    `${a.name} ${a.institution ?? ''} ${a.kind}`
      .toLowerCase()
      .replace(/[\s()*]+/g, '')
      .includes(key),
  );
  if (has) return undefined;
  const names = context.accounts.map((a) => a.name);
  return `I don't see a linked account that matches "${named}". Your linked accounts are ${names.slice(0, 8).join(', ')}${names.length > 8 ? '…' : ''}. Which one do you mean?`;
}

/** The question with its dates taken out: what is left names the subject. */
function withoutPeriods(q: string, periods: PeriodReading): string {
  let rest = q;
  for (const mention of periods.mentions) rest = rest.replace(mention.text.toLowerCase(), ' ');
  return rest;
}

/** Words that may follow 'on', 'at' or 'for' without naming a subject. */
const NOT_A_SUBJECT = new Set(
  (
    'average avg all everything anything stuff things it that this them those total me my the a an each every ' +
    'weekends weekdays weekend time times purchases transactions purchase transaction money cash card cards ' +
    'credit debit account accounts bills bill expenses expense myself us food drinks it? now today month year week ' +
    'day days months years weeks ever aggregate overall whole entire sale sales average? most least'
  ).split(' '),
);

/**
 * 'How much did I spend on kombucha?' when no category, merchant or account reads 'kombucha': a
 * total over everything would answer another question, so ask which category or merchant is meant.
 */
export function unknownSubject(q: string, reading: Reading, periods: PeriodReading): string | undefined {
  if (
    reading.category ||
    reading.categories ||
    reading.merchant ||
    reading.merchants ||
    reading.account ||
    reading.text
  )
    return undefined;
  const rest = withoutPeriods(q, periods);
  const match = rest.match(
    /\b(?:spen[dt]|spending|paid|pay|buy|bought|purchases?|transactions?|charges?|orders?|get|got|receive|received|earn|earned)\s+(?:\w+\s+){0,3}?(?:on|at|from|for|with)\s+([a-z][a-z'&-]{2,})(?:\s+([a-z][a-z'&-]{2,}))?/,
  );
  // 'how often do I order doordash', 'did I use lyft': a name right after the verb, when it is not
  // everyday English.
  const named = rest.match(
    /\b(?:order(?:ed|ing)?|visit(?:ed|ing)?|use[ds]?|using)\s+(?:from\s+|at\s+)?([a-z][a-z'&-]{2,})/,
  );
  const word = match?.[1] ?? (named?.[1] && !isEverydayWord(named[1]) ? named[1] : undefined);
  if (!word || NOT_A_SUBJECT.has(word) || /^(the|my|a|an|last|this|past|previous|in|since)$/.test(word))
    return undefined;
  return `I couldn't find "${word}" among your categories, merchants or accounts. Which category or merchant do you mean? For example "restaurants", "groceries" or a store's name.`;
}

/**
 * 'target vs walmart' where only Target is in the ledger: the one side's figure would answer half the
 * question, so say which side was not found. A name is a word that is not everyday English beside
 * 'vs', 'or', 'and' or 'compared to'.
 */
export function otherSideUnknown(
  q: string,
  reading: Reading,
  periods: PeriodReading,
  notHeld: (word: string) => string | undefined,
): string | undefined {
  const subject = reading.merchant ?? reading.category?.label;
  if (!subject || reading.merchants || reading.categories) return undefined;
  const rest = withoutPeriods(q, periods);
  const known = subject.toLowerCase();
  const beside = [
    ...rest.matchAll(
      /\b(?:vs\.?|versus|or|and|compared (?:to|with)|against)\s+(?:at\s+|on\s+)?([a-z][a-z'&-]{2,})/g,
    ),
    ...rest.matchAll(/\b([a-z][a-z'&-]{2,})\s+(?:vs\.?|versus|or|compared (?:to|with)|against)\s/g),
  ].map((m) => m[1] ?? '');
  // 'food or gas' with no car: a category the user has none of is said, like a name not known.
  const absent = beside
    .map((word) => (known.includes(word) ? undefined : notHeld(word)))
    .find((label) => label !== undefined);
  if (absent)
    return `I found ${subject} in your transactions, but no ${absent} at all, so there is nothing to set beside it. Should I answer for ${subject} alone?`;
  const unknown = beside.find(
    (word) => !known.includes(word) && !NOT_A_SUBJECT.has(word) && !isEverydayWord(word),
  );
  if (!unknown) return undefined;
  return `I found ${subject} in your transactions, but nothing called "${unknown}" among your merchants or categories. Should I answer for ${subject} alone, or did you mean another name?`;
}

/**
 * The ledger query a shaped reading asks (ledger-plan.ts), or undefined when a plain tool answers it
 * better (a category breakdown, a list of the largest payments of a period).
 */
export function planLedger(
  reading: Reading,
  q: string,
  context: TurnContext,
  deep: boolean,
): ToolCall[] | undefined {
  const shape =
    reading.shape ??
    (reading.periods || reading.merchants || reading.categories || reading.text || reading.excluded
      ? PLAIN_SHAPE
      : undefined);
  // 'when did contoso last pay me': the newest transactions listed, not a total of them.
  if (!shape || (reading.intent === 'search' && reading.limit && !reading.shape)) return undefined;
  const plainLargest =
    reading.intent === 'largest' &&
    shape.statistic === 'largest' &&
    shape.groupBy === 'none' &&
    !reading.merchant &&
    !shape.minAmount &&
    !shape.maxAmount &&
    !shape.series &&
    !shape.compare &&
    !reading.periods &&
    !reading.excluded;
  // The savings rate ('what percentage of my income did I save') is the cash-flow tool's own figure, and
  // so is a plain cash flow of two periods ('savings rate last month', 'compare that to this yr').
  const savingsRate =
    reading.intent === 'cash_flow' &&
    (shape.statistic === 'share' || (!reading.shape && !reading.excluded && !reading.category));
  if (plainLargest || savingsRate) return undefined;
  // Income categories are money in, whatever word counted them ('how many dividend payments').
  const incomeOnly =
    reading.category?.code.startsWith('INCOME') &&
    !reading.categories &&
    (shape.measure ?? 'spending') === 'spending' &&
    !shape.shareOf;
  const measure = incomeOnly
    ? 'income'
    : (shape.measure ??
      (reading.intent === 'income'
        ? 'income'
        : reading.intent === 'cash_flow'
          ? 'net_cash_flow'
          : 'spending'));
  const subject: LedgerSubject = {
    measure,
    ...(reading.categories
      ? { categories: reading.categories.map((c) => c.code) }
      : reading.category
        ? { categories: [reading.category.code] }
        : {}),
    ...(reading.merchants
      ? { merchants: reading.merchants }
      : reading.merchant
        ? { merchants: [reading.merchant] }
        : {}),
    ...(reading.account
      ? { account: reading.account.name }
      : reading.accountKind
        ? { account: reading.accountKind }
        : {}),
    ...(reading.text ? { text: reading.text } : {}),
    ...(reading.excluded
      ? {
          excludeCategories: reading.excluded.categories.map((c) => c.code),
          excludeMerchants: reading.excluded.merchants,
        }
      : {}),
  };
  // A chosen period is kept by a follow-up unless its shape would choose another: a series, or an
  // average per month or week over the part of a month.
  // So is a choice between kinds of income ('dividends or interest'): they arrive in lumps.
  const rechoose =
    reading.periodDefaulted &&
    (shape.series !== undefined ||
      (shape.statistic === 'average' && shape.per !== 'transaction') ||
      (measure === 'income' && (reading.categories?.length ?? 0) >= 2));
  const period =
    reading.period && !rechoose
      ? reading.period
      : defaultPeriod({ ...shape, measure }, q, context.today, context.history?.first ?? null);
  if (!reading.periods && period !== reading.period) {
    reading.period = period;
    reading.periodDefaulted = true;
  }
  return ledgerCalls(subject, shape, reading.periods ?? [period], context.today, deep);
}

/** 'the store', 'that account' or 'that month' when what it points at is not in the reading: asked back. */
export function pointsToUnknown(
  q: string,
  reading: Reading,
  said: { named: boolean; periods: number; subject: boolean; previous: Reading | undefined },
): string | undefined {
  const { previous } = said;
  // 'how much did I spend at the store': which store is not said.
  if (
    !said.subject &&
    /\b(at|from|in) the (store|shop|place|mall|market|stores|shops)\b/.test(q) &&
    !/\b(which|what|where)\b/.test(q)
  )
    return 'Which store do you mean? Name it, for example "how much did I spend at Target last month".';
  // 'what about on the other account', 'same thing for the other place': which other is not known.
  if (/\bthe other (account|place|one|store|shop|card|merchant|category|wallet)\b/.test(q))
    return 'Which one do you mean? Name it, for example "my savings account" or "Target".';
  // 'the gain on that account' with no account said before.
  if (!said.named && !reading.account && /\b(that|this|the same) account\b/.test(q))
    return 'Which account do you mean? Name it, for example "my brokerage account".';
  // 'that month' after months were ranked: which of them is not in the reading.
  if (
    /\b(that|this|the same) (month|week|quarter)\b/.test(q) &&
    said.periods === 0 &&
    previous?.shape?.groupBy !== undefined &&
    ['month', 'week', 'quarter'].includes(previous.shape.groupBy)
  )
    return 'Which month do you mean? Name it, for example "the biggest thing I bought in March".';
  // 'how much did I spend on that trip' as a first question: which trip is not known (the Travel
  // category over a default month would answer another question).
  const event = q.match(ONE_EVENT)?.[1];
  if (!previous && event && said.periods === 0)
    return `Which ${event} do you mean? Tell me when it was, for example "travel in June" or "what I spent from June 3 to June 10".`;
  return undefined;
}

/** One event pointed at ('that trip', 'that dinner'): known only from an answer before. */
const ONE_EVENT =
  /\b(?:that|those) (trip|vacation|holiday|getaway|visit|dinner|meal|night out|party|wedding|concert|event|move|renovation|shopping spree)s?\b/;

/**
 * 'how much of my paycheck goes to bills': a share of income whose part was not read (no category,
 * merchant or words of spending) is asked back, not answered with the income itself.
 */
export function shareWithoutPart(reading: Reading, wholeIsIncome: boolean): string | undefined {
  const shape = reading.shape;
  if (!wholeIsIncome || shape?.statistic !== 'share' || shape.shareOf) return undefined;
  // An income category's share of income ('how much of my income is from wages'), or the savings rate.
  if (reading.intent === 'cash_flow' || shape.measure === 'net_cash_flow') return undefined;
  if (
    reading.category?.code.startsWith('INCOME') ||
    reading.categories?.every((c) => c.code.startsWith('INCOME')) ||
    reading.text ||
    reading.merchant
  )
    return undefined;
  return 'I read this as a share of your income, but not which spending it is about. Which do you mean? Name a category or a merchant, for example "how much of my income goes to rent" or "… to groceries".';
}

/** What the question's subject leaves unread: a share's part, a name the ledger does not know. */
export function subjectProblem(
  q: string,
  reading: Reading,
  periods: PeriodReading,
  wholeIsIncome: boolean,
  notHeld: (word: string) => string | undefined,
): string | undefined {
  return (
    shareWithoutPart(reading, wholeIsIncome) ??
    unknownSubject(q, reading, periods) ??
    otherSideUnknown(q, reading, periods, notHeld)
  );
}

/** 'has my balance grown': a balance over time is one account's; with none named, which is asked. */
export function balanceWithoutAccount(reading: Reading, context: TurnContext): string | undefined {
  if (!reading.balanceHistory || reading.namedAccount || reading.accountKind) return undefined;
  const names = context.accounts
    .filter((a) => ['checking', 'savings', 'credit'].includes(a.kind))
    .map((a) => a.name);
  return `Which account's balance do you mean${names.length > 0 ? `: ${names.slice(0, -1).join(', ')}${names.length > 1 ? ' or ' : ''}${names.at(-1)}` : ''}? I can show one account's balance over time, rebuilt from its transactions.`;
}
