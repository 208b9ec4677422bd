import { actionMessages, PROPOSAL_ITEM_KINDS, type ProposalItemKind } from '@penny/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { tables } from '../db/index.ts';
import { ServiceError } from '../services/errors.ts';
import { itemExecutors } from './executors.ts';
import type { ActionsDeps } from './proposals.ts';

const { actionChange } = tables;

const isKind = (kind: string): kind is ProposalItemKind =>
  (PROPOSAL_ITEM_KINDS as readonly string[]).includes(kind);

/**
 * Undoes one executed change, once: undoing it again answers the same and writes nothing. Another
 * user's change behaves like an unknown one; a change changed again since is refused (the later one
 * first), writing nothing.
 */
export async function undoChange(
  deps: ActionsDeps,
  userId: string,
  changeId: string,
): Promise<{ change_id: string; status: 'undone' }> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(actionChange)
      .where(and(eq(actionChange.id, changeId), eq(actionChange.userId, userId)))
      .for('update');
    if (!row || !isKind(row.kind)) {
      throw new ServiceError('actions:change-not-found', actionMessages.changeNotFound);
    }
    const undo = itemExecutors[row.kind].undo;
    // A kind that cannot be undone answers no change id (confirm.ts): its change is not one to name.
    if (!undo) throw new ServiceError('actions:change-not-found', actionMessages.changeNotFound);
    if (row.undoneAt === null) {
      const outcome = await undo(tx, userId, row.undo);
      if (outcome === 'superseded') {
        throw new ServiceError('actions:change-superseded', actionMessages.changeSuperseded);
      }
      await tx
        .update(actionChange)
        .set({ undoneAt: new Date() })
        .where(
          and(eq(actionChange.id, changeId), eq(actionChange.userId, userId), isNull(actionChange.undoneAt)),
        );
    }
    return { change_id: changeId, status: 'undone' as const };
  });
}
