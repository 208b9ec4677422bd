// Request shapes of the confirmed actions (docs/api.md, "Confirmed actions"): the user's own proposal and
// change mostly, so the handlers are reached and succeed; the other user's (which must behave like
// unknown ones); any id; hostile values in every field.

import fc from 'fast-check';
import { P } from './placeholders.ts';
import { body, query, type Shape } from './shape.ts';
import { hostileValue, idArb, who } from './values.ts';

const ownMostly = (own: string, other: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(own) },
    { weight: 3, arbitrary: fc.constant(other) },
    { weight: 1, arbitrary: idArb },
    { weight: 1, arbitrary: hostileValue },
  );
const proposalId = ownMostly(P.proposalId, P.otherProposalId);
const changeId = ownMostly(P.changeId, P.otherChangeId);

/** The seeded proposal's one item, none (a cancel), unknown or repeated ids, or hostile values. */
const itemIds = fc.oneof(
  { weight: 4, arbitrary: fc.constant(['rule']) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.constant(['rule', 'rule']) },
  { weight: 1, arbitrary: fc.array(idArb, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.constant('t1'), { minLength: 201, maxLength: 205 }) },
  { weight: 1, arbitrary: hostileValue },
);
const idempotencyKey = fc.oneof(
  { weight: 4, arbitrary: fc.uuid().map((id) => `confirm-${id}`) },
  { weight: 1, arbitrary: fc.constantFrom('fuzz-confirm-fixed', 'short') },
  { weight: 1, arbitrary: hostileValue },
);

export const actionShapes: Record<string, fc.Arbitrary<Shape>> = {
  'GET /agent/actions/proposal': query(
    fc.tuple(who, proposalId).map(([names, proposal_id]) => ({ ...names, proposal_id })),
  ),
  'POST /agent/actions/confirm': body(
    fc
      .tuple(who, proposalId, itemIds, idempotencyKey)
      .map(([names, proposal_id, item_ids, idempotency_key]) => ({
        ...names,
        proposal_id,
        item_ids,
        idempotency_key,
      })),
  ),
  'POST /agent/actions/cancel': body(
    fc.tuple(who, proposalId).map(([names, proposal_id]) => ({ ...names, proposal_id })),
  ),
  'POST /agent/actions/undo': body(
    fc.tuple(who, changeId).map(([names, change_id]) => ({ ...names, change_id })),
  ),
};
