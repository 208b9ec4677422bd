import type { Context } from 'hono';

/** A fixed-window budget: at most `max` requests per `windowMs`. */
export type SandboxRateRule = { windowMs: number; max: number };

/**
 * What the server the fakes are mounted on tells them about a request (docs/decisions/0012). The fakes
 * stand in for vendors that authenticate their callers; the host knows who the browser is and counts.
 */
export type SandboxHost = {
  /**
   * The Penny user signed in on the browser calling a stand-in page (fake Link, the brokerage portal),
   * as each vendor knows them; undefined when nobody is. The host has already refused anonymous callers
   * on those pages; the fakes also check that the link session is this user's own.
   */
  browserUser(c: Context): { plaidUserId: string; snapTradeUserId: string } | undefined;
  /** Counts one request of `caller` (a bucket name) against `rule`; false once over it. */
  allow(caller: string, rule: SandboxRateRule): Promise<boolean>;
  /** The calling address, as the host resolved it (for the budget of callers without keys). */
  address(c: Context): string;
};

/**
 * Per-caller budgets: a caller without the installation's keys is counted by address and soon gets
 * 429 instead of 401; the installation itself (its keys) has a vendor-sized budget of its own.
 */
export const SANDBOX_RATE_RULES = {
  refusedPerAddress: { windowMs: 60_000, max: 60 },
  perClient: { windowMs: 60_000, max: 6_000 },
  /** The chain fakes (no keys, as the public services they stand in for): per address, as /db is. */
  publicPerAddress: { windowMs: 60_000, max: 1_200 },
} as const satisfies Record<string, SandboxRateRule>;
