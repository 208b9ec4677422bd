/**
 * Questions Penny declines even when they name the user's own money or assets (docs/agent.md, "How a
 * question is read"): predictions, other people's money, taxes and credit scores, advice that needs
 * data Penny does not have, and topics outside personal finance. Read from the normalized question.
 */

const CAN_DO =
  'I answer questions about your own money: spending, income, cash flow, balances, net worth, subscriptions, investments, crypto, and calculators for savings and loans.';

const TOPICS: ReadonlyArray<[RegExp, string]> = [
  [/\bweather\b|\bforecast for\b|\btemperature\b/, 'the weather'],
  [/\bpoem\b|\bsong\b|\bstory\b|\bjoke\b|\bhaiku\b|\blimerick\b/, 'creative writing'],
  [/\brecipe\b|\bcook\b/, 'cooking'],
  [
    /\bcapital of\b|\bwho (is|was|won)\b(?! (that|it|this)\b)|\bpresident\b|\bhistory of\b|\bworld cup\b|\bmeaning of life\b/,
    'general knowledge',
  ],
  [/\btranslate\b|\bin (french|spanish|german)\b/, 'translation'],
  [/\bwrite (me )?(some )?code\b|\bjavascript\b|\bpython\b/, 'programming'],
  [/\bsports?\b|\bfootball\b|\bsoccer\b|\bnba\b/, 'sports'],
  [
    /\b(can|could|would|will) (u|you) (please )?(book|order|reserve|schedule|buy|purchase|cancel|send|wire|transfer)\b|^(please )?(book|order|reserve|schedule) (me )?(a|an|the|my)\b|^(please |pls |can you |could you )?(cancel|unsubscribe( from)?|pause|stop paying)\b|\b(cancel|unsubscribe|pause|pay|transfer|move|send|wire|buy|sell)\b.*\bfor me\b/,
    'doing things on your behalf (bookings, orders, payments)',
  ],
  [/\bmovie recommendations?\b|\bwhat should i watch\b/, 'entertainment picks'],
];

/** Markets: what a price, a coin or the market will do, or which to pick. */
const PREDICTION_VERB =
  /\b(will|gonna|going to|predict(ion)?s?|forecast|expect(ed)?|projected|outlook|chances?|odds|moon(ing)?|crash(ing)?|skyrocket|tank(ing)?|rally|recover|bull(ish)?|bear(ish)?|price target|next (week|month|year)|tomorrow|in (a|one|\d+) (year|years|month|months))\b/;
const MARKET_THING =
  /\b(price|prices|stocks?|shares?|market|markets|btc|bitcoin|eth|ether|ethereum|sol|solana|crypto|coins?|tokens?|etfs?|index|portfolio|holdings?|investments?|s&p|nasdaq|dow|go up|go down|rise|fall|drop|be worth|worth|value|return)\b/;
const PICKING =
  /\b(thinking|thinkin|planning) (of|about) (buying|selling|investing)\b|\bshould i (buy|sell|short|invest|hold|dump|move|get into|put)\b|\bis (it|now) a good time to (buy|sell|invest)\b|\bgood (buy|investment|stock)\b|\bworth (buying|selling|investing in|getting into)\b|\bhot stocks?\b|\bwhich (stocks?|coins?|crypto|etfs?) (should|to|will)\b|\bbest (stocks?|coins?|crypto|etfs?|investments?) to\b/;

const PEOPLE =
  '(wife|husband|spouse|partner|girlfriend|boyfriend|fiance|fiancee|brother|sister|sibling|mom|mother|mum|dad|father|son|daughter|friend|roommate|flatmate|boss|neighbou?r|coworker|colleague|parents?|grandma|grandpa|aunt|uncle|cousin|in-laws?)';
const OTHERS_MONEY = new RegExp(
  `\\b${PEOPLE}('s|s'|s)\\s+(\\w+\\s+)?(spending|income|salary|balance|account|accounts|card|net worth|portfolio|money|savings|debt|budget|wallet|crypto|paycheck|bills?|expenses|credit)\\b|\\b(my|our|his|her|their)\\s+${PEOPLE}\\s+(spend|spent|spends|spending|earn|earns|earned|earning|make|makes|made|making|owe|owes|owing|have|has|save|saves|saved|saving|pay|pays|paid|paying|buy|buys|bought|buying|income|salary|balance|accounts?|cards?|money|savings|portfolio|net worth|paycheck|debt|expenses|bills?)\\b|\\bsomeone else'?s?\\b|\\bother people'?s? (money|spending|accounts?|income)\\b|\\b(his|her|their) (spending|income|salary|balance|accounts?|net worth|portfolio|savings|money)\\b|\\b(about|for|of) (his|hers|theirs|their|her)\\??$|\\b(my|our) ${PEOPLE}('s|s'|s)\\??$`,
);
const COMPARED_TO_OTHERS =
  /\b(average|typical|median|normal) (american|person|household|family|people|adult|user|millennial)s?\b|\bpeople (my|of my) age\b|\bcompared to (others|other people|everyone|my peers|people)\b|\bmy (friends|peers|neighbors)\b.*\b(spend|earn|make|save)\b/;
const TAX =
  /\b(owe|owing)\b.*\b(in )?(tax|taxes|the irs)\b|\b(for|because of) tax (reasons|purposes)\b|\btax[- ](implications?|wise|advantaged? move|benefits?|strategy|planning|loss harvesting)\b|\bshould i (convert|roll ?over|recharacteri[sz]e)\b|\b(tax|taxes|irs)\b.*\b(owe|will|bracket|deduct\w*|file|filing|return|refund|rate|due|estimate|write[- ]?offs?|calculate|much)\b|\b(deductible|write[- ]?offs?|tax bracket|tax return|capital gains tax)\b/;
const CREDIT = /\bcredit (score|rating|report|history)\b|\bfico\b/;
/** A market quote: what a security trades at, not what the user's own position is worth. */
const QUOTE =
  /\b(trading at|trades at|stock price|share price|price per share|quote for|ticker price|price of \w+ (stock|shares?))\b/;
/** The user's own figures ahead of time: a balance, net worth or spending that has not happened. */
const OWN_FORECAST =
  /\b(predict\w*|forecast\w*|project(ed|ion)?)\b.*\b(balance|net worth|savings|spending|income|account|cash|be worth|have)\b|\bwhat will (my|i) (\w+ ){0,3}(balance|net worth|savings|account) (\w+ ){0,2}be\b|\bwill (my|i) (\w+ ){0,3}(balance|net worth|savings) (be|hit|reach|drop|go)\b/;
/**
 * 'avg rent for a 1br in chicago', 'typical price of a used car': what things cost out there, not the
 * user's own payments (no 'my', 'i', 'me').
 */
const PRICES_OUT_THERE =
  /^(?!.*\b(my|i|me|i'm|im|mine|we|our)\b).*\b(avg|average|typical|median|normal|going|usual) (rent|price|cost|salary|pay|wage|rate)s? (for|of|in|on) (a|an|the|\d)\b.*\b(\d ?(br|bd|bed|bedroom)s?|studio|apartment|condo|house|home|car|suv|truck|engineers?|nurses?|teachers?|developers?|in [a-z]+( [a-z]+)?$)/;
const OUTSIDE_DATA =
  /\b(current|today'?s) (mortgage|interest|exchange) rates?\b|\binflation rate\b|\b(mortgage|interest) rates (today|right now|now)\b|\bhow is the (stock )?market (doing|today)\b/;

/**
 * Why a question is declined, or undefined when it is not. `hasRate`: the question gives a rate of
 * return, so 'what will $10k be worth in 10 years at 7%' is a calculator, not a prediction.
 */
export function declineReason(
  q: string,
  hints: { hasRate: boolean; namesAsset: boolean; holdsAsset: boolean },
): string | undefined {
  const { hasRate } = hints;
  for (const [pattern, topic] of TOPICS) if (pattern.test(q)) return `I can't help with ${topic}. ${CAN_DO}`;
  if (PICKING.test(q))
    return `I can't predict markets or pick investments. I can show what you hold, what it's worth and how it has done. ${CAN_DO}`;
  if (
    !hasRate &&
    PREDICTION_VERB.test(q) &&
    (hints.namesAsset || MARKET_THING.test(q)) &&
    !/\bhow much (will|would) i (have|save)\b/.test(q)
  )
    return 'I can\'t predict prices or what your investments will be worth. I can tell you what they\'re worth today and what you paid for them, or project a fixed rate of return if you give me one (for example, "what would $10,000 be worth in 10 years at 7%").';
  if (!hasRate && OWN_FORECAST.test(q) && !/\bhow much (will|would) i (have|save)\b/.test(q))
    return "I can't predict future balances: what comes in and goes out ahead isn't known. I can show your balances today, your typical monthly income and spending, and what is due soon, or project a fixed saving plan if you give me the amounts.";
  if (QUOTE.test(q) && !hints.holdsAsset)
    return `I don't have market data such as live quotes for securities you don't hold. I can show what your own holdings are worth. ${CAN_DO}`;
  if (OTHERS_MONEY.test(q) || COMPARED_TO_OTHERS.test(q))
    return "I can only see your own linked accounts, so I can't answer about someone else's money or compare you with other people. I can answer about your own spending, income, balances and investments.";
  if (TAX.test(q))
    return "I can't work out taxes: I don't have your tax situation (filing status, deductions, withholding). I can total what you've paid in a category or earned in a period, which you could bring to a tax tool or an accountant.";
  if (CREDIT.test(q))
    return "I can't see your credit score: it isn't part of your linked accounts. I can show what you owe on your cards and loans.";
  if (PRICES_OUT_THERE.test(q))
    return `I don't have market data such as rents, prices or salaries elsewhere: I can only see your own linked accounts. I can show what you pay yourself, for example your average monthly rent. ${CAN_DO}`;
  if (OUTSIDE_DATA.test(q))
    return `I don't have market data such as today's rates or how the market is doing. ${CAN_DO}`;
  return undefined;
}

export const OUTSIDE_WHAT_I_CAN_READ = `That's outside what I can answer. ${CAN_DO}`;
