export { describeModelError } from './model-error.ts';
export { runAgentTurn, type TurnOptions } from './run-turn.ts';
export type { FinanceToolRegistry, ToolRun, TurnEvent, TurnOutcome } from './types.ts';
