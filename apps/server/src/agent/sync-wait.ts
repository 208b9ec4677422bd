import type { AgentAction, ChatStreamEvent } from '@penny/contracts';
import type { AccountsService } from '../finance/index.ts';

/** The longest a turn waits for the user's accounts to finish syncing before answering. */
export const SYNC_WAIT_MS = 20_000;

/** How often the ledger's sync state is read again while waiting. */
const POLL_MS = 250;

/**
 * Accounts linked a moment ago are still syncing: answering now would report empty figures. Waits
 * (a visible step) until the user's syncs finish, at most SYNC_WAIT_MS. Answers the ledger's stamp
 * as well, read by the same query, for the summary cache.
 */
export async function waitForSync(
  accounts: Pick<AccountsService, 'ledgerState'>,
  userId: string,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<{ waited: AgentAction | undefined; stamp: string }> {
  let state = await accounts.ledgerState(userId);
  if (state.syncing === 0) return { waited: undefined, stamp: state.stamp };
  const t0 = performance.now();
  const action: AgentAction = {
    id: 'sync-wait',
    status: 'started',
    description: 'Waiting for your accounts to finish syncing',
    symbol: '🔄',
  };
  onEvent({ type: 'action', action });
  while (performance.now() - t0 < SYNC_WAIT_MS && state.syncing > 0) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state = await accounts.ledgerState(userId);
  }
  const done: AgentAction = {
    ...action,
    status: 'completed',
    description:
      state.syncing > 0
        ? 'Some accounts are still syncing; figures may be incomplete'
        : 'Your accounts finished syncing',
    processing_time: Math.round(performance.now() - t0) / 1000,
  };
  onEvent({ type: 'action', action: done });
  return { waited: done, stamp: state.stamp };
}
