import { intentOfMeasure, SPENDING_WORDS } from './intents.ts';
import { MOVED_INTO_SAVINGS } from './money-words.ts';
import type { PeriodReading } from './period-grammar.ts';
import type { Intent } from './reading.ts';
import { namesTransactions, type Shape, UNUSUAL } from './shape.ts';
import type { ContextAccount } from './vocabulary.ts';

/**
 * The intent the question's words name (intents.ts), refined by what else it names: an overview of
 * one subject is that subject, an account named with 'how much' is its balance, a shape with no intent
 * word is a ledger question, what investments pay is income. May reshape `shape` (a ranking of
 * accounts by balance is not a ledger ranking).
 */
export function refineIntent(
  detected: Intent | undefined,
  q: string,
  said: {
    shape: Shape;
    periods: PeriodReading;
    named: ContextAccount[];
    symbols: string[];
    /** A category, merchant or description words. */
    namesSubject: boolean;
    /** The numbers it gives (calculators.ts): amounts, a rate, years. */
    numbers: Record<string, number>;
  },
): { intent: Intent | undefined; investmentIncome: boolean; paysOwn: boolean } {
  const { shape, periods, named, symbols, namesSubject, numbers } = said;
  let intent = detected;
  // 'crypto vs stocks, which do I have more in', 'how much more is in my brokerage than in savings':
  // kinds of holding side by side, in the net worth by type (not money spent or earned through them).
  const KINDS =
    '(crypto|coins|stocks?|investments?|invested|brokerage|etfs|funds|savings|checking|cash|bank)';
  // Two kinds of holding, not two kinds of investment ('stocks vs etfs' is the allocation).
  const groups = new Set(
    [...q.matchAll(new RegExp(`\\b${KINDS}\\b`, 'g'))].map(([word]) =>
      /crypto|coins/.test(word) ? 'crypto' : /savings|checking|cash|bank/.test(word) ? 'cash' : 'invested',
    ),
  );
  if (
    groups.size >= 2 &&
    new RegExp(`\\b${KINDS}\\b.*\\b(vs|versus|or|compared (to|with)|than)\\b.*\\b${KINDS}\\b`).test(q) &&
    !SPENDING_WORDS.test(q) &&
    !/\b(income|earn\w*|interest|dividends?|paid|pay|fees?|transfer\w*|moved?|put)\b/.test(q)
  )
    return { intent: 'net_worth', investmentIncome: false, paysOwn: false };
  if (MOVED_INTO_SAVINGS.test(q) && intent !== 'net_worth')
    return { intent: 'search', investmentIncome: false, paysOwn: false };
  // 'if i put 500 a month away at 4% for 10 yrs': an amount, a rate and a span is a projection.
  if (
    (intent === undefined || intent === 'cash_flow' || intent === 'income' || intent === 'spending') &&
    numbers.rate !== undefined &&
    numbers.years !== undefined &&
    (numbers.monthly !== undefined || numbers.amount !== undefined) &&
    !/\b(loan|mortgage|borrow\w*|owe|debt|payoff|pay off)\b/.test(q)
  ) {
    shape.statistic = 'total';
    shape.shaped = false;
    return { intent: 'compound_growth', investmentIncome: false, paysOwn: false };
  }
  let investmentIncome = false;
  // 'quick summary of my investments': the overview of one subject is that subject;
  // 'what do my finances look like this year': an overview of a period is its income and spending.
  if (intent === 'summary') {
    if (/\b(investments?|portfolio|holdings|stocks|brokerage)\b/.test(q)) intent = 'holdings';
    else if (/\b(crypto|wallets?|coins)\b/.test(q)) intent = 'crypto';
    else if (periods.mentions.some((m) => m.period.unit !== 'month' || m.future !== 'partly'))
      intent = 'cash_flow';
  }
  // 'which account has the most money in it': balances ranked, not the ledger by account.
  if (
    /\b(which|what) (account|bank account|acct)s? (has|have|holds?|with|is) (the )?(most|least|biggest|largest|highest|lowest)\b/.test(
      q,
    )
  ) {
    intent = 'balances';
    shape.groupBy = 'none';
    shape.statistic = 'total';
    shape.shaped = false;
  }
  if (symbols.length > 0 && (!intent || intent === 'balances')) intent = 'holdings';
  // 'roth balance?': the balance of the accounts named, not what they hold.
  if (intent === 'holdings' && named.length > 0 && /\bbalances?\b/.test(q)) intent = 'balances';
  // 'what eats up most of my paycheck': where the pay goes, not the pay.
  if (intent === 'income' && shape.measure === 'spending' && shape.groupBy === 'category')
    intent = 'spending';
  // 'how many purchases did I make': the purchases are made, not money.
  if (
    intent === 'income' &&
    /\b(purchases?|payments?|transactions?|orders?|trips?|charges?)\b.*\b(make|made)\b/.test(q)
  )
    intent = 'spending';
  // 'brokerage interest vs bank interest', 'divs roth vs individual acct': the income of each account.
  if (
    (intent === 'holdings' || intent === 'balances' || intent === 'net_worth' || intent === undefined) &&
    named.length > 0 &&
    /\b(dividends?|divs|interest)\b/.test(q) &&
    /\b(vs|versus|each|compared|or|per account|by account)\b/.test(q)
  ) {
    shape.measure = 'income';
    shape.groupBy = 'account';
    shape.shaped = true;
    return { intent: 'income', investmentIncome: false, paysOwn: false };
  }
  // 'how much did my investments earn in dividends': money in, not what the investments are worth.
  // 'which holding paid the most': dividends by the security that paid them.
  if (intent === 'holdings' && /\b(paid|pays|paying)( me)? (the )?(most|least|more|less)\b/.test(q)) {
    intent = 'income';
    shape.measure = 'income';
  }
  if (
    intent === 'holdings' &&
    /\b(dividends?|interest|income)\b/.test(q) &&
    /\b(earn\w*|paid|pay|get|got|receiv\w*|made|make|bring|brought|bringing|generat\w*|yield\w*|produc\w*|kick\w* off|throw\w* off)\b/.test(
      q,
    )
  ) {
    intent = 'income';
    // 'what did my investments bring in': what investments pay, dividends and interest together.
    // 'interest earned, bank + brokerage together' names more than the investments: all of it.
    if (
      /\b(investments?|portfolio|holdings|brokerage|stocks)\b/.test(q) &&
      !/\b(bank|savings|checking|everywhere|all (my )?accounts)\b/.test(q)
    )
      investmentIncome = true;
  }
  // 'total in my bank accts (not investments)': the bank accounts' balances, not the holdings.
  if (intent === 'holdings' && /\bbank (acc(oun)?ts?|accts?|balances?)\b/.test(q)) intent = 'balances';
  intent = accountIntent(intent, q, named, periods);
  if (!intent && namesSubject) intent = intentOfMeasure(shape.measure) ?? 'spending';
  else if (
    !intent &&
    shape.shaped &&
    (shape.measure ||
      namesTransactions(q) ||
      shape.groupBy !== 'none' ||
      shape.minAmount ||
      shape.maxAmount ||
      UNUSUAL.test(q))
  )
    intent = intentOfMeasure(shape.measure) ?? 'spending';
  else if (
    !intent &&
    // 'was sept worse than aug', 'how does oct stack up': a period judged is its spending.
    /\b(worse|better|more expensive|less expensive|cheaper|pricier|stack(s|ed)? up|compare(s|d)?|vs|versus)\b/.test(
      q,
    ) &&
    !/^(and |ok |so )?(vs|versus|against|compared?|than)\b/.test(q) &&
    periods.mentions.length > 0
  )
    intent = 'spending';
  else if (
    !intent &&
    named.length > 0 &&
    // 'how's my credit card looking': an account's state is its balance.
    (/\bhow much\b|\bwhat('s| is| are)\b|\bbalance\b|\b(vs|versus|or|which|more|less)\b|\bhow('s| is| are| does| do)\b|\b(looking|doing|status|standing|worth|altogether|combined|total)\b|\b(grown|grow|grew|growing|gone (up|down)|went (up|down)|go (up|down)|up or down|increased|decreased|changed)\b/.test(
      q,
    ) ||
      q.split(/\s+/).length <= 3)
  )
    intent = 'balances';
  // 'did my pay go up': what one paycheck pays, not the year's total (which a part year would cut).
  const perPaycheck =
    intent === 'income' &&
    /\b(my|the) (pay|paychecks?|salary)\b/.test(q) &&
    /\b(go|goes|went|gone|going) (up|down)\b|\b(raise|increased?|decreased?|higher|lower|bigger|smaller|grow|grew|change[ds]?)\b/.test(
      q,
    ) &&
    shape.statistic === 'total';
  if (perPaycheck) {
    shape.measure = 'income';
    shape.statistic = 'average';
    shape.per = 'transaction';
    shape.shaped = true;
  }
  // 'did my pay go up', 'my salary this year': the paychecks, when nothing else is the subject.
  const paysOwn =
    perPaycheck ||
    (intent === 'income' &&
      !namesSubject &&
      shape.statistic !== 'share' &&
      /\bmy (pay|paychecks?|salary)\b/.test(q));
  return { intent, investmentIncome, paysOwn };
}

/**
 * Questions about one account's state that read like money moved: the room left on a card, a card in
 * the red, an account at a month's start and end. Each is the account's balance.
 */
function accountIntent(
  intent: Intent | undefined,
  q: string,
  named: ContextAccount[],
  periods: PeriodReading,
): Intent | undefined {
  // 'how much can I still spend on it' of a card: the credit left, not a budget.
  if (
    /\bhow much (more )?(can|could) i (still )?(spend|charge|put) on (it|(my|the) (credit )?card)\b/.test(
      q,
    ) ||
    // 'how much more can i put on the visa before its maxed': the room left on the card named.
    (named.some((account) => account.kind === 'credit') &&
      /\bbefore (it'?s|it is|i'?m|i am|i hit|hitting|it hits|reaching) (maxed|max(ed)? out|the limit|my limit|its limit)\b|\bavailable credit\b|\bcredit (left|available|remaining)\b|\broom (left )?on\b/.test(
        q,
      ))
  )
    return 'balances';
  // 'am I in the red on my card': a card's balance, not the money in and out of it.
  if (
    intent === 'cash_flow' &&
    named.some((account) => account.kind === 'credit' || account.kind === 'checking') &&
    /\bin the (red|black|green)\b|\boverdrawn\b|\bnegative\b/.test(q) &&
    periods.mentions.length === 0
  )
    return 'balances';
  // 'roth vs individual, how much in each': what each account named holds.
  if (
    named.length >= 2 &&
    /\b(vs|versus|each|both)\b/.test(q) &&
    !/\b(dividends?|divs|interest|income|spen[dt]\w*|paid|earn\w*)\b/.test(q)
  )
    return 'balances';
  // 'savings at the start of nov vs the end': an account's balance at two days, not money spent from it.
  if (
    named.length > 0 &&
    (!intent || intent === 'spending') &&
    /\b(at|on|by) the (start|end|beginning) of\b|\b(vs|versus|and|to) the (end|start|beginning)\b/.test(q) &&
    !/\b(spend|spent|spending|bought|buy|paid|pay|charges?|purchases?|costs?|income|earn\w*)\b/.test(q)
  )
    return 'balances';
  return intent;
}
