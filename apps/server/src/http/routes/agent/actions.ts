import { agentEndpoints } from '@penny/contracts';
import type { Hono } from 'hono';
import type { DomainServices } from '../../../domain-services.ts';
import type { AppEnv } from '../../context.ts';
import { type EndpointMountOptions, mountEndpoint } from '../../endpoint.ts';
import { assertSameUser } from '../../identity-guard.ts';

/**
 * Confirmed actions (docs/api.md, "Confirmed actions"): the agent's proposals, confirmed or cancelled by
 * their owner, and each executed change undone.
 */
export function mountActionRoutes(
  router: Hono<AppEnv>,
  actions: DomainServices['actions'],
  mount: EndpointMountOptions,
): void {
  const e = agentEndpoints;
  mountEndpoint(
    router,
    e.getProposal,
    async (input, c) => ({
      success: true,
      proposal: await actions.proposal(assertSameUser(c, input).id, input.proposal_id),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.confirmProposal,
    async (input, c) => ({
      success: true,
      ...(await actions.confirm(assertSameUser(c, input).id, {
        proposalId: input.proposal_id,
        itemIds: input.item_ids,
        idempotencyKey: input.idempotency_key,
      })),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.cancelProposal,
    async (input, c) => ({
      success: true,
      ...(await actions.cancel(assertSameUser(c, input).id, input.proposal_id)),
    }),
    mount,
  );
  mountEndpoint(
    router,
    e.undoChange,
    async (input, c) => ({
      success: true,
      ...(await actions.undo(assertSameUser(c, input).id, input.change_id)),
    }),
    mount,
  );
}
