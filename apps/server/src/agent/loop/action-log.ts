import type { AgentAction } from '@penny/contracts';

/**
 * The turn's agent actions by id, in the order they started. Each is emitted when it starts and again
 * when it ends, with its time in seconds.
 */
export type ActionLog = {
  begin(id: string, action: Omit<AgentAction, 'id' | 'status'>): void;
  /** Ends a started action with a status (and what it did); an unknown id is ignored. */
  end(id: string, status: string, details?: StepDetails): void;
  get(id: string): AgentAction | undefined;
  /** Ends every action still running as an error: '<description>: stopped'. */
  stopRunning(): void;
  list(): AgentAction[];
};

/** What a finished step did: a new description, and its one-line summary. */
export type StepDetails = { description?: string; summary?: string };

export function createActionLog(onAction: (action: AgentAction) => void): ActionLog {
  const actions = new Map<string, AgentAction>();
  const startedAt = new Map<string, number>();
  const emit = (id: string, action: AgentAction) => {
    actions.set(id, action);
    onAction(action);
  };
  const end = (id: string, status: string, details: StepDetails = {}) => {
    const previous = actions.get(id);
    if (!previous) return;
    const seconds = (performance.now() - (startedAt.get(id) ?? performance.now())) / 1000;
    emit(id, {
      ...previous,
      status,
      ...(details.description ? { description: details.description } : {}),
      ...(details.summary ? { summary: details.summary } : {}),
      processing_time: Math.round(seconds * 1000) / 1000,
    });
  };
  return {
    begin(id, action) {
      startedAt.set(id, performance.now());
      emit(id, { id, status: 'started', ...action });
    },
    end,
    get: (id) => actions.get(id),
    stopRunning() {
      for (const [id, action] of actions) {
        if (action.status === 'started') end(id, 'error', { description: `${action.description}: stopped` });
      }
    },
    list: () => [...actions.values()],
  };
}
