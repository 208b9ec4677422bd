import type { ChatService } from '../chat/index.ts';
import type { AgentConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { SYNC_WAIT_MS } from './sync-wait.ts';

/**
 * Turns a stopped process left 'running' (a crash, a kill -9): while the server runs, a sweep marks
 * every turn older than its time limit plus a grace as interrupted, so the user sees it answered as
 * interrupted and a retry of its query id runs it again (docs/agent.md, "A turn"). Issue #19, finding 5.
 */
export const TURN_SWEEP = {
  /** How often the sweep runs. */
  intervalMs: 15_000,
  /** Past its time limit a live turn still saves its answer (a tool finishing, the final write). */
  graceMs: 30_000,
} as const;

/**
 * The longest a turn runs: the wait for the accounts' syncs, then the agent loop's own limit
 * (AGENT_TIMEOUT_MS). A turn is answered as interrupted at most graceMs + intervalMs (45 s) after it.
 */
export function turnTimeLimitMs(config: Pick<AgentConfig, 'timeoutMs'>): number {
  return SYNC_WAIT_MS + config.timeoutMs;
}

export type TurnSweep = {
  /** Stops the interval and waits for a sweep in progress. */
  stop(): Promise<void>;
};

/**
 * Sweeps once now (turns left by the previous process), then every intervalMs; the interval does not
 * keep the process alive. A failed sweep is logged and tried again at the next interval.
 */
export async function startTurnSweep(deps: {
  chat: Pick<ChatService, 'interruptStaleTurns'>;
  config: Pick<AgentConfig, 'timeoutMs'>;
  logger: Logger;
}): Promise<TurnSweep> {
  const olderThanMs = turnTimeLimitMs(deps.config) + TURN_SWEEP.graceMs;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    try {
      const interrupted = await deps.chat.interruptStaleTurns(olderThanMs);
      if (interrupted > 0) deps.logger.warn({ interrupted }, 'marked chat turns left running as interrupted');
    } catch (error) {
      deps.logger.error({ err: error }, 'the turn sweep failed');
    }
  };
  await sweep();
  const timer = setInterval(() => {
    // One sweep at a time: a slow database never stacks them up.
    running ??= sweep().finally(() => {
      running = undefined;
    });
  }, TURN_SWEEP.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
