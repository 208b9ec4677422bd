import type { ConfirmProposalResponse, Proposal } from '@penny/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  type ActionUserInfo,
  actionKeys,
  cancelProposal,
  confirmProposal,
  fetchProposal,
  serverErrorMessage,
  undoChange,
} from '../../api/index.ts';
import { Button, Checkbox, Dialog, DialogContent, DialogFooter, Skeleton } from '../../ui/index.ts';
import {
  closedReason,
  confirmMessages,
  confirmTitle,
  itemChange,
  LIST_MAX_HEIGHT_PX,
  outcomeWords,
} from './proposal-items.ts';

export type ConfirmPopupProps = {
  proposalId: string;
  user: ActionUserInfo;
  /** The popup is done (cancelled, closed, or closed after confirming); the caller unmounts it. */
  onClose: () => void;
  /** The server executed the selection: the caller records the outcome and refreshes what it changed. */
  onConfirmed?: (response: ConfirmProposalResponse) => void;
  /** One executed change was undone: the caller refreshes what it changed. */
  onUndone?: () => void;
};

/**
 * The Confirm popup (docs/api.md, "Confirmed actions"): the one way Penny changes anything for the user.
 * Every item starts selected; Confirm sends exactly the selected ids with one idempotency key per
 * opening (mount), so a double click or a retry executes nothing twice. Mount it per proposal (keyed).
 */
export function ConfirmPopup({ proposalId, user, onClose, onConfirmed, onUndone }: ConfirmPopupProps) {
  const proposal = useQuery({
    queryKey: actionKeys.proposal(user, proposalId),
    queryFn: ({ signal }) => fetchProposal(user, proposalId, signal),
    retry: false,
  });
  const title = proposal.data
    ? confirmTitle(proposal.data.items.map((item) => item.kind))
    : confirmMessages.title;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent title={title} description={confirmMessages.description} hideClose>
        {proposal.data ? (
          <ProposalForm
            proposal={proposal.data}
            user={user}
            onClose={onClose}
            onConfirmed={onConfirmed}
            onUndone={onUndone}
          />
        ) : proposal.isError ? (
          <>
            <p role="alert" className="text-sm text-negative">
              {serverErrorMessage(proposal.error, confirmMessages.loadFailed)}
            </p>
            <DialogFooter>
              <Button variant="secondary" onClick={onClose}>
                {confirmMessages.close}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">{confirmMessages.loading}</span>
            <Skeleton className="h-12 w-full rounded-lg" />
            <Skeleton className="h-12 w-full rounded-lg" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

type ProposalFormProps = {
  proposal: Proposal;
  user: ActionUserInfo;
  onClose: () => void;
  onConfirmed: ((response: ConfirmProposalResponse) => void) | undefined;
  onUndone: (() => void) | undefined;
};

function ProposalForm({ proposal, user, onClose, onConfirmed, onUndone }: ProposalFormProps) {
  // One key per opening: the server answers a repeated key with the first outcome, writing nothing.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [selected, setSelected] = useState<ReadonlySet<string>>(
    () => new Set(proposal.items.map((item) => item.id)),
  );
  const [busy, setBusy] = useState<'confirm' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ConfirmProposalResponse | null>(null);
  // State updates land after a render; a second click in the same tick must still see the first.
  const inFlight = useRef(false);
  const closed = closedReason[proposal.status];

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirm = async () => {
    if (inFlight.current || selected.size === 0) return;
    inFlight.current = true;
    setBusy('confirm');
    setError(null);
    try {
      const itemIds = proposal.items.map((item) => item.id).filter((id) => selected.has(id));
      const response = await confirmProposal(user, { proposalId: proposal.id, itemIds, idempotencyKey });
      setResult(response);
      onConfirmed?.(response);
    } catch (failure) {
      setError(serverErrorMessage(failure, confirmMessages.confirmFailed));
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy('cancel');
    try {
      await cancelProposal(user, proposal.id);
    } catch {
      // Nothing was written either way, and an unanswered proposal expires on its own.
    } finally {
      inFlight.current = false;
    }
    onClose();
  };

  if (result) return <Outcomes result={result} user={user} onClose={onClose} onUndone={onUndone} />;

  return (
    <>
      {closed ? (
        <p role="alert" className="text-sm text-warning">
          {closed}
        </p>
      ) : null}
      <ul
        aria-label={confirmMessages.listLabel}
        style={{ maxHeight: LIST_MAX_HEIGHT_PX }}
        className="flex flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border"
      >
        {proposal.items.map((item) => {
          const change = itemChange(item);
          return (
            <li key={item.id} className="px-3 py-2.5">
              <Checkbox
                checked={selected.has(item.id)}
                disabled={closed !== null || busy !== null}
                onCheckedChange={(value) => toggle(item.id, value === true)}
                label={
                  <span className="flex flex-col gap-0.5">
                    <span className="font-medium">{change.subject}</span>{' '}
                    <span className="flex flex-wrap items-center gap-1.5 text-text-muted">
                      <span>{change.before}</span> <ArrowRight aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">to</span> <span className="text-text">{change.after}</span>
                    </span>
                  </span>
                }
              />
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-negative">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        {closed ? (
          <Button variant="secondary" onClick={onClose}>
            {confirmMessages.close}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => void cancel()} disabled={busy !== null}>
              {confirmMessages.cancel}
            </Button>
            <Button
              onClick={() => void confirm()}
              disabled={selected.size === 0 || busy === 'cancel'}
              loading={busy === 'confirm'}
              busyLabel={confirmMessages.confirming}
            >
              {confirmMessages.confirm}
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}

/** The outcome's word in the action statuses' colours (docs/product/chat.md, "Action status"): done green, failed red. */
const outcomeColour = {
  executed: 'text-positive',
  not_selected: 'text-text-muted',
  failed: 'text-negative',
} as const satisfies Record<ConfirmProposalResponse['outcomes'][number]['status'], string>;

type OutcomesProps = {
  result: ConfirmProposalResponse;
  user: ActionUserInfo;
  onClose: () => void;
  onUndone: (() => void) | undefined;
};

/**
 * Each item's outcome; an executed change that can be undone (a category, a rule, a budget: not a
 * placed order, whose outcome names no change) has its Undo, which restores what it replaced.
 */
function Outcomes({ result, user, onClose, onUndone }: OutcomesProps) {
  const [undone, setUndone] = useState<ReadonlySet<string>>(new Set());
  const [undoing, setUndoing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const undo = async (changeId: string) => {
    if (undoing) return;
    setUndoing(changeId);
    setError(null);
    try {
      await undoChange(user, changeId);
      setUndone((current) => new Set(current).add(changeId));
      onUndone?.();
    } catch (failure) {
      setError(serverErrorMessage(failure, confirmMessages.undoFailed));
    } finally {
      setUndoing(null);
    }
  };
  return (
    <>
      <ul
        aria-label={confirmMessages.outcomesLabel}
        style={{ maxHeight: LIST_MAX_HEIGHT_PX }}
        className="flex flex-col divide-y divide-border overflow-y-auto rounded-lg border border-border"
      >
        {result.outcomes.map((outcome) => {
          const change = outcome.change_id;
          const wasUndone = change !== null && undone.has(change);
          return (
            <li key={outcome.item_id} className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm">
              <span>{outcome.description}</span>
              <span className="flex shrink-0 items-center gap-2">
                <span className={wasUndone ? 'text-text-muted' : outcomeColour[outcome.status]}>
                  {wasUndone ? confirmMessages.undone : outcomeWords[outcome.status]}
                </span>
                {change !== null && outcome.status === 'executed' && !wasUndone ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${confirmMessages.undo}: ${outcome.description}`}
                    disabled={undoing !== null}
                    loading={undoing === change}
                    busyLabel={confirmMessages.undoing}
                    onClick={() => void undo(change)}
                  >
                    {confirmMessages.undo}
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-negative">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button onClick={onClose}>{confirmMessages.close}</Button>
      </DialogFooter>
    </>
  );
}
