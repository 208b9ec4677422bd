import type { ToolInput, ToolName } from '@penny/contracts';
import { nextPeriod, type Period, parsePeriod, periodShift, previousPeriod, thisMonth } from './periods.ts';
import type { ContextAccount, Matcher, TurnContext } from './vocabulary.ts';

/**
 * The offline analyst's reading of a question: what is asked (the intent), over which period, about
 * which category, merchant or account; then the tool calls that answer it. Follow-ups ('and the month
 * before?', 'what about dining?') start from the previous question's reading.
 */
export const INTENTS = [
  'spending',
  'merchants',
  'income',
  'cash_flow',
  'net_worth',
  'balances',
  'recurring',
  'largest',
  'search',
  'holdings',
  'crypto',
  'compound_growth',
  'loan_payment',
  'savings_goal',
  'emergency_fund',
] as const;
export type Intent = (typeof INTENTS)[number];

export type Reading = {
  intent: Intent;
  period?: Period;
  category?: { code: string; label: string };
  merchant?: string;
  account?: ContextAccount;
  direction?: 'in' | 'out';
  limit?: number;
  groupBy?: 'asset_class' | 'security' | 'account';
  subscriptionsOnly?: boolean;
  numbers?: Record<string, number>;
};

export type ToolCall = { [N in ToolName]: { tool: N; input: Partial<ToolInput<N>> } }[ToolName];

export type Plan =
  | { kind: 'tools'; reading: Reading; calls: ToolCall[] }
  | { kind: 'clarify'; question: string; reading?: Reading }
  | { kind: 'decline'; reason: string };

const OUT_OF_SCOPE: ReadonlyArray<[RegExp, string]> = [
  [/\bweather\b|\bforecast for\b|\btemperature\b/, 'the weather'],
  [/\bpoem\b|\bsong\b|\bstory\b|\bjoke\b|\bhaiku\b|\blimerick\b/, 'creative writing'],
  [/\brecipe\b|\bcook\b/, 'cooking'],
  [/\bcapital of\b|\bwho (is|was) the\b|\bpresident\b|\bhistory of\b/, 'general knowledge'],
  [/\btranslate\b|\bin (french|spanish|german)\b/, 'translation'],
  [
    /\bshould i (buy|sell|short)\b|\bwill .* (go up|go down|rise|fall|crash)\b|\b(price|stock) (tomorrow|next week)\b|\bpredict\b|\bhot stock\b|\bwhich stock\b/,
    'predicting markets or picking investments',
  ],
  [/\bwrite (me )?(some )?code\b|\bjavascript\b|\bpython\b/, 'programming'],
  [/\bsports?\b|\bfootball\b|\bsoccer\b|\bnba\b/, 'sports'],
  [/\bmovie recommendations?\b|\bwhat should i watch\b/, 'entertainment picks'],
];

const INTENT_RULES: ReadonlyArray<[Intent, RegExp]> = [
  ['emergency_fund', /\bemergency fund\b|\brainy day\b|\bmonths? of expenses\b/],
  [
    'loan_payment',
    /\b(loan|mortgage|car loan)\b.*\b(payment|pay each month|monthly)\b|\bmonthly payment\b|\bamortiz/,
  ],
  [
    'savings_goal',
    /\bsave (up )?\$?[\d,.]+k?\b.*\b(by|in|within)\b|\bhow long .* to save\b|\bsavings goal\b|\breach \$?[\d,.]+k?\b/,
  ],
  [
    'compound_growth',
    /\bcompound\b|\bgrow to\b|\bwill .* grow\b|\bbe worth in\b|\bworth in \d+ years\b|\binvest \$?[\d,.]+k?\b.*\b(years?|%)/,
  ],
  ['net_worth', /\bnet worth\b|\bhow much am i worth\b|\bwhat am i worth\b|\bassets and liabilities\b/],
  [
    'crypto',
    /\bcrypto\b|\bbitcoin\b|\bbtc\b|\bethereum\b|\beth\b|\bsolana\b|\bsol\b|\bwallets?\b|\btokens?\b/,
  ],
  [
    'holdings',
    /\bportfolio\b|\bholdings?\b|\binvestments?\b|\bstocks?\b|\ballocation\b|\bunreali[sz]ed\b|\bgains?\b|\bbrokerage\b|\betfs?\b|\bshares\b/,
  ],
  [
    'recurring',
    /\bsubscriptions?\b|\brecurring\b|\bbills? (due|coming)\b|\bupcoming (bills|payments)\b|\bregular payments\b|\bmemberships?\b/,
  ],
  [
    'largest',
    /\b(largest|biggest|most expensive|highest|top \d+|top (five|ten|three))\b.*\b(transactions?|purchases?|expenses?|payments?|charges?|deposits?)\b/,
  ],
  [
    'cash_flow',
    /\bcash ?flow\b|\bsavings rate\b|\bincome (vs\.?|versus|and) (expenses|spending)\b|\bhow much (did|do) i save\b|\bnet (income|savings)\b|\bsave each month\b|\bsaving each month\b/,
  ],
  [
    'income',
    /\bincome\b|\bearn(ed|ings)?\b|\bsalary\b|\bpaychecks?\b|\bgot paid\b|\bwages\b|\bdividends\b|\binterest earned\b/,
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
    /\bbalances?\b|\bhow much (money )?(do i have|is in)\b|\bmy accounts\b|\baccounts? (do i have|linked)\b|\bcash on hand\b/,
  ],
  [
    'spending',
    /\bspen[dt]\b|\bspending\b|\bexpenses?\b|\bcost me\b|\bpaid for\b|\bpay for\b|\bbreakdown\b|\bcategor(y|ies)\b|\bgo(ing)? to\b/,
  ],
];

const FOLLOW_UP =
  /^(and|what about|how about|and what about|same for|now|also|ok(ay)?,? (and|what about)|then)\b|\b(instead|too)\??$/;

/** Numbers a calculator question carries: amounts, a rate, years, months. */
export function readNumbers(question: string): Record<string, number> {
  const q = question.toLowerCase().replace(/,(?=\d{3})/g, '');
  const out: Record<string, number> = {};
  const amounts = [
    ...q.matchAll(/\$?\s?(\d+(?:\.\d+)?)\s?(k|thousand|m|million)?\b(?!\s?%|\s?(years?|months?|yrs?))/g),
  ]
    .map((m) => {
      const scale =
        m[2] === 'k' || m[2] === 'thousand' ? 1000 : m[2] === 'm' || m[2] === 'million' ? 1_000_000 : 1;
      return {
        value: Number(m[1]) * scale,
        index: m.index ?? 0,
        dollar: (m[0] ?? '').includes('$') || scale > 1,
      };
    })
    .filter((a) => a.dollar);
  const rate = q.match(/(\d+(?:\.\d+)?)\s?%/);
  if (rate?.[1]) out.rate = Number(rate[1]);
  const years = q.match(/(\d+(?:\.\d+)?)\s?(?:years?|yrs?)\b/);
  if (years?.[1]) out.years = Number(years[1]);
  const months = q.match(/(\d+)\s?months?\b/);
  if (months?.[1]) out.months = Number(months[1]);
  const monthly = q.match(/\$?\s?(\d+(?:\.\d+)?)\s?(k)?\s?(?:a|per|each|every)\s?month/);
  if (monthly?.[1]) out.monthly = Number(monthly[1]) * (monthly[2] ? 1000 : 1);
  const lump = amounts.filter((a) => a.value !== out.monthly);
  if (lump[0]) out.amount = lump[0].value;
  if (lump[1]) out.amount2 = lump[1].value;
  return out;
}

function detectIntent(q: string): Intent | undefined {
  return INTENT_RULES.find(([, pattern]) => pattern.test(q))?.[0];
}

function calculatorCalls(reading: Reading): ToolCall[] | string {
  const n = reading.numbers ?? {};
  switch (reading.intent) {
    case 'compound_growth':
      if (n.amount === undefined && n.monthly === undefined)
        return 'How much would you start with, and at what yearly rate for how many years?';
      if (n.rate === undefined || n.years === undefined)
        return 'What yearly rate of return and how many years should I assume?';
      return [
        {
          tool: 'compound_growth',
          input: {
            principal: n.amount ?? 0,
            monthly_contribution: n.monthly ?? 0,
            annual_rate_percent: n.rate,
            years: n.years,
          },
        },
      ];
    case 'loan_payment':
      if (n.amount === undefined || n.rate === undefined || n.years === undefined) {
        return 'What is the loan amount, its yearly interest rate and its term in years?';
      }
      return [
        { tool: 'loan_payment', input: { principal: n.amount, annual_rate_percent: n.rate, years: n.years } },
      ];
    case 'savings_goal': {
      if (n.amount === undefined) return 'How much do you want to save?';
      const months = n.months ?? (n.years !== undefined ? Math.round(n.years * 12) : undefined);
      if (months === undefined && n.monthly === undefined)
        return 'By when do you want to reach it, or how much can you put aside each month?';
      return [
        {
          tool: 'savings_goal',
          input: {
            target: n.amount,
            current: n.amount2 ?? 0,
            annual_rate_percent: n.rate ?? 0,
            ...(months !== undefined ? { months } : { monthly_saving: n.monthly ?? 0 }),
          },
        },
      ];
    }
    case 'emergency_fund':
      return [{ tool: 'emergency_fund', input: { target_months: n.months ?? 6 } }];
    default:
      return [];
  }
}

function defaultPeriod(intent: Intent, today: string): Period {
  if (intent === 'cash_flow' || (intent === 'income' && false)) {
    return thisMonth(today);
  }
  return thisMonth(today);
}

function callsFor(reading: Reading, context: TurnContext, deep: boolean): ToolCall[] | string {
  const account = reading.account?.name;
  const accountInput = account ? { account } : {};
  const period = reading.period ?? defaultPeriod(reading.intent, context.today);
  const range = { start: period.start, end: period.end };
  switch (reading.intent) {
    case 'spending':
      return [
        {
          tool: 'spending_by_category',
          input: {
            ...range,
            ...accountInput,
            ...(reading.category ? { category: reading.category.code } : {}),
            compare_previous: deep,
          },
        },
        ...(deep || reading.category
          ? [
              {
                tool: 'spending_by_merchant' as const,
                input: {
                  ...range,
                  ...accountInput,
                  ...(reading.category ? { category: reading.category.code } : {}),
                  limit: 10,
                },
              },
            ]
          : []),
      ];
    case 'merchants':
      return [
        {
          tool: 'spending_by_merchant',
          input: {
            ...range,
            ...accountInput,
            ...(reading.merchant ? { merchant: reading.merchant } : {}),
            ...(reading.category ? { category: reading.category.code } : {}),
            limit: reading.limit ?? 10,
            compare_previous: deep,
          },
        },
      ];
    case 'income':
    case 'cash_flow':
      return [
        { tool: 'cash_flow', input: { ...range, ...accountInput } },
        ...(deep ? [{ tool: 'spending_by_category' as const, input: { ...range, ...accountInput } }] : []),
      ];
    case 'net_worth':
      return [
        { tool: 'net_worth', input: { months: 12 } },
        ...(deep ? [{ tool: 'list_accounts' as const, input: {} }] : []),
      ];
    case 'balances':
      return [{ tool: 'list_accounts', input: {} }];
    case 'recurring':
      return [
        { tool: 'recurring_payments', input: { kind: reading.subscriptionsOnly ? 'subscriptions' : 'all' } },
      ];
    case 'largest':
      return [
        {
          tool: 'largest_transactions',
          input: {
            ...range,
            ...accountInput,
            direction: reading.direction ?? 'out',
            limit: reading.limit ?? 5,
            ...(reading.category ? { category: reading.category.code } : {}),
          },
        },
      ];
    case 'search':
      return [
        {
          tool: 'search_transactions',
          input: {
            ...(reading.period ? range : {}),
            ...accountInput,
            ...(reading.merchant ? { merchant: reading.merchant } : {}),
            ...(reading.category ? { category: reading.category.code } : {}),
            ...(reading.direction ? { direction: reading.direction } : {}),
            limit: 50,
          },
        },
      ];
    case 'holdings':
      return [{ tool: 'holdings', input: { group_by: reading.groupBy ?? 'security', ...accountInput } }];
    case 'crypto':
      return [{ tool: 'crypto_balances', input: {} }];
    case 'compound_growth':
    case 'loan_payment':
    case 'savings_goal':
    case 'emergency_fund':
      return calculatorCalls(reading);
  }
}

/** A question that names one kind of account the user has several of ('my checking account'). */
function ambiguousAccount(question: string, matcher: Matcher): ContextAccount[] | undefined {
  const q = question.toLowerCase();
  const candidates = matcher.accounts(question);
  if (candidates.length < 2) return undefined;
  // Named one by one ('my checking accounts', 'all', 'each', 'both'): not ambiguous.
  if (/\b(accounts|all|each|both|every|total|combined)\b/.test(q)) return undefined;
  if (candidates.some((a) => q.includes(a.name.toLowerCase()))) return undefined;
  return candidates;
}

export function understand(
  question: string,
  context: TurnContext,
  matcher: Matcher,
  previous: Reading | undefined,
  deep: boolean,
): Plan {
  const q = question.toLowerCase().trim();
  for (const [pattern, topic] of OUT_OF_SCOPE) {
    if (pattern.test(q)) {
      return {
        kind: 'decline',
        reason: `I can't help with ${topic}. I answer questions about your own money: spending, income, cash flow, balances, net worth, subscriptions, investments, crypto, and calculators for savings and loans.`,
      };
    }
  }
  let intent = detectIntent(q);
  const shift = periodShift(q);
  const isFollowUp =
    previous !== undefined &&
    (FOLLOW_UP.test(q) || shift !== undefined || (!intent && q.split(/\s+/).length <= 6));

  const category = matcher.category(q);
  const merchant = matcher.merchant(q);
  let reading: Reading;
  if (isFollowUp && previous && (!intent || intent === previous.intent || shift)) {
    reading = { ...previous };
    if (shift && previous.period) {
      reading.period =
        shift === 'previous'
          ? previousPeriod(previous.period, context.today)
          : nextPeriod(previous.period, context.today);
    }
    intent = previous.intent;
  } else {
    if (!intent) {
      // A category or merchant named with no verb still asks what was spent on it ('groceries last month?').
      if (category || merchant) intent = 'spending';
      else
        return {
          kind: 'decline',
          reason:
            "That's outside what I can answer. I answer questions about your own money: spending, income, cash flow, balances, net worth, subscriptions, investments, crypto, and calculators for savings and loans.",
        };
    }
    reading = { intent };
  }
  const explicitPeriod = shift ? undefined : parsePeriod(q, context.today);
  if (explicitPeriod) reading.period = explicitPeriod;

  // A merchant match that is as good as the category one wins only when it is named with 'at'.
  const merchantFirst =
    merchant &&
    (!category || merchant.score < category.score - 0.05 || new RegExp(`\\bat ${merchant.phrase}`).test(q));
  if (merchantFirst && merchant && ['spending', 'merchants', 'search', 'largest'].includes(reading.intent)) {
    reading.merchant = merchant.item.name;
    delete reading.category;
    if (reading.intent === 'spending') reading.intent = 'merchants';
  } else if (category && ['spending', 'merchants', 'search', 'largest'].includes(reading.intent)) {
    reading.category = { code: category.item.code, label: matcher.categoryLabel(category.item.code) };
    delete reading.merchant;
    if (reading.intent === 'merchants' && !/\bmerchants?|stores?|shops?|places\b/.test(q))
      reading.intent = 'spending';
  }
  const ambiguous = ambiguousAccount(q, matcher);
  if (ambiguous) {
    const names = ambiguous.map((a) => a.name);
    return {
      kind: 'clarify',
      question: `You have ${names.length} accounts that could match: ${names.slice(0, -1).join(', ')} and ${names.at(-1)}. Which one do you mean?`,
      reading,
    };
  }
  const named = matcher.accounts(q);
  if (named.length === 1 && named[0]) reading.account = named[0];
  if (/\b(deposits?|income|inflows?|came in|received)\b/.test(q) && reading.intent === 'largest')
    reading.direction = 'in';
  const top = q.match(/\btop (\d+|three|five|ten)\b/);
  if (top?.[1]) reading.limit = { three: 3, five: 5, ten: 10 }[top[1]] ?? Number(top[1]);
  if (reading.intent === 'recurring')
    reading.subscriptionsOnly = /\bsubscriptions?\b|\bmemberships?\b/.test(q);
  if (reading.intent === 'holdings') {
    reading.groupBy = /\basset class|\ballocation\b|\bdiversif/.test(q)
      ? 'asset_class'
      : /\bby account\b/.test(q)
        ? 'account'
        : 'security';
  }
  if (['compound_growth', 'loan_payment', 'savings_goal', 'emergency_fund'].includes(reading.intent)) {
    reading.numbers =
      isFollowUp && previous?.numbers ? { ...previous.numbers, ...readNumbers(q) } : readNumbers(q);
  }
  const calls = callsFor(reading, context, deep);
  if (typeof calls === 'string') return { kind: 'clarify', question: calls, reading };
  return { kind: 'tools', reading, calls };
}
