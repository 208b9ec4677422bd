import { resourceMessages } from '@penny/contracts';
import { useCallback } from 'react';
import { toast } from '../../ui/index.ts';

/** What a fork starts from: the saved or shown visualization and where it came from. */
export type ForkSource = {
  threadId?: string | null | undefined;
  queryId?: string | null | undefined;
  dslObjects: readonly unknown[];
};

/**
 * Starts a new chat from a visualization (spec: "Start a new chat from this"). The fork call
 * (POST /db/fork-chat) belongs to the chat issue, which wires it here; until then the action says
 * 'Cannot start a new chat from here.'
 */
export function useForkVisualization(): (source: ForkSource) => void {
  return useCallback((_source: ForkSource) => {
    toast.error(resourceMessages.forkUnavailable, { id: 'fork-unavailable' });
  }, []);
}
