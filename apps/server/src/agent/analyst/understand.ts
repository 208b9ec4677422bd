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
  /** Names the answer should dwell on (an account, a wallet, a ticker): facts naming them come first. */
  focus?: string[];
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
  [
    /\bcapital of\b|\bwho (is|was|won)\b|\bpresident\b|\bhistory of\b|\bworld cup\b|\bmeaning of life\b/,
    'general knowledge',
  ],
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
    /\b(loan|mortgage|borrow(ed|ing)?)\b.*\b(payments?|pay (it )?back|pay each month|monthly)\b|\bmonthly payment\b|\bamortiz/,
  ],
  [
    'savings_goal',
    /\bsave (up )?\$?[\d,.]+k?\b.*\b(by|in|within)\b|\bhow (long|many months|many years)\b.*\b(save|reach|goal)\b|\bsavings goal\b|\breach \$?[\d,.]+k?\b|\bwant \$[\d,.]+k? (in|by|within)\b|\breach my goal\b|\bsave each month\b.*\$/,
  ],
  [
    'compound_growth',
    /\bcompound(ed|ing)?\b|\bgrow to\b|\bwill .* grow\b|\bbe worth in\b|\bworth in \d+ years\b|\binvest(ed)? \$?[\d,.]+k?\b.*\b(years?|%)|\b(invest(ed)?|put|add|deposit)\b.*\b(every|each|a|per) month\b.*\b(have|worth|interest|%|return)\b|\bif i invest(ed)? every month\b|\bhow much would i have if i invest/,
  ],
  [
    'net_worth',
    /\bnet worth\b|\bhow much am i worth\b|\bwhat am i worth\b|\bassets and liabilities\b|\btotal assets\b|\bassets worth\b|\beverything i own\b/,
  ],
  [
    'largest',
    /\b(largest|biggest|most expensive|highest|top \d+|top (five|ten|three))\b.*\b(transactions?|purchases?|expenses?|payments?|charges?|deposits?|bills?)\b|\bthe most i('ve| have)? (ever )?spent\b.*\b(one|a single) (visit|go|transaction|purchase|trip)\b/,
  ],
  [
    'crypto',
    /\bcrypto\b|\bbitcoin\b|\bbtc\b|\bethereum\b|\beth\b|\bsolana\b|\bsol\b|\bwallets?\b|\btokens?\b|\bcoins?\b/,
  ],
  [
    'holdings',
    /\bportfolio\b|\bholdings?\b|\binvestments?\b|\binvestment accounts?\b|\bstocks?\b|\ballocation\b|\bunreali[sz]ed\b|\bgains?\b|\bbrokerage\b|\betfs?\b|\bshares\b|\bmutual funds?\b|\bira\b|\b401k\b|\broth\b/,
  ],
  [
    'recurring',
    /\bsubscriptions?\b|\brecurring\b|\bbills? (due|coming)\b|\bupcoming (bills|payments)\b|\bregular payments\b|\bmemberships?\b/,
  ],
  [
    'cash_flow',
    /\bcash ?flow\b|\bsavings rate\b|\bincome (vs\.?|versus|and) (expenses|spending)\b|\bhow much (did|do|have) i (save|saved)\b|\bhave i saved\b|\bdid i save\b|\bnet (income|savings)\b|\bsave each month\b|\bsaving each month\b|\bearn(ed)? (vs\.?|versus|and|compared to) spen[dt]\b/,
  ],
  [
    'income',
    /\bincome\b|\bearn(ed|ings)?\b|\bsalary\b|\bpaychecks?\b|\bgot paid\b|\bwages\b|\bdividends?\b|\binterest\b|\bcame in\b/,
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
    /\bbalances?\b|\bhow much (money )?(do i have|is in|is there in)\b|\bmy accounts\b|\baccounts? (do i have|linked)\b|\bcash on hand\b|\bowe\b|\bhow much cash\b|\bin my (checking|savings)\b/,
  ],
  [
    'spending',
    /\bspen[dt]\b|\bspending\b|\bexpenses?\b|\bcost me\b|\bpaid for\b|\bpay for\b|\bbreakdown\b|\bcategor(y|ies)\b|\bgo(ing)? to\b|\bput on\b|\bcharged?\b/,
  ],
];

const FOLLOW_UP =
  /^(and|what about|how about|and what about|same for|now|also|ok(ay)?,? (and|what about)|then)\b|\b(instead|too)\??$/;

/** Numbers a calculator question carries: amounts (target, current, monthly), a rate, years, months. */
export function readNumbers(question: string): Record<string, number> {
  const q = question.toLowerCase().replace(/,(?=\d{3})/g, '');
  const out: Record<string, number> = {};
  const scaleOf = (unit: string | undefined) =>
    unit === 'k' || unit === 'thousand' ? 1000 : unit === 'm' || unit === 'million' ? 1_000_000 : 1;
  const amounts = [
    ...q.matchAll(
      /\$\s?(\d+(?:\.\d+)?)\s?(k|thousand|m|million)?\b|(\d+(?:\.\d+)?)\s?(k|thousand|million)\b/g,
    ),
  ].map((m) => ({
    value: Number(m[1] ?? m[3]) * scaleOf(m[2] ?? m[4]),
    index: m.index ?? 0,
    end: (m.index ?? 0) + (m[0]?.length ?? 0),
  }));
  const rate = q.match(/(\d+(?:\.\d+)?)\s?%/);
  if (rate?.[1]) out.rate = Number(rate[1]);
  if (/\binterest[- ]free\b|\bno interest\b|\bzero interest\b|\b0 ?%/.test(q)) out.rate = 0;
  const years = q.match(/(\d+(?:\.\d+)?)\s?(?:years?|yrs?)\b/);
  if (years?.[1]) out.years = Number(years[1]);
  const months = q.match(/(\d+)\s?months?\b/);
  if (months?.[1]) out.months = Number(months[1]);
  if (/\bcompounded (annually|yearly|once a year)\b|\bannual compounding\b/.test(q)) out.compounds = 1;
  else if (/\bcompounded quarterly\b/.test(q)) out.compounds = 4;
  else if (/\bcompounded daily\b/.test(q)) out.compounds = 365;
  const roles: Array<{ value: number; role: 'monthly' | 'target' | 'current' | 'other' }> = amounts.map(
    (a) => {
      const after = q.slice(a.end, a.end + 60);
      const before = q.slice(Math.max(0, a.index - 40), a.index);
      if (
        /^\s?(\w+\s){0,7}?(a|per|each|every|monthly|\/)\s?(month|mo)\b|^\s?(a|per) month|^\s?monthly/.test(
          after,
        ) ||
        /\b(spend|spent) (about |around )?$/.test(before)
      )
        return { value: a.value, role: 'monthly' };
      if (/\b(want|need|reach|goal of|target of|save up|save|to have)\s?(up )?$/.test(before))
        return { value: a.value, role: 'target' };
      if (
        /\b(have|had|already|saved|current(ly)?)\b[^$]*$/.test(before) ||
        /^\s?(saved|invested|already)\b/.test(after)
      )
        return { value: a.value, role: 'current' };
      return { value: a.value, role: 'other' };
    },
  );
  const monthly = roles.find((r) => r.role === 'monthly');
  if (monthly) out.monthly = monthly.value;
  const target = roles.find((r) => r.role === 'target');
  const current = roles.find((r) => r.role === 'current');
  const others = roles.filter((r) => r.role === 'other');
  if (target) out.target = target.value;
  if (current) out.current = current.value;
  // The principal: the amount the user has or invests now, else the first other amount.
  const principal = current ?? others[0];
  if (principal) out.amount = principal.value;
  if (!out.target && others[0] && current) out.target = others[0].value;
  if (!out.target && !current && others[1]) out.target = others[1].value;
  return out;
}

/** Securities named by ticker ('VTI', 'AAPL'): capitalised words that are not everyday abbreviations. */
function tickers(question: string): string[] {
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
            ...(n.compounds ? { compounds_per_year: n.compounds as 1 | 4 | 12 | 365 } : {}),
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
      const target = n.target ?? (n.current === undefined ? n.amount : undefined);
      if (target === undefined) return 'How much do you want to save, and by when?';
      const months = n.months ?? (n.years !== undefined ? Math.round(n.years * 12) : undefined);
      if (months === undefined && n.monthly === undefined)
        return 'By when do you want to reach it, or how much can you put aside each month?';
      return [
        {
          tool: 'savings_goal',
          input: {
            target,
            current: n.current ?? 0,
            annual_rate_percent: n.rate ?? 0,
            ...(months !== undefined ? { months } : { monthly_saving: n.monthly ?? 0 }),
          },
        },
      ];
    }
    case 'emergency_fund':
      return [
        {
          tool: 'emergency_fund',
          input: {
            target_months: n.months ?? 6,
            ...(n.monthly !== undefined ? { monthly_expenses: n.monthly } : {}),
          },
        },
      ];
    default:
      return [];
  }
}

function callsFor(reading: Reading, context: TurnContext, deep: boolean): ToolCall[] | string {
  const account = reading.account?.name;
  const accountInput = account ? { account } : {};
  const period = reading.period ?? thisMonth(context.today);
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
      if (reading.category?.code.startsWith('INCOME')) {
        return [
          {
            tool: 'search_transactions',
            input: { ...range, ...accountInput, category: reading.category.code, direction: 'in', limit: 50 },
          },
        ];
      }
      return [
        { tool: 'cash_flow', input: { ...range, ...accountInput } },
        ...(deep ? [{ tool: 'spending_by_category' as const, input: { ...range, ...accountInput } }] : []),
      ];
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

/**
 * A question about one account ('my checking account', 'my Ethereum wallet') when the user has
 * several that fit: the answer would differ, so ask which.
 */
function ambiguousAccount(question: string, matcher: Matcher): ContextAccount[] | undefined {
  const q = question.toLowerCase();
  if (!/\b(my|the)\s+(\w+\s+){0,3}(account|wallet|card|ira)\b(?!s)/.test(q)) return undefined;
  if (/\b(accounts|wallets|cards|all|each|both|every|total|combined|together|two|three)\b/.test(q))
    return undefined;
  const candidates = matcher.accounts(question);
  return candidates.length >= 2 ? candidates : undefined;
}

/** Words that point back at something said before ('there', 'that'): without a before, ask. */
const BACK_REFERENCE = /\b(there|that|it|this one|the same|those|them)\b/;

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
  const category = matcher.category(q);
  const merchant = matcher.merchant(q);
  const named = matcher.accounts(q);
  const symbols = tickers(question);
  if (symbols.length > 0 && (!intent || intent === 'balances')) intent = 'holdings';
  if (
    previous === undefined &&
    BACK_REFERENCE.test(q) &&
    !category &&
    !merchant &&
    named.length === 0 &&
    !['compound_growth', 'loan_payment', 'savings_goal', 'emergency_fund'].includes(intent ?? '') &&
    !/\bthat (i|came|went)\b/.test(q)
  ) {
    return {
      kind: 'clarify',
      question:
        'Could you say what you mean? For example a merchant, a category or an account, and the period (like "groceries last month").',
    };
  }
  const isFollowUp =
    previous !== undefined &&
    (FOLLOW_UP.test(q) ||
      shift !== undefined ||
      BACK_REFERENCE.test(q) ||
      (!intent && q.split(/\s+/).length <= 6));

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
    // A follow-up that asks something else keeps the period it was about ('how much of that came
    // from dividends?' after 'and so far this year?').
    reading = isFollowUp && previous?.period ? { intent, period: previous.period } : { intent };
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
  } else if (
    category &&
    (['spending', 'merchants', 'search', 'largest'].includes(reading.intent) ||
      (reading.intent === 'income' && category.item.code.startsWith('INCOME')))
  ) {
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
  if (named.length === 1 && named[0]) reading.account = named[0];
  // What the answer should dwell on: the account or wallets named, the chain, the tickers.
  const focus = [
    ...named.map((a) => a.name),
    ...symbols,
    ...(/\bethereum\b/.test(q) ? ['Ethereum'] : []),
    ...(/\bsolana\b/.test(q) ? ['Solana'] : []),
    ...(/\bbitcoin\b/.test(q) ? ['Bitcoin'] : []),
    ...(/\bcash\b/.test(q) ? ['cash', 'Cash'] : []),
    ...(/\b(eth|ether)\b/.test(q) && !/\bethereum\b/.test(q) ? ['ETH'] : []),
  ];
  if (focus.length > 0) reading.focus = focus;
  else delete reading.focus;
  if (/\b(deposits?|income|inflows?|came in|received)\b/.test(q) && reading.intent === 'largest')
    reading.direction = 'in';
  const top = q.match(/\btop (\d+|three|five|ten)\b/);
  if (top?.[1]) reading.limit = { three: 3, five: 5, ten: 10 }[top[1]] ?? Number(top[1]);
  if (reading.intent === 'recurring')
    reading.subscriptionsOnly = /\bsubscriptions?\b|\bmemberships?\b/.test(q);
  if (reading.intent === 'crypto' || reading.intent === 'balances' || reading.intent === 'net_worth')
    delete reading.account;
  if (reading.intent === 'holdings') {
    reading.groupBy =
      /\basset class|\ballocation\b|\bdiversif|\bsplit\b|\bmix\b|\bstocks?,? (and|vs|versus)\b|\bcash\b/.test(
        q,
      )
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
