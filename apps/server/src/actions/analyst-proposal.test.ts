import type { ChatResponse, ConfirmProposalResponse, Proposal } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Requests to act read by the offline analyst (docs/agent.md, "How a question is read"), through the real
 * agent over a sandbox bank: a budget or a re-categorisation asked for in words ends the turn asking
 * (clarification_needed) with a stored proposal, nothing written until the user confirms; a request
 * read only in part is asked back with what was understood, and proposes nothing.
 */
describe('requests to act, read by the offline analyst', () => {
  let t: TestApp;
  let ada: SignedUpUser;
  let api: AccountsClient;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    ada = await t.signUpVerifiedUser();
    api = await accountsClient(t, ada);
    expect((await api.linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<ChatResponse> {
    n += 1;
    const answer = await api.post<ChatResponse>('/agent/chat', {
      message,
      thread_id: `thread-act-${n}`,
      query_id: `query-act-${n}`,
      user_info: api.names,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  const proposalOf = async (id: string | undefined) =>
    (await api.get<{ proposal: Proposal }>('/agent/actions/proposal', { proposal_id: id ?? '' })).body
      .proposal;
  const confirmAll = (proposal: Proposal, key: string) =>
    api.post<ConfirmProposalResponse>('/agent/actions/confirm', {
      proposal_id: proposal.id,
      item_ids: proposal.items.map((item) => item.id),
      idempotency_key: key,
    });
  const budgets = () =>
    t.rows<{ category_primary: string; monthly_amount: string }>(
      sql`select category_primary, monthly_amount::text as monthly_amount from budget where user_id = ${ada.user.id}`,
    );
  const ownCategories = async () =>
    (
      await t.rows<{ n: number }>(
        sql`select count(*)::int as n from ledger_transaction where user_id = ${ada.user.id} and user_category_primary is not null`,
      )
    )[0]?.n;

  it('"set a $400 dining budget": a proposal, nothing written until the confirm, then the budget', async () => {
    const asked = await ask('set a $400 dining budget');
    expect(asked.status).toBe('clarification_needed');
    expect(asked.agent_actions.find((action) => action.tool === 'propose_budget')?.status).toBe('completed');
    expect(asked.proposal_id).toMatch(/^prop_/);
    expect(asked.answer).toContain(
      'Proposed: set the Food and drink budget to $400.00 a month (now no budget). Nothing changes until you confirm.',
    );
    expect(asked.answer).toContain('I read "dining" as "the Food and drink budget".');
    expect(await budgets()).toEqual([]);
    const proposal = await proposalOf(asked.proposal_id);
    expect(proposal.items).toEqual([
      expect.objectContaining({ kind: 'budget', category: 'FOOD_AND_DRINK', before: null, after: '400.00' }),
    ]);
    expect((await confirmAll(proposal, 'dining-400-confirm')).status).toBe(200);
    expect(await budgets()).toEqual([{ category_primary: 'FOOD_AND_DRINK', monthly_amount: '400.00' }]);
  });

  it('"how am i doing on my budgets": budget_status, each budget against the month', async () => {
    const asked = await ask('how am i doing on my budgets');
    expect(asked.status).toBe('completed');
    expect(asked.proposal_id).toBeUndefined();
    expect(asked.agent_actions.find((action) => action.tool === 'budget_status')?.status).toBe('completed');
    expect(asked.answer).toMatch(/Food and drink: \$[\d,]+\.\d{2} spent of \$400\.00/);
  });

  it('"categorise all uber as transportation": every Uber transaction proposed, none changed', async () => {
    const [uber] = await t.rows<{ n: number }>(sql`
      select count(*)::int as n from ledger_transaction
      where user_id = ${ada.user.id} and merchant = 'Uber'
        and not (category_primary = 'TRANSPORTATION' and category_detailed is null)`);
    expect(uber?.n).toBeGreaterThan(0);
    const asked = await ask('categorise all uber as transportation');
    expect(asked.status).toBe('clarification_needed');
    expect(asked.agent_actions.find((action) => action.tool === 'propose_recategorize')?.status).toBe(
      'completed',
    );
    const proposal = await proposalOf(asked.proposal_id);
    expect(proposal.items).toHaveLength(uber?.n ?? 0);
    expect(
      proposal.items.every(
        (item) =>
          item.kind === 'transaction_category' &&
          item.transaction.merchant === 'Uber' &&
          item.after.category === 'TRANSPORTATION',
      ),
    ).toBe(true);
    expect(await ownCategories()).toBe(0);
  });

  it('"that <merchant> charge was groceries": the merchant\'s transactions proposed as groceries', async () => {
    const [merchant] = await t.rows<{ merchant: string; n: number }>(sql`
      select merchant, count(*)::int as n from ledger_transaction
      where user_id = ${ada.user.id} and merchant is not null and merchant <> 'Uber'
        and category_detailed is distinct from 'FOOD_AND_DRINK_GROCERIES'
      group by merchant order by count(*), merchant limit 1`);
    const asked = await ask(`that ${merchant?.merchant} charge was groceries`);
    expect(asked.status).toBe('clarification_needed');
    const proposal = await proposalOf(asked.proposal_id);
    expect(proposal.items.length).toBe(merchant?.n);
    expect(proposal.items[0]).toMatchObject({
      kind: 'transaction_category',
      after: { category: 'FOOD_AND_DRINK', category_detailed: 'FOOD_AND_DRINK_GROCERIES' },
    });
    expect(await ownCategories()).toBe(0);
  });

  it('a request it cannot read completely is asked back with what it understood, proposing nothing', async () => {
    const before = await t.rows(sql`select id from action_proposal where user_id = ${ada.user.id}`);
    const unknown = await ask('set a $250 budget for zorbles');
    expect(unknown.status).toBe('clarification_needed');
    expect(unknown.proposal_id).toBeUndefined();
    expect(unknown.answer).toContain(
      'I understood a monthly budget of $250.00, but not the category "zorbles".',
    );
    const noAmount = await ask('set a groceries budget');
    expect(noAmount.status).toBe('clarification_needed');
    expect(noAmount.answer).toContain(
      'I understood a monthly budget for Food and drink, but not the amount. How much a month, for example "$400 a month"?',
    );
    const noMerchant = await ask('categorise all blorbco as groceries');
    expect(noMerchant.answer).toContain('no merchant of yours is called "blorbco"');
    expect(await t.rows(sql`select id from action_proposal where user_id = ${ada.user.id}`)).toEqual(before);
    expect(await budgets()).toEqual([{ category_primary: 'FOOD_AND_DRINK', monthly_amount: '400.00' }]);
  });
});
