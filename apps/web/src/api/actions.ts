import {
  agentEndpoints,
  type ConfirmProposalResponse,
  type EndpointResponse,
  type Proposal,
} from '@penny/contracts';
import type { AccountUserInfo } from './accounts.ts';
import { callEndpoint } from './endpoint-client.ts';

/**
 * The agent service's confirmed-actions calls (docs/api.md, "Confirmed actions"): read a proposal, confirm
 * the selected items once (idempotency key), cancel, undo an executed change. Bodies are sealed by the
 * request wrapper; failures throw the wrapper's HttpError carrying the server's sentence.
 */

/** The user as every action call names them (compared with the session by the server). */
export type ActionUserInfo = AccountUserInfo;

export const actionKeys = {
  all: ['actions'] as const,
  proposal: (user: ActionUserInfo, proposalId: string) =>
    ['actions', user.username, user.firstName, user.lastName, 'proposal', proposalId] as const,
};

/** GET /agent/actions/proposal: the proposal the Confirm popup shows. */
export async function fetchProposal(
  user: ActionUserInfo,
  proposalId: string,
  signal?: AbortSignal,
): Promise<Proposal> {
  const reply = await callEndpoint(
    agentEndpoints.getProposal,
    { ...user, proposal_id: proposalId },
    signal ? { signal } : {},
  );
  return reply.proposal;
}

/**
 * POST /agent/actions/confirm with exactly the selected item ids. The same key sent again answers the
 * first outcome and writes nothing, so one key per popup opening makes a retry harmless.
 */
export function confirmProposal(
  user: ActionUserInfo,
  request: { proposalId: string; itemIds: readonly string[]; idempotencyKey: string },
): Promise<ConfirmProposalResponse> {
  return callEndpoint(agentEndpoints.confirmProposal, {
    ...user,
    proposal_id: request.proposalId,
    item_ids: [...request.itemIds],
    idempotency_key: request.idempotencyKey,
  });
}

/** POST /agent/actions/cancel: writes nothing else; cancelling twice is the same as once. */
export function cancelProposal(
  user: ActionUserInfo,
  proposalId: string,
): Promise<EndpointResponse<typeof agentEndpoints.cancelProposal>> {
  return callEndpoint(agentEndpoints.cancelProposal, { ...user, proposal_id: proposalId });
}

/** POST /agent/actions/undo: restores what one executed change replaced. */
export function undoChange(
  user: ActionUserInfo,
  changeId: string,
): Promise<EndpointResponse<typeof agentEndpoints.undoChange>> {
  return callEndpoint(agentEndpoints.undoChange, { ...user, change_id: changeId });
}
