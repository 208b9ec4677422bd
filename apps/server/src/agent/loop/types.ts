import type { AgentAction, ToolName, TurnStatus } from '@penny/contracts';
import type { FinanceTool, ToolResult } from '../tools/types.ts';

/** What a turn streams while it runs: each agent action as it starts and ends, and the answer's text. */
export type TurnEvent = { type: 'action'; action: AgentAction } | { type: 'text'; delta: string };

/** A finance tool's run: its name, the input the AI SDK validated, and its full result. */
export type ToolRun = { tool: ToolName; input: unknown; result: ToolResult };

export type TurnOutcome = {
  status: TurnStatus;
  answer: string;
  actions: AgentAction[];
  results: ToolRun[];
  /** Set when the turn failed: a sentence safe to show (never a provider's raw error). */
  error?: string;
  timings: { totalMs: number; toolsMs: number };
};

/** The finance toolkit, one tool per name in the contracts (`agent/tools/registry.ts`). */
export type FinanceToolRegistry = { [N in ToolName]: FinanceTool<N> };
