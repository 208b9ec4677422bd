import type { ConfirmProposalResponse, Proposal } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Budgets as a confirmed action (docs/decisions/0023-budgets.md), over HTTP: a proposed budget is
 * written only by the user's confirm, once (a replay answers the first outcome; another user's
 * proposal is unknown to them); a budget changed since the proposal refuses it; undo restores the
 * amount before, newest change first; Delete Data and account deletion take the budgets.
 */
describe.each(testDatabaseKinds())('budgets as confirmed actions on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;
  let turns = 0;
  const turn = () => ({ threadId: 'thread-budgets', queryId: `q-${++turns}` });

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Every budget and change of a user, as stored: what "writes nothing" compares. */
  async function written(userId: string) {
    const budgets = await t.rows<{ category_primary: string; monthly_amount: string }>(sql`
      select category_primary, monthly_amount::text as monthly_amount from budget
      where user_id = ${userId} order by category_primary`);
    const [changes] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from action_change where user_id = ${userId}`,
    );
    return {
      budgets: Object.fromEntries(budgets.map((row) => [row.category_primary, row.monthly_amount])),
      changes: Number(changes?.n),
    };
  }

  async function propose(category: string, amount: string | null, user = ada): Promise<Proposal> {
    const made = await t.services.actions.proposeBudget(user.user.id, turn(), { category, amount });
    if (!made.proposal) throw new Error(`nothing to propose for ${category}`);
    return made.proposal;
  }

  const confirm = (api: AccountsClient, proposal: Proposal, key: string) =>
    api.post<ConfirmProposalResponse & { code?: string }>('/agent/actions/confirm', {
      proposal_id: proposal.id,
      item_ids: proposal.items.map((item) => item.id),
      idempotency_key: key,
    });
  const undo = (api: AccountsClient, changeId: string | null | undefined) =>
    api.post<{ code?: string }>('/agent/actions/undo', { change_id: changeId });
  const changeOf = (answer: { body: ConfirmProposalResponse }) => answer.body.outcomes[0]?.change_id;

  it('proposes a budget from what is set now and writes nothing; the same amount again proposes nothing', async () => {
    const before = await written(ada.user.id);
    const proposal = await propose('FOOD_AND_DRINK', '400');
    expect(proposal.items).toEqual([
      expect.objectContaining({ kind: 'budget', category: 'FOOD_AND_DRINK', before: null, after: '400.00' }),
    ]);
    expect(proposal.items[0]?.description).toBe('Food and drink budget: no budget → $400.00 a month');
    expect((await propose('HOME_IMPROVEMENT', '12345.6')).items[0]?.description).toBe(
      'Home improvement budget: no budget → $12,345.60 a month',
    );
    const shown = await adaApi.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: proposal.id,
    });
    expect(shown.body.proposal).toEqual(proposal);
    expect(await written(ada.user.id)).toEqual(before);
    // Nothing to remove where no budget is set.
    expect(
      (await t.services.actions.proposeBudget(ada.user.id, turn(), { category: 'TRAVEL', amount: null }))
        .proposal,
    ).toBeNull();
  });

  it('confirms once: a replay answers the first outcome, another key is refused, neither writes', async () => {
    const proposal = await propose('ENTERTAINMENT', '120.5');
    const first = await confirm(adaApi, proposal, 'budget-confirm-01');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('confirmed');
    expect(first.body.agent_actions).toEqual([
      expect.objectContaining({ status: 'completed', description: proposal.items[0]?.description }),
    ]);
    const after = await written(ada.user.id);
    expect(after.budgets.ENTERTAINMENT).toBe('120.50');
    const replay = await confirm(adaApi, proposal, 'budget-confirm-01');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const other = await confirm(adaApi, proposal, 'budget-confirm-02');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('actions:proposal-closed');
    expect(await written(ada.user.id)).toEqual(after);
  });

  it("another user's proposal behaves like an unknown one, and writes nothing for either", async () => {
    const proposal = await propose('PERSONAL_CARE', '60');
    const before = { ada: await written(ada.user.id), bob: await written(bob.user.id) };
    const unknown = await confirm(bobApi, { ...proposal, id: 'prop_unknown' }, 'bob-budget-01');
    const theirs = await confirm(bobApi, proposal, 'bob-budget-01');
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.code).toBe('actions:proposal-not-found');
    expect({ ada: await written(ada.user.id), bob: await written(bob.user.id) }).toEqual(before);
    // Bob's own budget for the same category is his alone.
    expect((await confirm(bobApi, await propose('PERSONAL_CARE', '75', bob), 'bob-own-01')).status).toBe(200);
    expect((await written(bob.user.id)).budgets.PERSONAL_CARE).toBe('75.00');
    expect((await written(ada.user.id)).budgets.PERSONAL_CARE).toBeUndefined();
    expect((await confirm(adaApi, proposal, 'ada-budget-01')).status).toBe(200);
    expect((await written(ada.user.id)).budgets.PERSONAL_CARE).toBe('60.00');
  });

  it('refuses a proposal whose budget changed since, set or not, and writes nothing', async () => {
    // Proposed from "no budget", then one was set meanwhile.
    const first = await propose('TRAVEL', '300');
    const second = await propose('TRAVEL', '250');
    expect((await confirm(adaApi, second, 'travel-250-01')).status).toBe(200);
    const moved = await written(ada.user.id);
    const stale = await confirm(adaApi, first, 'travel-300-01');
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('actions:proposal-stale');
    expect(await written(ada.user.id)).toEqual(moved);
    // Proposed from $250, then changed to $200 meanwhile.
    const from250 = await propose('TRAVEL', '500');
    expect((await confirm(adaApi, await propose('TRAVEL', '200'), 'travel-200-01')).status).toBe(200);
    const now = await written(ada.user.id);
    const stale2 = await confirm(adaApi, from250, 'travel-500-01');
    expect(stale2.status).toBe(409);
    expect(stale2.body.code).toBe('actions:proposal-stale');
    expect(await written(ada.user.id)).toEqual(now);
    expect(now.budgets.TRAVEL).toBe('200.00');
  });

  it('two proposals from "no budget" confirmed at once: one sets it, the other is refused as stale', async () => {
    const proposals = [await propose('HOME_IMPROVEMENT', '100'), await propose('HOME_IMPROVEMENT', '200')];
    const answers = await Promise.all(
      proposals.map((proposal, i) => confirm(adaApi, proposal, `home-at-once-0${i}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.findIndex((answer) => answer.status === 200);
    expect(answers[1 - won]?.body.code).toBe('actions:proposal-stale');
    expect((await written(ada.user.id)).budgets.HOME_IMPROVEMENT).toBe(won === 0 ? '100.00' : '200.00');
  });

  it('undo restores the amount before, the newest change first, once; a removal is undone too', async () => {
    const set = await confirm(adaApi, await propose('GENERAL_SERVICES', '90'), 'services-90-01');
    const raised = await confirm(adaApi, await propose('GENERAL_SERVICES', '110'), 'services-110-01');
    expect((await written(ada.user.id)).budgets.GENERAL_SERVICES).toBe('110.00');
    const early = await undo(adaApi, changeOf(set));
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('actions:change-superseded');
    expect((await written(ada.user.id)).budgets.GENERAL_SERVICES).toBe('110.00');
    expect((await undo(adaApi, changeOf(raised))).status).toBe(200);
    expect((await written(ada.user.id)).budgets.GENERAL_SERVICES).toBe('90.00');
    const state = await written(ada.user.id);
    expect((await undo(adaApi, changeOf(raised))).status).toBe(200);
    expect(await written(ada.user.id)).toEqual(state);
    expect((await undo(adaApi, changeOf(set))).status).toBe(200);
    expect((await written(ada.user.id)).budgets.GENERAL_SERVICES).toBeUndefined();

    const removal = await propose('ENTERTAINMENT', null);
    expect(removal.items[0]).toMatchObject({ before: '120.50', after: null });
    const removed = await confirm(adaApi, removal, 'remove-ent-01');
    expect(removed.status).toBe(200);
    expect((await written(ada.user.id)).budgets.ENTERTAINMENT).toBeUndefined();
    expect((await undo(adaApi, changeOf(removed))).status).toBe(200);
    expect((await written(ada.user.id)).budgets.ENTERTAINMENT).toBe('120.50');
    // Another user's change is unknown to them.
    const theirs = await undo(bobApi, changeOf(removed));
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('actions:change-not-found');
  });

  it('Delete Data and account deletion take the budgets with them', async () => {
    expect(Object.keys((await written(ada.user.id)).budgets).length).toBeGreaterThan(0);
    expect((await adaApi.post('/db/delete-user-data', {})).status).toBe(200);
    expect(await written(ada.user.id)).toEqual({ budgets: {}, changes: 0 });
    expect(Object.keys((await written(bob.user.id)).budgets)).toEqual(['PERSONAL_CARE']);
    expect((await bobApi.post('/db/delete-user-account', {})).status).toBe(200);
    const [left] = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from budget where user_id = ${bob.user.id}`,
    );
    expect(left?.n).toBe(0);
  });
});
