/**
 * What the analyst knows of the user's own data (from the turn's context): their accounts, the
 * categories their transactions carry and their merchants. Words in a question are matched against
 * these, fuzzily, so 'starbuck', 'Whole Foods' and 'eating out' find what the user has.
 */
export type ContextAccount = {
  id: string;
  name: string;
  platform: string;
  kind: string;
  institution?: string | null;
  /** Wallets: sol, eth or btc. */
  chain?: string | null;
  /** The detailed categories of its posted transactions. */
  categories?: string[];
};
export type ContextCategory = { code: string; label: string; count: number };
export type ContextMerchant = { name: string; count: number };

export type TurnContext = {
  today: string;
  accounts: ContextAccount[];
  categories: ContextCategory[];
  merchants: ContextMerchant[];
  /** Held securities and coins (`crypto`: held in a wallet). */
  securities?: Array<{ ticker: string | null; name: string; crypto?: boolean }>;
  /**
   * The first and last day of the posted history (docs/agent.md, "History bounds"); the first day of
   * spending or income (a wallet's transfers may start earlier); the day of the latest paycheck.
   */
  history?: {
    first: string | null;
    last: string | null;
    moneyFirst?: string | null;
    lastPaycheck?: string | null;
  };
};
