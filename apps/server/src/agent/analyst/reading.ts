import type { ToolInput, ToolName } from '@penny/contracts';
import type { Period } from './periods.ts';
import type { Shape } from './shape.ts';
import type { ContextAccount } from './turn-context.ts';

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
  'summary',
  'afford',
  'cut_back',
  // Budgets against this month's spending (requests-to-act.ts).
  'budgets',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Intents a ledger query can answer when the question has a shape (shape.ts). */
export const LEDGER_INTENTS: ReadonlySet<Intent> = new Set<Intent>([
  'spending',
  'merchants',
  'income',
  'cash_flow',
  'largest',
  'search',
]);

export type Reading = {
  intent: Intent;
  period?: Period;
  category?: { code: string; label: string };
  merchant?: string;
  /** Several categories compared ('groceries or restaurants'): each one's figure. */
  categories?: Array<{ code: string; label: string }>;
  /** Several merchants named together ('target and amazon'): their total together. */
  merchants?: string[];
  account?: ContextAccount;
  /** Every account of a kind ('investment': what the investments paid), when no one account is named. */
  accountKind?: string;
  /** The subject of the reading before, when a follow-up moved to another ('uber' then 'lyft?'), for 'combined?'. */
  subjectBefore?: { merchant?: string; category?: { code: string; label: string } };
  /** The names an answer listed in order ('1. Starbucks: …'), so 'the first one' can name one. */
  listed?: string[];
  /** The one account the question named, kept for a follow-up's 'it' even where the tool reads all. */
  namedAccount?: ContextAccount;
  direction?: 'in' | 'out';
  limit?: number;
  groupBy?: 'asset_class' | 'security' | 'account';
  subscriptionsOnly?: boolean;
  /** Recurring payments also set against a usual month's spending or income ('what % of my spending is subscriptions'). */
  shareOf?: 'spending' | 'income';
  numbers?: Record<string, number>;
  /** Coins the question named, for the wallets' answer ('link and uni together'). */
  coins?: string[];
  /** Names the answer should dwell on (an account, a wallet, a ticker): facts naming them come first. */
  focus?: string[];
  /**
   * A balance over a period or on a past day (balance_history), not today's: asked over time ('has it
   * grown'), at a period named (only a past one: 'my card balance this month' is today's), or since
   * the start of this year ('what was it at the start of the year').
   */
  balanceHistory?: 'over_time' | 'period' | 'to_today' | 'this_month' | 'this_year';
  /** The question's shape when it asks more than a plain total (shape.ts). */
  shape?: Shape;
  /**
   * The period was not named but chosen (this month so far), and said in the answer: a follow-up keeps
   * it ('per visit?'), unless its own shape chooses another (a series, an average per month).
   */
  periodDefaulted?: boolean;
  /** The period the question before was about, when this one moved to another (for 'those 2'). */
  periodBefore?: Period;
  /** Two periods for a comparison, in the question's order. */
  periods?: Period[];
  /** Near spellings the question was read with ('groceris' as 'groceries'): the answer says so. */
  corrections?: Array<[string, string]>;
  /** Words to find in descriptions, when the question names no known category or merchant. */
  text?: string;
  /**
   * The question asked back because the subject was not known ('gas' with no fuel bought): a short
   * follow-up that still names none ('per month?') is asked again, not answered without it.
   */
  unresolved?: string;
  /** The periods a thread asked about in turn, latest last (for 'all 3'). */
  periodsAsked?: Period[];
  /** What a listed search was asked to count ('how many times did I pay my card'): the answer leads with it. */
  counted?: string;
  /** What the total leaves out ('besides rent'): only the ledger query can. */
  excluded?: { categories: Array<{ code: string; label: string }>; merchants: string[] };
};

export type ToolCall = { [N in ToolName]: { tool: N; input: Partial<ToolInput<N>> } }[ToolName];

export type Plan =
  | { kind: 'tools'; reading: Reading; calls: ToolCall[] }
  | { kind: 'clarify'; question: string; reading?: Reading }
  | { kind: 'decline'; reason: string };
