import type { DslKnownBlock, ToolInput, ToolName } from '@penny/contracts';
import type { JSONValue } from 'ai';
import type { ActionsService } from '../../actions/index.ts';
import type { AnalyticsService } from '../../finance/index.ts';

/** Where a tool's figures came from: the answer states it ('from 3 accounts, Oct 1–31, 42 transactions'). */
export type ToolProvenance = {
  /** Display names of the accounts read. */
  accounts: string[];
  /** The period the figures cover, both ends included (ISO days). */
  period?: { start: string; end: string };
  /** Transactions the figures were computed from. */
  transactionCount: number;
};

/** What a block is for, so the answer can keep more or fewer of them (the user's Visuals and Numbers). */
export type ToolBlockRole = 'chart' | 'table' | 'figures';

export type ToolBlock = { role: ToolBlockRole; block: DslKnownBlock };

/** A tool's answer. Every number in it was computed in code from the ledger, never by a model. */
export type ToolResult<D extends JSONValue = JSONValue> = {
  /** The figures, structured (plain JSON): what a model reads, and what the offline analyst writes from. */
  data: D;
  /**
   * Plain sentences stating the key figures with their currency, e.g. 'Groceries in
   * October 2026: $412.35 across 9 transactions.' An LLM may quote them; the evaluation looks for them.
   */
  facts: string[];
  /** Ready DSL blocks, most important first. */
  blocks: ToolBlock[];
  provenance: ToolProvenance;
};

/**
 * The domain services the tools read: only the analytics, the same handlers the routes call. Named
 * from the finance module's own type, so the tools never depend on the registry that builds them.
 */
export type ToolServices = {
  analytics: AnalyticsService;
  /** Proposals only: a tool never executes a change (docs/decisions/0022). */
  actions: Pick<
    ActionsService,
    | 'proposeRecategorize'
    | 'proposeBudget'
    | 'proposeOrder'
    | 'proposeOrders'
    | 'openOrders'
    | 'proposeCancelOrders'
    | 'proposeRebalance'
  >;
};

/** What a tool runs with: the acting user (from the session), the services, and today's date. */
export type ToolContext = {
  userId: string;
  services: ToolServices;
  /** Today in the user's terms (YYYY-MM-DD): 'this month' and 'next expected' count from it. */
  today: string;
  /** The turn running the tool: what a proposal names as its origin. */
  turn?: { threadId: string; queryId: string };
  /**
   * Institutions whose transaction history is still arriving (a bank's first pull): the tools then
   * report that instead of figures over part of it (agent/loop/tool-set.ts).
   */
  historyArriving?: string[];
  signal?: AbortSignal;
};

/** One tool of the finance toolkit: its input schema is `toolInputSchemas[name]` in the contracts. */
export type FinanceTool<N extends ToolName = ToolName> = {
  name: N;
  /** What the tool does, for an LLM choosing tools. */
  description: string;
  /** The agent action's symbol (an emoji). */
  symbol: string;
  /** The agent action's description while it runs, e.g. 'Totalling spending by category for October 2026'. */
  describe(input: ToolInput<N>): string;
  execute(input: ToolInput<N>, context: ToolContext): Promise<ToolResult>;
};
