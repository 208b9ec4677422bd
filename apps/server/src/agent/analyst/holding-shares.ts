import type { Reading } from './reading.ts';

/**
 * A share of what is held ('what % is crypto then', 'what % of my net worth is in retirement accts',
 * 'the roth as a % of my portfolio'), or a whole less a part ('minus the crypto'). The net worth by account type states each type's share of net
 * worth, so a type's share of net worth is that answer, the type first. Any other share of holdings
 * (an account, retirement accounts, crypto against investments) no tool computes yet: it is asked back
 * with what was understood, never answered with the whole's figure alone (docs/agent.md, "How a
 * question is read").
 */
const ASKS_PERCENT =
  /%|\bpercent(age)?\b|\bas a (share|portion|fraction|proportion)\b|\bwhat (share|portion|fraction|proportion)\b/;
// Not the balances: the accounts' list states where the cash is and each type's share of assets
// ('what % of my money is in savings').
const HOLDING_INTENTS = new Set<Reading['intent']>(['net_worth', 'holdings', 'crypto']);
/** The net worth's account types (finance/analytics/net-worth.ts) and the words people use for them. */
const TYPES: ReadonlyArray<[RegExp, string]> = [
  [/\b(crypto|coins|wallets?)\b/, 'Crypto'],
  [/\bsavings\b/, 'Savings'],
  [/\bchecking\b/, 'Checking'],
  [/\b(investments?|invested|brokerage|stocks)\b/, 'Investments'],
];
/** A whole other than the net worth: 'of my investments', 'of my portfolio'. */
const OTHER_WHOLE =
  /\bof (my |the |all my )?(investments?|portfolio|holdings|brokerage|stocks|assets|cash|savings)\b/;
const RETIREMENT = /\b(retirement|roth|ira|401 ?k|403 ?b|pension)\b/;

export type HoldingShare = { kind: 'type'; type: string } | { kind: 'unsupported'; question: string };

export function holdingShare(
  reading: Reading,
  q: string,
  namedAccounts: number,
  symbols: readonly string[],
  aboutNetWorth: boolean,
): HoldingShare | undefined {
  if (!HOLDING_INTENTS.has(reading.intent)) return undefined;
  // 'minus the crypto' said alone after the net worth: the part would be answered instead of the whole
  // less it. (With the net worth named, 'net worth without retirement' has its own reading.)
  const lessWhat = q.match(
    /^(?:(?:and|ok|so|now) )?(?:minus|without|excluding|except|less|not counting|take out|ignoring|leaving out) (?:the |my |all )?([a-z]+(?: [a-z]+)?)\b/,
  )?.[1];
  if (lessWhat && aboutNetWorth && !/\bnet ?worth\b/.test(q) && reading.intent !== 'net_worth')
    return {
      kind: 'unsupported',
      question: `I read this as your net worth without ${lessWhat}, which I can't work out yet. I can show your net worth by account type, so you can see each part. Should I?`,
    };
  if (!ASKS_PERCENT.test(q)) return undefined;
  // A return or a change in percent is no share; nor is a part of one type ('% of my crypto is that').
  if (/\b(return|returns|gain|gains|growth|grown|grew|up|down|change|changed|yield)\b/.test(q))
    return undefined;
  if (/\bof (my |all my |all |the |all the )?(crypto|coins|wallets?)\b/.test(q)) return undefined;
  // A ticker's or an asset class's weight is the holdings' own allocation.
  if (symbols.length > 0 || /\b(etfs?|funds?|bonds?|stocks vs|allocation)\b/.test(q)) return undefined;
  const types = TYPES.filter(([words]) => words.test(q)).map(([, type]) => type);
  const other = OTHER_WHOLE.exec(q)?.[2];
  // 'savings' names the savings account too: a type's share stands unless an investment account is named.
  const type = types.length === 1 ? types[0] : undefined;
  // Of the net worth: named, the answer just before ('what % is crypto then'), or all the user has
  // ('what % of my money is in savings').
  const ofNetWorth =
    /\bnet ?worth\b|\b(of|out of) (my |all my |all |the )?(money|total|everything|assets|balances?|accounts)\b/.test(
      q,
    ) || aboutNetWorth;
  if (type && ofNetWorth && !RETIREMENT.test(q) && !other && (namedAccounts === 0 || type !== 'Investments'))
    return { kind: 'type', type };
  // 'what % of my portfolio is that' after a holding: the holdings' own weights.
  if (types.length === 0 && namedAccounts === 0 && !RETIREMENT.test(q)) return undefined;
  const part = RETIREMENT.test(q)
    ? 'retirement accounts'
    : (
        types.find((t) => !other || !t.toLowerCase().startsWith(other.slice(0, 5))) ?? 'that account'
      ).toLowerCase();
  const whole = other ? `your ${other}` : 'your net worth';
  return {
    kind: 'unsupported',
    question: `I read this as the share of ${whole} in ${part}, which I can't work out yet. I can show your net worth by account type, with each type's share of it. Should I?`,
  };
}

/**
 * 'avg checking balance last month', 'lowest my savings got': a balance through a period, day by day,
 * which no tool reads yet (balance_history reads month ends). Asked back with what it can show.
 */
export function balanceThroughPeriod(reading: Reading, q: string): string | undefined {
  if (reading.intent !== 'balances') return undefined;
  if (
    !/\b(avg|average|typical|mean|median)\b.*\bbalances?\b|\bbalances?\b.*\b(on average|avg|average)\b|\b(lowest|highest|min|max|minimum|maximum)\b.*\b(got|been|was|dipped|reached|hit|balance)\b/.test(
      q,
    )
  )
    return undefined;
  return "I read this as a balance day by day through a period (its average, or its lowest or highest point), which I can't work out yet. I can show the balance at each month's end or on a given day. Should I?";
}
