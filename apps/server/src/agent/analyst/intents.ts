import { MONEY_IN_WORDS } from './money-words.ts';
import type { Intent } from './reading.ts';
import type { TurnContext } from './vocabulary.ts';

/**
 * What a question asks about (an intent), read from the normalized question: the rules run in order,
 * the first that matches wins; tickers and follow-up words are read here too.
 */

/** Words of money going out: spend and its casual forms ('blow', 'shell out', 'cost me'). */
export const SPENDING_WORDS =
  /\bspen[dt]\b|\bspends\b|\b(blow|blew|blown|blowing|dropped|splurged?|shell(ed)? out|fork(ed)? out|burn(ed|t)? through|went through)\b|\bspending\b|\bbuy(ing)?\b|\bbought\b|\bpurchases?\b|\bshopping\b|\bshop(ped)? (at|in|on)\b|\bpaying\b|\bexpenses?\b|\bcost me\b|\bpaid for\b|\bpay for\b|\bbreakdown\b|\bcategor(y|ies)\b|\bgo(ing)? to\b|\bput on\b|\bcharged?\b|\b(i|we) (usually |always |often )?order(ed)?\b|\bout the door\b|\b(more|less) expensive\b|\bout(ta|ta of| of) me\b|\bhow (bad|expensive|pricey) (was|were|is)\b/;

const INTENT_RULES: ReadonlyArray<[Intent, RegExp]> = [
  ['afford', /\bafford\b|\b(can|could) i (swing|handle|manage|take on|cover)\b.*(\$|\b\d[\d,.]*k?\b)/],
  [
    'cut_back',
    /\bcut (back|down)\b|\boverspend(ing)?\b|\bover ?spent\b|\b(how|where|ways? to|help me|can i|could i|should i|want to|need to|tips? (to|for)|i have to|i must|trying to) (\w+ ){0,3}(spend less|save more)\b|\breduce (my )?(spending|expenses|costs)\b|\bwhere (can|could|should) i save\b|\btrim (my )?(spending|budget|expenses)\b|\b(trim|cut|shave|free up) (like |about |around |an extra |another )?\$?\d[\d,.]*k?( dollars| bucks)?( a| per| each| every| \/) ?(month|mo|week|wk)\b|\bwhere (can|could|should|do) i (trim|cut|save|tighten)\b|\b(worr(y|ied|ying)|concern(ed|ing)?|red flags?|warning signs?|alarming|out of control|problems?) (about |with |in |w )?(\w+ ){0,2}(spending|expenses|budget)\b|\b(spending|expenses)\b.*\b(worr(y|ied|ying)|concern(ed|ing)?|red flags?|alarming|out of control)\b/,
  ],
  [
    'summary',
    /\bsummary\b|\bam i (doing )?(ok|okay|alright|all right|fine|good|well)\b|\bam i (bad|good|terrible|awful|smart|responsible|irresponsible) (with|at) (money|my money|finances|saving|budgeting)\b|\b(living )?paycheck to paycheck\b|\bam i (broke|in trouble|in good shape|on track|financially (ok|okay|healthy|stable))\b|\bdoing (ok|okay|alright|well|fine) financially\b|\bsummari[sz]e\b|\boverview\b|\bsnapshot\b|\brundown\b|\brecap\b|\bhow am i doing\b|\bwhat should i know about my (money|finances|spending|accounts)\b|\banything (i should|i need to|to) (know|worry about|watch|look at)\b|\banything (new|important|notable) (with|in|on) my (money|accounts|finances|spending)\b|\bwhere do i stand\b|\bfinancial (health|situation|picture)\b|\bhow (is|are) (my )?(money|finances|things)( \w+)?\b|\bstate of my (money|finances)\b|\b(finances|money) (look|looks|looking|looked)\b|\bhow('s| is| was)? (my|this|the) (month|week|year)( so far)? (looking|going|shaping up)\b|\bhow('s| is) (my|this|the) (month|week|year) (so far|going so far)\b|\badd up everything\b|\beverything i (have|own)\b/,
  ],
  [
    'search',
    /\b(when|what) (did|was|were) (i|my) (last|most recently)\b|\bwithdr(ew|aw|awn|awals?)\b|\batms?\b|\blast time i\b|\bmost recent (transaction|purchase|charge|payment|paycheck|deposit)s?\b|\blatest (transaction|purchase|charge|payment|paycheck|deposit)s?\b|\b(my|the) (last|latest|most recent|previous) (paycheck|pay ?check|pay ?stub|direct deposit|deposit)\b|\bwhen did i (last )?(get paid|buy|pay|go to)\b|\bwhen did [a-z][\w&.' -]{1,30}? (last |most recently )?(pay|paid) me\b|\b(when|what days?|which days?) (do|does|will) (i|my) (usually |normally |typically |generally )?(get paid|paychecks? (come|hit|land|arrive)|pay (come|hit|land|arrive)s?|salary (come|hit|land|arrive)s?)\b/,
  ],
  [
    'emergency_fund',
    /\bemergency fund\b|\brunway\b|\b(survive|last|get by|make it|cover (my )?(bills|expenses))\b.*\b(no|without( any)?|zero) (income|paychecks?|job|pay|salary)\b|\bif i (lost|lose) my (job|income)\b|\bgot laid off\b|\bif i (got|get|was|were) (laid off|fired)\b|\blive off (my )?(savings|cash)\b|\bhow long (could|would|can|will) (i|my (savings|cash|money)) (last|survive|go)\b|\brainy day\b|\bmonths? of expenses\b/,
  ],
  [
    'loan_payment',
    /\b(loan|mortgage|borrow(ed|ing)?)\b.*\b(payments?|pay (it )?back|pay each month|monthly)\b|\bmonthly payment\b|\bamortiz|\binterest (on|of|for) an? \$?[\d,.]+k? (\w+ )?(loan|mortgage)\b|\b(loan|mortgage)\b.*\b(total|how much) interest\b/,
  ],
  [
    'savings_goal',
    /\bsave (up )?\$?[\d,.]+k?\b.*\b(by|in|within)\b|\bhow (long|many months|many years)\b.*\b(save|reach|goal)\b|\bsavings goal\b|\breach \$?[\d,.]+k?\b|\bwant \$[\d,.]+k? (in|by|within)\b|\breach my goal\b|\bsave each month\b.*\$/,
  ],
  [
    'compound_growth',
    /\bcompound(ed|ing)?\b|\bgrow to\b|\bwill .* grow\b|\bbe worth in\b|\bworth in \d+ years\b|\binvest(ed)? \$?[\d,.]+k?\b.*\b(years?|%)|\b(invest(ed)?|put|add|deposit)\b.*\b(every|each|a|per) month\b.*\b(have|worth|interest|%|return)\b|\bif i invest(ed)? every month\b|\b(put|save|invest|add)\b.*(\/ ?mo|\/ ?month)\b.*(%|\bpercent\b)|\bhow much would i have if i invest/,
  ],
  [
    'net_worth',
    /\bnet worth\b|\bmy assets\b|\bhow much am i worth\b|\bwhat am i worth\b|\bassets and liabilities\b|\btotal assets\b|\bassets worth\b|\beverything i own\b/,
  ],
  [
    'largest',
    /\b(largest|biggest|most expensive|highest|top \d+|top (five|ten|three))\b.*\b(transactions?|purchases?|expenses?|payments?|charges?|deposits?|bills?)\b|\bthe most i('ve| have)? (ever )?spent\b.*\b(one|a single) (visit|go|transaction|purchase|trip)\b/,
  ],
  [
    'crypto',
    /\bcrypto\b|\bbitcoin\b|\bbtc\b|\bethereum\b|\beth\b|\bsolana\b|\bsol\b|\bwallets?\b|\btokens?\b|\bcoins?\b|\bstablecoins?\b|\busdc\b|\busdt\b/,
  ],
  [
    'holdings',
    /\bportfolio\b|\bholdings?\b|\binvestments?\b|\binvestment accounts?\b|\bstocks?\b|\ballocation\b|\bunreali[sz]ed\b|\bgains?\b|\bbrokerage\b|\betfs?\b|(?<!\bride[- ]?)\bshares\b|\bmutual funds?\b|\bira\b|\b401k\b|\broth\b|\bbonds?\b|\bindex funds?\b|\b(best|worst|top|bottom) performers?\b|\bperform(ing|ed|ance)?\b|\bpositions?\b|\bcost basis\b|\bexposure\b|\b(overall|total|portfolio|investment|my) returns?\b|\breturns? on (what|my|the money)\b|\bwhat i('ve| have)? invested\b/,
  ],
  [
    'recurring',
    /\bsubscriptions?\b|\brecurring\b|\bbills? (due|coming)\b|\b(bills?|payments?|charges?|renewals?)\b.*\b(coming up|upcoming|due|next week|next month|soon|this week)\b|\bupcoming\b|\bcoming up\b|\bupcoming (bills|payments)\b|\bregular payments\b|\bmemberships?\b/,
  ],
  [
    'cash_flow',
    /\bspend(ing)? more than i (earn|make)\b|\bspen[dt] (less|more) than i (made|make|earn|earned)\b|\b(spending|expenses) (to|with|vs|versus|and|against) (my )?(income|earnings)\b|\b(income|earnings) (to|with|vs|versus|against) (my )?(spending|expenses)\b|\bmy net\b(?! worth)|\bnet (for|this|last|in|over|so)\b|\bput (away|aside)\b|\bset aside\b|\bsock(ed)? away\b|\bleft ?over\b|\bafter (expenses|spending|bills)\b|\b(income|earnings) (minus|less|after|over) (spending|expenses)\b|\b(earn|make|making) more than i spend\b|\b(living|live) (within|beyond|above) my means\b|\bin the (red|black|green)\b|\b(end|ended|finish|finished|come|came) (\w+ ){0,3}(ahead|behind|positive|negative|up or down)\b|\bnet (positive|negative)\b|\bcash ?flow\b|\bsavings rate\b|\bincome (vs\.?|versus|and) (expenses|spending)\b|\bhow much (did|do|have) i (save|saved)\b|\bhave i saved\b|\bdid i save\b|\b(manage|managed|able) to save\b|\bsave anything\b|\bam i (\w+ )?saving (anything|any money|money|at all|enough)\b|\b(saving|save|saved) enough\b|\bnet (income|savings)\b|\bsave each month\b|\bsaving each month\b|\bearn(ed)? (vs\.?|versus|and|compared to) spen[dt]\b/,
  ],
  [
    'income',
    new RegExp(
      `${MONEY_IN_WORDS}|\\b(came|went|deposited|paid) into\\b|\\bmoney into\\b|\\b(how much|what) (money )?(did|do|have) i (\\w+ )?(make|made)\\b|\\bi (\\w+ )?(make|made|am making)\\b|\\bmaking money\\b|\\bpa(id|y|ys) me\\b|\\b(get|gets|getting|been) paid\\b|\\breceiv(e|ed|ing)\\b|\\bdividends?\\b|\\binterest\\b`,
    ),
  ],
  [
    'merchants',
    /\b(which|top|what) (merchants?|stores?|shops?|places)\b|\bwhere (do|did) i (spend|shop)\b|\bby merchant\b/,
  ],
  [
    'search',
    /\b(show|list|find|search)\b.*\btransactions?\b|\bhow many times\b|\btransactions? (at|from|with)\b/,
  ],
  [
    'balances',
    /\bbalances?\b|\bhow much (money )?(do i have|is in|is there in)\b|\bmy accounts\b|\baccounts? (do i have|linked)\b|\bcash on hand\b|\b(total|all( of)?( my)?|my) cash\b(?! ?flow)|\bowe\b|\bhow much cash\b|\bin my (checking|savings)\b|\b(total|sum|amount|money) (in|across|between|held in) (all |both )?(of )?(my |the )?(\w+ ){0,2}(accounts?|accts?|checking|savings|banks?)\b/,
  ],
  ['spending', SPENDING_WORDS],
];

export const FOLLOW_UP =
  /^(and|what about|how about|and what about|same for|(the )?same (thing|again|question|but)|now|also|ok(ay)?,? (and|what about)|then|vs|versus|against|compared (to|with))\b|\b(instead|too|though|then)\??$/;

/** Securities named by ticker ('VTI', 'AAPL'): capitalised words that are not everyday abbreviations. */
export function tickers(question: string): string[] {
  const common = new Set([
    'I',
    'USD',
    'ETH',
    'BTC',
    'SOL',
    'IRA',
    'ETF',
    'ETFS',
    'APR',
    'APY',
    'ATM',
    'US',
    'OK',
  ]);
  return [...question.matchAll(/\b[A-Z]{2,5}\b/g)].map((m) => m[0]).filter((t) => !common.has(t));
}

export function detectIntent(q: string): Intent | undefined {
  return INTENT_RULES.find(([, pattern]) => pattern.test(q))?.[0];
}

/** Words that point back at something said before ('there', 'that'): without a before, ask. */
export const BACK_REFERENCE =
  /\b(there|that|it|this one|the same|those|them|the (big|biggest|small|first|second|last|other|expensive|cheap) one)\b/;

/** Tickers of the user's own securities named in any case ('vti', 'Vti'). */
export function heldTickers(q: string, context: TurnContext): string[] {
  const words = new Set(q.split(/[^a-z0-9.]+/));
  const securities = context.securities ?? [];
  const byTicker = securities
    .map((s) => s.ticker)
    .filter(
      (t): t is string =>
        !!t &&
        t.length >= 2 &&
        words.has(t.toLowerCase()) &&
        // 'my link worth': a ticker that is also a word, when the question holds it as an asset.
        (!COMMON_WORDS.has(t.toLowerCase()) ||
          new RegExp(
            `\\bmy ${t.toLowerCase()} (worth|value|holdings?|balance|position|coins?|tokens?)\\b|\\bhow much ${t.toLowerCase()} do i (have|own|hold)\\b`,
          ).test(q)),
    );
  // 'my nvidia worth', 'apple shares': the first word of one security's name, when no other shares it
  // and the question is about holding it ('amazon orders' and 'paid apple' are shopping).
  if (!/\b(worth|shares?|stocks?|positions?|holdings?|gains?|invested|value|own|portfolio)\b/.test(q))
    return byTicker;
  const firstWord = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/)[0] ?? '';
  const byName = securities.filter((s) => {
    const word = firstWord(s.name);
    return (
      !!s.ticker &&
      word.length >= 4 &&
      words.has(word) &&
      !COMMON_WORDS.has(word) &&
      securities.filter((other) => firstWord(other.name) === word && other.ticker !== s.ticker).length === 0
    );
  });
  return [...new Set([...byTicker, ...byName.map((s) => s.ticker as string)])];
}
export const COMMON_WORDS = new Set([
  'a',
  'i',
  'am',
  'an',
  'at',
  'be',
  'by',
  'do',
  'go',
  'in',
  'is',
  'it',
  'me',
  'my',
  'no',
  'of',
  'on',
  'or',
  'so',
  'to',
  'up',
  'us',
  'we',
  'all',
  'and',
  'any',
  'are',
  'can',
  'for',
  'has',
  'how',
  'now',
  'one',
  'our',
  'out',
  'the',
  'two',
  'was',
  'you',
  'new',
  'big',
  'low',
  'cash',
]);

export function intentOfMeasure(measure: string | undefined): Intent | undefined {
  if (measure === 'income') return 'income';
  if (measure === 'net_cash_flow') return 'cash_flow';
  if (measure === 'spending') return 'spending';
  return undefined;
}
