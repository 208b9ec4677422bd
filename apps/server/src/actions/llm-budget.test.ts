import type { ChatResponse, ConfirmProposalResponse, Proposal } from '@penny/contracts';
import {
  accountsClient,
  type ScriptedLlm,
  type SignedUpUser,
  startAppWithScriptedLlm,
  type TestApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The LLM path to a budget (docs/decisions/0023-budgets.md): a scripted OpenAI-compatible model calls
 * propose_budget; the turn ends asking with the stored proposal, no budget exists until the user
 * confirms, and a call the tool's schema refuses (a budget for income) proposes nothing.
 */
describe('a budget proposed by an LLM', () => {
  let llm: ScriptedLlm;
  let t: TestApp;
  let ada: SignedUpUser;

  beforeAll(async () => {
    ({ llm, t } = await startAppWithScriptedLlm());
    ada = await t.signUpVerifiedUser();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  const budgets = () =>
    t.rows<{ category_primary: string; monthly_amount: string }>(
      sql`select category_primary, monthly_amount::text as monthly_amount from budget where user_id = ${ada.user.id}`,
    );

  it('ends the turn asking with the proposal, and sets nothing until the confirm', async () => {
    const api = await accountsClient(t, ada);
    llm.script = [
      {
        kind: 'tool-calls',
        calls: [{ name: 'propose_budget', arguments: { category: 'FOOD_AND_DRINK', amount: 400 } }],
      },
      { kind: 'text', text: 'Confirm to set it.' },
    ];
    const asked = await api.post<ChatResponse>('/agent/chat', {
      message: 'Set a $400 dining budget',
      thread_id: 'thread-llm-budget',
      query_id: 'query-llm-budget',
      user_info: api.names,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('clarification_needed');
    expect(asked.body.proposal_id).toMatch(/^prop_/);
    expect(await budgets()).toEqual([]);
    const shown = await api.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: asked.body.proposal_id ?? '',
    });
    expect(shown.body.proposal.items).toEqual([
      expect.objectContaining({ kind: 'budget', category: 'FOOD_AND_DRINK', before: null, after: '400.00' }),
    ]);
    const confirmed = await api.post<ConfirmProposalResponse>('/agent/actions/confirm', {
      proposal_id: shown.body.proposal.id,
      item_ids: ['b1'],
      idempotency_key: 'llm-budget-confirm',
    });
    expect(confirmed.status).toBe(200);
    expect(await budgets()).toEqual([{ category_primary: 'FOOD_AND_DRINK', monthly_amount: '400.00' }]);
  }, 120_000);

  it('a call for a budget on income is refused by the schema and proposes nothing', async () => {
    const api = await accountsClient(t, ada);
    llm.script = [
      {
        kind: 'tool-calls',
        calls: [{ name: 'propose_budget', arguments: { category: 'INCOME', amount: 5 } }],
      },
      { kind: 'text', text: 'That did not work.' },
    ];
    const asked = await api.post<ChatResponse>('/agent/chat', {
      message: 'Budget my income',
      thread_id: 'thread-llm-budget-2',
      query_id: 'query-llm-budget-2',
      user_info: api.names,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.proposal_id).toBeUndefined();
    expect(asked.body.agent_actions.find((action) => action.tool === 'propose_budget')?.status).toBe('error');
    const [proposals] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from action_proposal where user_id = ${ada.user.id}`,
    );
    expect(proposals?.n).toBe(1);
  }, 120_000);
});
