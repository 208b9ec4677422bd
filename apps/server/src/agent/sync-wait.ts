import { type AgentAction, type ChatStreamEvent, historyMessages } from '@penny/contracts';
import type { AccountsService } from '../finance/index.ts';

/** The longest a turn waits for the user's accounts to finish syncing before answering. */
export const SYNC_WAIT_MS = 20_000;

/** How often the ledger's sync state is read again while waiting. */
const POLL_MS = 250;

type SyncWait = {
  /** The steps shown: the wait for running syncs, and a history still arriving. */
  steps: AgentAction[];
  /** Institutions whose first pull is still bringing their history: no answer from part of it. */
  arriving: string[];
  stamp: string;
};

/**
 * Accounts linked a moment ago are still syncing: answering now would report empty figures. Waits
 * (a visible step) until the user's syncs finish, at most SYNC_WAIT_MS. A bank whose provider is
 * still fetching its history (its first pull) is a step of its own: the turn then says so instead
 * of answering. Answers the ledger's stamp as well, read by the same query, for the summary cache.
 */
export async function waitForSync(
  accounts: Pick<AccountsService, 'ledgerState'>,
  userId: string,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<SyncWait> {
  const first = await accounts.ledgerState(userId);
  const { waited, state } =
    first.syncing === 0
      ? { waited: undefined, state: first }
      : await waitForRunningSyncs(accounts, userId, onEvent, first);
  const steps = waited ? [waited] : [];
  if (state.arriving.length > 0) {
    const arriving: AgentAction = {
      id: 'history-arriving',
      status: 'completed',
      description: `${historyMessages.arrivingStep} (${state.arriving.join(', ')})`,
      symbol: '⏳',
    };
    onEvent({ type: 'action', action: arriving });
    steps.push(arriving);
  }
  return { steps, arriving: state.arriving, stamp: state.stamp };
}

type LedgerState = Awaited<ReturnType<AccountsService['ledgerState']>>;

async function waitForRunningSyncs(
  accounts: Pick<AccountsService, 'ledgerState'>,
  userId: string,
  onEvent: (event: ChatStreamEvent) => void,
  first: LedgerState,
): Promise<{ waited: AgentAction; state: LedgerState }> {
  let state = first;
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
  return { waited: done, state };
}
