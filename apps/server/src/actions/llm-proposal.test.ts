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
 * The LLM path to a proposal: a scripted OpenAI-compatible model asks Penny to re-categorise a
 * merchant; the turn ends asking (clarification_needed) with a stored proposal naming it, nothing
 * in the ledger changes until the user confirms, and the confirm then moves exactly those rows.
 */
describe('a re-categorise proposal made by an LLM', () => {
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

  it('ends the turn asking, stores the proposal, and writes nothing until the confirm', async () => {
    const api = await accountsClient(t, ada);
    expect((await api.linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
    const [top] = await t.rows<{ merchant: string; count: number | string }>(sql`
      select merchant, count(*) as count from ledger_transaction
      where user_id = ${ada.user.id} and merchant is not null and category_primary <> 'ENTERTAINMENT'
      group by merchant having count(distinct category_primary) = 1 order by count(*) desc, merchant limit 1`);
    const merchant = top?.merchant ?? '';
    llm.script = [
      {
        kind: 'tool-calls',
        calls: [{ name: 'propose_recategorize', arguments: { text: merchant, category: 'ENTERTAINMENT' } }],
      },
      { kind: 'text', text: 'Confirm to move them.' },
    ];
    const asked = await api.post<ChatResponse>('/agent/chat', {
      message: `Categorise all ${merchant} as entertainment`,
      thread_id: 'thread-llm-proposal',
      query_id: 'query-llm-proposal',
      user_info: api.names,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.status).toBe('clarification_needed');
    expect(asked.body.agent_actions.find((action) => action.tool === 'propose_recategorize')?.status).toBe(
      'completed',
    );
    const [stored] = await t.rows<{ id: string; thread_id: string; query_id: string }>(
      sql`select id, thread_id, query_id from action_proposal where user_id = ${ada.user.id}`,
    );
    expect(stored).toMatchObject({ thread_id: 'thread-llm-proposal', query_id: 'query-llm-proposal' });
    expect(asked.body.proposal_id).toBe(stored?.id);
    const own = sql`select count(*)::int as n from ledger_transaction where user_category_primary is not null`;
    expect((await t.rows<{ n: number }>(own))[0]?.n).toBe(0);

    const shown = await api.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: stored?.id ?? '',
    });
    expect(shown.body.proposal.items).toHaveLength(Number(top?.count));
    const confirmed = await api.post<ConfirmProposalResponse>('/agent/actions/confirm', {
      proposal_id: stored?.id,
      item_ids: shown.body.proposal.items.map((item) => item.id),
      idempotency_key: 'llm-proposal-confirm',
    });
    expect(confirmed.status).toBe(200);
    const moved = await t.rows<{ category_primary: string }>(sql`
      select category_primary from ledger_transaction where user_id = ${ada.user.id} and merchant = ${merchant}`);
    expect(moved.length).toBe(Number(top?.count));
    expect(moved.every((row) => row.category_primary === 'ENTERTAINMENT')).toBe(true);
  }, 120_000);
});
