import { readNumbers } from './calculators.ts';
import { FOLLOW_UP } from './intents.ts';
import { MOVED_INTO_SAVINGS } from './money-words.ts';
import type { Reading } from './reading.ts';
import { BALANCE_OVER_TIME } from './reading-checks.ts';
import type { ContextAccount } from './turn-context.ts';

/** The rest of the reading: what to dwell on, list lengths, groupings, a calculator's numbers. */
export function finishReading(
  reading: Reading,
  q: string,
  symbols: string[],
  named: ContextAccount[],
  previous: Reading | undefined,
): void {
  transfersListed(reading, q);
  movedIntoSavings(reading, q);
  cardPayments(reading, q);
  balanceOverTime(reading, q, previous);
  perPurchaseAtMerchant(reading, q);
  // 'link and uni together', 'eth across both wallets': the coins named lead the wallets' answer.
  if (reading.intent === 'crypto' && symbols.length > 0) reading.coins = symbols.map((s) => s.toUpperCase());
  else if (reading.intent !== 'crypto') delete reading.coins;
  applyFocus(reading, q, symbols, named);
  if (/\b(deposits?|income|inflows?|came in|received)\b/.test(q) && reading.intent === 'largest') {
    reading.direction = 'in';
    // A deposit is money in to a bank account, not a coin received in a wallet.
    if (/\bdeposits?\b/.test(q) && !reading.account) reading.accountKind = 'bank';
  }
  // Being paid is a paycheck: 'how many times have I been paid' counts wages, not dividends.
  if (
    reading.intent === 'income' &&
    !reading.category &&
    !reading.text &&
    !reading.excluded &&
    /\b(get|gets|got|getting|gotten|been|being) paid\b|\bpaydays?\b/.test(q) &&
    !/\b(dividends?|interest|investments?)\b/.test(q)
  )
    reading.category = { code: 'INCOME_WAGES', label: 'Wages and salary' };
  const top = q.match(/\btop (\d+|three|five|ten)\b/);
  if (top?.[1]) reading.limit = { three: 3, five: 5, ten: 10 }[top[1]] ?? Number(top[1]);
  // 'the 2nd biggest': the list down to it, so the answer reaches the one asked for.
  const nth = q.match(
    /\b(2nd|second|3rd|third|4th|fourth|5th|fifth) (biggest|largest|most expensive|highest|priciest)\b/,
  )?.[1];
  if (nth && reading.intent === 'largest')
    reading.limit = { '2nd': 2, second: 2, '3rd': 3, third: 3, '4th': 4, fourth: 4, '5th': 5, fifth: 5 }[nth];
  // 'when did I last get paid': the newest payments in, a few of them; 'when do I usually get paid':
  // enough of them to show the days they come on.
  const usual = /\b(usually|normally|typically|generally|what days?|which days?)\b/.test(q);
  // 'last' as the newest, not 'last month'.
  const newest =
    /\blast\b(?! (\d+ |few |couple of )?(months?|weeks?|years?|quarters?|weekends?|days?|summer|winter|spring|fall|autumn|night|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b)|\b(latest|most recent(ly)?)\b/;
  if (reading.intent === 'search' && (usual || newest.test(q))) {
    reading.limit = usual ? 12 : 3;
    // The newest ones, wherever they fall: not only those of a month chosen for the question.
    if (reading.periodDefaulted) {
      delete reading.period;
      delete reading.periodDefaulted;
    }
    // 'usually' asks when, not an average: the payments themselves, with their days.
    if (usual) delete reading.shape;
    if (
      /\b(get paid|got paid|paid me|pay me|paychecks?|pay ?day|salary|wages|deposits?|pay (comes?|hits?|lands?))\b/.test(
        q,
      )
    ) {
      reading.direction = 'in';
      // Being paid is income, not a card payment or a transfer between the user's own accounts; a
      // paycheck is wages, not a savings account's interest.
      if (!reading.category && !/\bdeposits?\b/.test(q))
        reading.category =
          /\b(paychecks?|pay ?day|salary|wages|get paid|got paid|pay (comes?|hits?|lands?))\b/.test(q)
            ? { code: 'INCOME_WAGES', label: 'Wages and salary' }
            : { code: 'INCOME', label: 'Income' };
    }
  }
  if (reading.intent === 'recurring') {
    reading.subscriptionsOnly = /\bsubscriptions?\b|\bmemberships?\b/.test(q);
    if (/%|\b(percent|percentage|share|portion|proportion|fraction|how much of)\b/.test(q))
      reading.shareOf = /\b(income|paychecks?|pay|salary|earnings|earn|make|made)\b/.test(q)
        ? 'income'
        : 'spending';
    else delete reading.shareOf;
  }
  if (reading.intent === 'crypto' || reading.intent === 'balances' || reading.intent === 'net_worth')
    delete reading.account;
  // 'all my balances', 'each account': every account's balance, not the first few.
  if (
    reading.intent === 'balances' &&
    /\b(all|each|every|list|balances|accounts)\b/.test(q) &&
    named.length === 0
  )
    reading.limit = 50;
  // 'which of my stocks is doing the worst': positions ranked by their gain.
  const performance =
    /\b(best|worst)\b|\bperform\w*|\b(up|down|gained|lost) the most\b|\b(biggest|largest) (winner|loser|gain|loss)/.test(
      q,
    );
  if (reading.intent === 'holdings' && performance) {
    reading.groupBy = 'security';
    // 'worst performer in $ terms', 'best positions by $ gain': ranked by dollars, not percent.
    const inDollars = /\$|\bdollars?\b|\bin cash terms\b/.test(q);
    reading.focus = [...(reading.focus ?? []), inDollars ? 'By dollar gain' : 'performer'];
  } else if (reading.intent === 'holdings') {
    reading.groupBy =
      /\basset class|\ballocation\b|\bdiversif|\bsplit\b|\bmix\b|\bstocks?,? (and|vs|versus)\b|\bcash\b|\bmy (etfs|stocks|bonds|mutual funds)\b|\bin (stocks|bonds|etfs|mutual funds|funds)\b|\b(stocks|bonds|etfs) (vs|versus|and)\b|\b(is|are) (in )?(etfs?|stocks?|bonds?|mutual funds?|index funds?)\b/.test(
        q,
      )
        ? 'asset_class'
        : /\bby account\b/.test(q)
          ? 'account'
          : 'security';
  }
  if (
    ['compound_growth', 'loan_payment', 'savings_goal', 'emergency_fund', 'afford'].includes(reading.intent)
  ) {
    const isFollowUp = previous !== undefined && FOLLOW_UP.test(q);
    reading.numbers =
      isFollowUp && previous?.numbers ? { ...previous.numbers, ...readNumbers(q) } : readNumbers(q);
  }
}

/**
 * Cash taken out or money moved between accounts is no spending: 'how many times did I hit the atm'
 * lists the withdrawals themselves, with their count and total.
 */
function transfersListed(reading: Reading, q: string): void {
  const code = reading.category?.code;
  if (!code?.startsWith('TRANSFER_') || !['spending', 'merchants', 'search'].includes(reading.intent)) return;
  listMoneyMoved(reading, [], code.startsWith('TRANSFER_OUT') ? 'out' : 'in');
  // 'the atm': the withdrawals made at one, not those at a teller.
  if (/\batms?\b/.test(q) && code === 'TRANSFER_OUT_WITHDRAWAL' && !reading.text) reading.text = 'ATM';
}

/**
 * Money moved, not spent or earned, is listed as a search, with its count and total: the categories
 * named (none: the reading's own), one way or both.
 */
function listMoneyMoved(
  reading: Reading,
  categories: Array<{ code: string; label: string }>,
  direction: 'in' | 'out' | undefined,
): void {
  reading.intent = 'search';
  if (categories.length === 1) reading.category = categories[0];
  if (categories.length > 1) {
    reading.categories = categories;
    delete reading.category;
  }
  if (direction) reading.direction = direction;
  else delete reading.direction;
  reading.limit ??= 50;
  if (reading.shape?.statistic === 'count') reading.counted = reading.shape.countNoun ?? 'transactions';
  delete reading.shape;
}

/** 'how much did I move into savings this year': the transfers into the savings account, listed and totalled. */
function movedIntoSavings(reading: Reading, q: string): void {
  if (!MOVED_INTO_SAVINGS.test(q) || reading.intent === 'net_worth') return;
  // Both ways: what went in less what was taken back out is what was moved there.
  listMoneyMoved(
    reading,
    [
      { code: 'TRANSFER_IN', label: 'Transfers in' },
      { code: 'TRANSFER_OUT', label: 'Transfers out' },
    ],
    undefined,
  );
  if (!reading.account) reading.accountKind = 'savings';
}

/** 'has my savings grown this year', 'what was my checking balance on oct 31': the balance over time. */
function balanceOverTime(reading: Reading, q: string, previous: Reading | undefined): void {
  if (reading.intent !== 'balances') return;
  if (!BALANCE_OVER_TIME.test(q) && !(reading.period && !reading.periodDefaulted)) return;
  // 'is that more than last month': now against the end of last month, the month so far.
  const against = q.match(
    /\b(than|vs|versus|since|compared (to|with)) (last|the last|a) (month|year)( ago)?\b/,
  )?.[4];
  const since = against ?? q.match(/\b(start|beginning) of (the |this )?(month|year)\b/)?.[3];
  reading.balanceHistory = balanceMode(reading, q, since, Boolean(against));
  // 'so how much did it grow' after the balance six months back: from then to today.
  if (
    (previous?.balanceHistory === 'period' || previous?.balanceHistory === 'over_time') &&
    reading.period === previous.period &&
    /\b(grown|grow|grew|gone (up|down)|went (up|down)|go (up|down)|changed?|increased?|decreased?|dropped|fell|risen|rose|up|down)\b/.test(
      q,
    ) &&
    /\b(it|its|it's|that|since( then)?)\b/.test(q)
  )
    reading.balanceHistory = 'to_today';
}

/** Which balance history a question asks for (reading.ts, `balanceHistory`). */
function balanceMode(
  reading: Reading,
  q: string,
  since: string | undefined,
  against: boolean,
): NonNullable<Reading['balanceHistory']> {
  if (since && (against || !reading.period || reading.periodDefaulted))
    return since === 'month' ? 'this_month' : 'this_year';
  if (/\b(vs|versus|to|and|till|until|through|compared (to|with)) (now|today|right now)\b/.test(q))
    return 'to_today';
  return BALANCE_OVER_TIME.test(q) ? 'over_time' : 'period';
}

/**
 * 'how many times did I pay my card this year': the payments to the card, listed with their count and
 * total from the side they left (a card's payment is money moved, never spending).
 */
function cardPayments(reading: Reading, q: string): void {
  // 'how much did i pay on it' of the card talked about.
  const card = [reading.account, reading.namedAccount].some((account) => account?.kind === 'credit');
  const onIt =
    card && /\bpa(y|id|ying) (on|toward|towards|down|off|into) (it|that|the card|my card)\b/.test(q);
  if (!onIt && !/\bpa(y|id|ying)( off)? (the|my) (credit )?cards?( bill| balance)?\b/.test(q)) return;
  // 'how much would I have left if I paid off my card': the balances, a payment not made.
  if (/\bif i\b|\bwould\b|\bshould\b|\bcan i\b|\bcould i\b/.test(q)) return;
  if (!['spending', 'merchants', 'search', 'balances'].includes(reading.intent)) return;
  listMoneyMoved(
    reading,
    [{ code: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', label: 'Credit card payments' }],
    'out',
  );
  delete reading.account;
}

/** 'whats an uber usually cost me': one of the merchant's purchases, averaged, not a month of them. */
function perPurchaseAtMerchant(reading: Reading, q: string): void {
  const shape = reading.shape;
  if (shape?.statistic !== 'average' || shape.per === 'transaction') return;
  if (/\b(per|a|an|each|every) (month|week|day|year|weekend)\b|\b(monthly|weekly|daily|yearly)\b/.test(q))
    return;
  const names = [reading.merchant, ...(reading.merchants ?? [])].filter((name): name is string =>
    Boolean(name),
  );
  const firstWords = names.map((name) =>
    (name.toLowerCase().split(/\s+/)[0] ?? '').replace(/[^a-z0-9']/g, ''),
  );
  const one = firstWords.some(
    (word) => word.length > 1 && new RegExp(`\\b(a|an|one|each|per|single|every) ${word}\\b`).test(q),
  );
  if (one) reading.shape = { ...shape, per: 'transaction' };
}

/** What the answer should dwell on: the account or wallets named, the chain, the tickers. */
function applyFocus(reading: Reading, q: string, symbols: string[], named: ContextAccount[]): void {
  // 'and whats my limit' after the card: the account the thread is about, when none is named now.
  const kept =
    named.length === 0 &&
    reading.namedAccount &&
    ['balances', 'holdings', 'crypto'].includes(reading.intent) &&
    /\b(limit|owe|owed|owing|available|left|room|balance|due|it|its)\b/.test(q)
      ? [reading.namedAccount.name]
      : [];
  const focus = [
    ...kept,
    ...named.map((a) => a.name),
    ...symbols,
    ...(/\bethereum\b/.test(q) ? ['Ethereum'] : []),
    ...(/\bsolana\b/.test(q) ? ['Solana'] : []),
    ...(/\bbitcoin\b/.test(q) ? ['Bitcoin'] : []),
    ...(/\bcash\b/.test(q) ? ['cash', 'Cash'] : []),
    ...(/\bbonds?\b/.test(q) ? ['Bond funds'] : []),
    ...(/\b(international|intl|foreign|ex[- ]us|overseas|emerging markets?)\b/.test(q)
      ? ['International funds']
      : []),
    ...(/\b(eth|ether)\b/.test(q) && !/\bethereum\b/.test(q) ? ['ETH'] : []),
  ];
  // 'how much do I have at First Platypus': that institution's accounts together.
  const institutions = new Set(named.map((a) => a.institution).filter(Boolean));
  if (
    reading.intent === 'balances' &&
    named.length > 1 &&
    institutions.size === 1 &&
    [...institutions].some((name) => q.includes(String(name).toLowerCase().split(' ')[0] ?? ''))
  )
    focus.unshift('By institution');
  // 'which account has the most money in it': the accounts ranked by balance.
  if (reading.intent === 'balances' && /\b(most|least|biggest|largest|smallest|highest|lowest)\b/.test(q))
    focus.unshift('Accounts from the most');
  if (
    reading.intent === 'net_worth' &&
    /\b(without|excluding|except|minus|less|not counting)\b.*\b(crypto|wallets?)\b/.test(q)
  )
    focus.unshift('Net worth without crypto');
  // 'what's my stablecoin total', 'which wallet has the most', 'what % of my crypto is btc'.
  if (reading.intent === 'crypto') {
    if (/\bstablecoins?\b/.test(q)) focus.unshift('Stablecoins');
    if (/\b(which|what) (wallet|account)s?\b|\b(most|least|biggest|largest|smallest)\b/.test(q))
      focus.unshift('Wallets from the most');
    // 'which coin is my biggest': the coins ranked, not the wallets.
    if (/%|\b(percent|percentage|share|portion|how much of|coins?|tokens?)\b/.test(q))
      focus.unshift('By coin');
  }
  // 'total interest on a 15k loan': the loan's totals before its monthly payment.
  if (reading.intent === 'loan_payment' && /\binterest\b/.test(q)) focus.unshift('In total');
  // 'second biggest expense category': that place of the ranking first.
  if (reading.shape?.rankAt) focus.unshift(`${reading.shape.rankAt}.`);
  if (focus.length > 0) reading.focus = focus;
  else delete reading.focus;
}
