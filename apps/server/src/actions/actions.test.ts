import { type ConfirmProposalResponse, type Proposal, toolInputSchemas } from '@penny/contracts';
import {
  type AccountsClient,
  accountsClient,
  createTestApp,
  micros,
  microsText,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeTools } from '../agent/tools/index.ts';

/**
 * Confirmed actions over HTTP, on a user with a sandbox bank: the agent's re-categorise proposal,
 * confirmed once (replayed, clicked twice, by another user, expired, stale: none writes anything),
 * kept across a sync that re-sends the transactions, and undone. Every figure is checked against
 * plain arithmetic over the raw rows (the provider's categories plus the changes this test made),
 * never against the analytics the product uses.
 */

type Raw = {
  id: number;
  providerPrimary: string | null;
  providerDetailed: string | null;
  usd: bigint | null;
  pending: boolean;
  date: string;
};

const NOT_SPENDING = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);

/** Spending per primary category: the provider's category, or the one this test set (detailed then null). */
function referenceSpending(rows: readonly Raw[], set: ReadonlyMap<number, string>): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const row of rows) {
    if (row.pending || row.usd === null) continue;
    const own = set.get(row.id);
    const primary = own ?? row.providerPrimary ?? '';
    const detailed = own ? null : row.providerDetailed;
    if (NOT_SPENDING.has(primary) || detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT') continue;
    totals.set(primary, (totals.get(primary) ?? 0n) - row.usd);
  }
  return totals;
}

describe.each(testDatabaseKinds())('confirmed actions on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let adaApi: AccountsClient;
  let bobApi: AccountsClient;
  let raw: Raw[];
  let span: { start: string; end: string };
  /** Merchants with several spending transactions, all in one category. */
  let merchants: Array<{ merchant: string; primary: string; count: number }>;
  let turnCount = 0;

  const turn = () => ({ threadId: 'thread-actions', queryId: `q-${++turnCount}` });
  const targetFor = (primary: string) => (primary === 'ENTERTAINMENT' ? 'TRAVEL' : 'ENTERTAINMENT');

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    adaApi = await accountsClient(t, ada);
    bobApi = await accountsClient(t, bob);
    expect((await adaApi.linkBank('ins_109508')).status).toBe(200);
    await t.services.sync.settled();
    const rows = await t.rows<{
      id: string | number;
      provider_category_primary: string | null;
      provider_category_detailed: string | null;
      usd: string | null;
      pending: boolean;
      date: string;
    }>(sql`
      select id, provider_category_primary, provider_category_detailed, pending, date::text as date,
        coalesce(amount_usd::text, case when currency = 'USD' then amount::text end) as usd
      from ledger_transaction where user_id = ${ada.user.id}`);
    raw = rows.map((row) => ({
      id: Number(row.id),
      providerPrimary: row.provider_category_primary,
      providerDetailed: row.provider_category_detailed,
      usd: row.usd === null ? null : micros(row.usd),
      pending: row.pending,
      date: row.date,
    }));
    const days = raw.map((row) => row.date).sort();
    span = { start: days[0] ?? '2000-01-01', end: days.at(-1) ?? '2000-01-01' };
    merchants = (
      await t.rows<{ merchant: string; primary: string; count: number | string }>(sql`
        select merchant, min(category_primary) as primary, count(*) as count
        from ledger_transaction
        where user_id = ${ada.user.id} and merchant is not null
          and category_primary not in ('INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT')
        group by merchant
        having count(distinct category_primary) = 1 and count(*) >= 3
        order by count(*) desc, merchant`)
    ).map((row) => ({ ...row, count: Number(row.count) }));
    expect(merchants.length).toBeGreaterThanOrEqual(5);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The user's own categories and rules, as stored: what "writes nothing" compares. */
  async function written() {
    const [own] = await t.rows<{ own: string }>(sql`
      select coalesce(string_agg(id::text || '=' || user_category_primary, ',' order by id), '') as own
      from ledger_transaction where user_category_primary is not null`);
    const [counts] = await t.rows<{ rules: number | string; changes: number | string }>(sql`
      select (select count(*) from category_rule) as rules, (select count(*) from action_change) as changes`);
    return { own: own?.own, rules: Number(counts?.rules), changes: Number(counts?.changes) };
  }

  async function figures() {
    const spending = await t.services.analytics.spendingByCategory(ada.user.id, span);
    return new Map(spending.categories.map((category) => [category.code ?? '', micros(category.amount)]));
  }

  /** The product's figures equal the reference over the raw rows with `set` applied. */
  async function expectFigures(set: ReadonlyMap<number, string>) {
    const reference = referenceSpending(raw, set);
    const product = await figures();
    for (const [code, total] of reference) {
      if (total === 0n) continue;
      expect(microsText(product.get(code) ?? 0n), code).toBe(microsText(total));
    }
  }

  async function propose(merchant: string, category: string, rule = false): Promise<Proposal> {
    const made = await t.services.actions.proposeRecategorize(ada.user.id, turn(), {
      match: 'merchant',
      text: merchant,
      category,
      rule,
    });
    if (!made.proposal) throw new Error(`nothing to propose for ${merchant}`);
    return made.proposal;
  }

  const confirm = (api: AccountsClient, body: Record<string, unknown>) =>
    api.post<ConfirmProposalResponse & { code?: string }>('/agent/actions/confirm', body);

  it('the tool proposes every matching transaction, and writes nothing', async () => {
    const { merchant, primary } = merchants[0] ?? { merchant: '', primary: '' };
    const before = await written();
    const input = toolInputSchemas.propose_recategorize.parse({
      text: merchant.toUpperCase(),
      category: targetFor(primary),
      rule: true,
    });
    const result = await financeTools.propose_recategorize.execute(input, {
      userId: ada.user.id,
      services: t.services,
      today: span.end,
      turn: turn(),
    });
    const expected = await t.rows<{ id: string | number }>(sql`
      select id from ledger_transaction
      where user_id = ${ada.user.id} and lower(merchant) = ${merchant.toLowerCase()}`);
    expect(result.data.listed).toBe(expected.length);
    const proposalId = result.data.proposal_id ?? '';
    const shown = await adaApi.get<{ proposal: Proposal }>('/agent/actions/proposal', {
      proposal_id: proposalId,
    });
    expect(shown.status).toBe(200);
    const ids = shown.body.proposal.items.flatMap((item) =>
      item.kind === 'transaction_category' ? [Number(item.transaction.id)] : [],
    );
    expect(ids.sort()).toEqual(expected.map((row) => Number(row.id)).sort());
    expect(shown.body.proposal.items.at(-1)?.kind).toBe('category_rule');
    expect(shown.body.proposal.status).toBe('open');
    expect(await written()).toEqual(before);
  });

  it('confirms exactly the selected items once; a replay answers the first outcome and writes nothing', async () => {
    const { merchant, primary } = merchants[1] ?? { merchant: '', primary: '' };
    const target = targetFor(primary);
    const proposal = await propose(merchant, target);
    const [skipped, ...kept] = proposal.items;
    const body = {
      proposal_id: proposal.id,
      item_ids: kept.map((item) => item.id),
      idempotency_key: 'confirm-key-0001',
    };
    const before = await written();
    const first = await confirm(adaApi, body);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('confirmed');
    const executed = first.body.outcomes.filter((outcome) => outcome.status === 'executed');
    expect(executed.map((outcome) => outcome.item_id)).toEqual(kept.map((item) => item.id));
    expect(first.body.outcomes.find((outcome) => outcome.item_id === skipped?.id)?.status).toBe(
      'not_selected',
    );
    expect(first.body.agent_actions).toHaveLength(kept.length);
    const after = await written();
    expect(after.changes).toBe(before.changes + kept.length);
    const set = new Map(
      kept.flatMap((item) =>
        item.kind === 'transaction_category' ? [[Number(item.transaction.id), target]] : [],
      ),
    );
    await expectFigures(set);
    // The Accounts page's transactions show the new category (the same effective column).
    const [one] = [...set.keys()];
    const [row] = await t.rows<{ category_primary: string }>(
      sql`select category_primary from ledger_transaction where id = ${one}`,
    );
    expect(row?.category_primary).toBe(target);

    const replay = await confirm(adaApi, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await written()).toEqual(after);
    const otherKey = await confirm(adaApi, { ...body, idempotency_key: 'confirm-key-0002' });
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.code).toBe('actions:proposal-closed');
    expect(await written()).toEqual(after);

    // Undo restores the figures, once.
    const state = await written();
    for (const outcome of executed) {
      const undone = await adaApi.post('/agent/actions/undo', { change_id: outcome.change_id });
      expect(undone.status).toBe(200);
    }
    await expectFigures(new Map());
    const again = await adaApi.post('/agent/actions/undo', { change_id: executed[0]?.change_id });
    expect(again.status).toBe(200);
    expect((await written()).changes).toBe(state.changes);
    expect((await written()).own).toBe(before.own);
  });

  it('two confirms at once execute once and both answer the same outcome', async () => {
    const { merchant, primary } = merchants[2] ?? { merchant: '', primary: '' };
    const proposal = await propose(merchant, targetFor(primary));
    const body = {
      proposal_id: proposal.id,
      item_ids: proposal.items.map((item) => item.id),
      idempotency_key: 'double-click-0001',
    };
    const before = await written();
    const answers = await Promise.all([confirm(adaApi, body), confirm(adaApi, body), confirm(adaApi, body)]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]?.body);
    }
    expect((await written()).changes).toBe(before.changes + proposal.items.length);
  });

  it("another user's proposal behaves like an unknown one, and nothing is written", async () => {
    const { merchant, primary } = merchants[3] ?? { merchant: '', primary: '' };
    const proposal = await propose(merchant, targetFor(primary));
    const before = await written();
    const body = {
      proposal_id: proposal.id,
      item_ids: [proposal.items[0]?.id],
      idempotency_key: 'bob-tries-0001',
    };
    const unknown = await confirm(bobApi, { ...body, proposal_id: 'prop_unknown' });
    const theirs = await confirm(bobApi, body);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
    expect(theirs.body.code).toBe('actions:proposal-not-found');
    expect((await bobApi.get('/agent/actions/proposal', { proposal_id: proposal.id })).status).toBe(404);
    expect((await bobApi.post('/agent/actions/cancel', { proposal_id: proposal.id })).status).toBe(404);
    // Ada's payload names Ada: Bob sending it is refused before any lookup.
    expect(
      (await bobApi.post('/agent/actions/confirm', { ...body, username: ada.user.username })).status,
    ).toBe(403);
    expect(await written()).toEqual(before);
    // And the proposal is still Ada's to confirm.
    expect((await confirm(adaApi, { ...body, idempotency_key: 'ada-confirms-0001' })).status).toBe(200);
  });

  it('refuses an expired proposal, an unknown item, and a transaction re-categorised meanwhile', async () => {
    const { merchant, primary } = merchants[4] ?? { merchant: '', primary: '' };
    const expired = await propose(merchant, targetFor(primary));
    await t.rows(
      sql`update action_proposal set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const before = await written();
    const late = await confirm(adaApi, {
      proposal_id: expired.id,
      item_ids: expired.items.map((item) => item.id),
      idempotency_key: 'too-late-0001',
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('actions:proposal-expired');
    expect(await written()).toEqual(before);

    const first = await propose(merchant, targetFor(primary));
    const second = await propose(merchant, 'GENERAL_SERVICES');
    const unknownItem = await confirm(adaApi, {
      proposal_id: first.id,
      item_ids: ['t1', 'no-such-item'],
      idempotency_key: 'unknown-item-0001',
    });
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.body.code).toBe('actions:unknown-item');
    expect(await written()).toEqual(before);

    const meanwhile = await confirm(adaApi, {
      proposal_id: second.id,
      item_ids: [second.items[0]?.id],
      idempotency_key: 'meanwhile-0001',
    });
    expect(meanwhile.status).toBe(200);
    const moved = await written();
    const stale = await confirm(adaApi, {
      proposal_id: first.id,
      item_ids: first.items.map((item) => item.id),
      idempotency_key: 'stale-0001',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('actions:proposal-stale');
    expect(await written()).toEqual(moved);
  });

  it('cancel and an empty selection write nothing', async () => {
    const { merchant, primary } = merchants[0] ?? { merchant: '', primary: '' };
    const before = await written();
    const empty = await propose(merchant, 'GENERAL_SERVICES');
    const none = await confirm(adaApi, {
      proposal_id: empty.id,
      item_ids: [],
      idempotency_key: 'nothing-0001',
    });
    expect(none.status).toBe(200);
    expect(none.body.status).toBe('cancelled');
    expect(none.body.outcomes.every((outcome) => outcome.status === 'not_selected')).toBe(true);
    const cancelled = await propose(merchant, targetFor(primary));
    const answer = await adaApi.post('/agent/actions/cancel', { proposal_id: cancelled.id });
    expect(answer.status).toBe(200);
    expect((await adaApi.post('/agent/actions/cancel', { proposal_id: cancelled.id })).status).toBe(200);
    const after = await confirm(adaApi, {
      proposal_id: cancelled.id,
      item_ids: cancelled.items.map((item) => item.id),
      idempotency_key: 'after-cancel-0001',
    });
    expect(after.status).toBe(409);
    expect(after.body.code).toBe('actions:proposal-closed');
    expect(await written()).toEqual(before);
  });

  it("keeps the user's categories across a sync that re-sends every transaction and a re-link, and rules meet new ones", async () => {
    const { merchant, primary } = merchants[0] ?? { merchant: '', primary: '' };
    const target = targetFor(primary);
    const proposal = await propose(merchant, target, true);
    const [one] = proposal.items;
    const ruleItem = proposal.items.find((item) => item.kind === 'category_rule');
    const confirmed = await confirm(adaApi, {
      proposal_id: proposal.id,
      item_ids: [one?.id, ruleItem?.id],
      idempotency_key: 'keep-across-sync-0001',
    });
    expect(confirmed.status).toBe(200);
    const own = await t.rows<{ id: string | number }>(
      sql`select id from ledger_transaction where user_id = ${ada.user.id} and user_category_primary is not null`,
    );
    // Every match but one is filed by the rule alone: delete those rows, so the sync brings them as new.
    await t.rows(sql`
      delete from ledger_transaction
      where user_id = ${ada.user.id} and lower(merchant) = ${merchant.toLowerCase()} and user_category_primary is null`);
    const [connection] = await t.rows<{ id: string }>(
      sql`select id from connection where user_id = ${ada.user.id} and platform = 'plaid'`,
    );
    await t.rows(sql`update connection set sync_cursor = null where id = ${connection?.id ?? ''}`);
    expect(await t.services.sync.startSync(ada.user.id, connection?.id ?? '')).toBe('started');
    await t.services.sync.settled();

    const rows = await t.rows<{
      id: string | number;
      category_primary: string | null;
      provider_category_primary: string | null;
      user_category_primary: string | null;
    }>(sql`
      select id, category_primary, provider_category_primary, user_category_primary from ledger_transaction
      where user_id = ${ada.user.id} and lower(merchant) = ${merchant.toLowerCase()}`);
    expect(rows.length).toBe(merchants[0]?.count);
    for (const row of rows) {
      expect(row.category_primary).toBe(target);
      expect(row.provider_category_primary).toBe(primary);
    }
    const stillOwn = await t.rows<{ id: string | number }>(
      sql`select id from ledger_transaction where user_id = ${ada.user.id} and user_category_primary is not null`,
    );
    expect(stillOwn.map((row) => Number(row.id)).sort()).toEqual(own.map((row) => Number(row.id)).sort());

    // A re-link (update mode, as after an expired login) keeps the connection, its rows and their categories.
    const [named] = await t.rows<{ name: string }>(
      sql`select name from connection where id = ${connection?.id ?? ''}`,
    );
    await t.rows(sql`update connection set sync_cursor = null where id = ${connection?.id ?? ''}`);
    const token = await adaApi.connect<{ link_token: string }>(
      '/create_link_token',
      { account_name: named?.name ?? '' },
      { form: true },
    );
    const link = await adaApi.sandbox<{ public_token: string }>('/plaid/link/public_token', {
      link_token: token.body.link_token,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    const relinked = await adaApi.connect<{ account_name: string }>(
      '/set_access_token',
      { public_token: link.body.public_token },
      { form: true },
    );
    expect(relinked.body.account_name).toBe(named?.name);
    await t.services.sync.settled();
    const afterRelink = await t.rows<{ category_primary: string | null }>(sql`
      select category_primary from ledger_transaction
      where user_id = ${ada.user.id} and lower(merchant) = ${merchant.toLowerCase()}`);
    expect(afterRelink.length).toBe(merchants[0]?.count);
    expect(afterRelink.every((row) => row.category_primary === target)).toBe(true);
    const ownAfterRelink = await t.rows<{ id: string | number }>(
      sql`select id from ledger_transaction where user_id = ${ada.user.id} and user_category_primary is not null`,
    );
    expect(ownAfterRelink.length).toBe(own.length);

    // Undoing the rule and the one transaction gives the provider's category back to all of them.
    for (const outcome of confirmed.body.outcomes.filter((item) => item.change_id !== null)) {
      expect((await adaApi.post('/agent/actions/undo', { change_id: outcome.change_id })).status).toBe(200);
    }
    const back = await t.rows<{ category_primary: string | null }>(sql`
      select category_primary from ledger_transaction
      where user_id = ${ada.user.id} and lower(merchant) = ${merchant.toLowerCase()}`);
    expect(back.every((row) => row.category_primary === primary)).toBe(true);
  });
  it("Delete Data takes the user's proposals, changes and rules with it", async () => {
    const { merchant, primary } = merchants[1] ?? { merchant: '', primary: '' };
    const proposal = await propose(merchant, targetFor(primary), true);
    const rule = proposal.items.find((item) => item.kind === 'category_rule');
    expect(
      (
        await confirm(adaApi, {
          proposal_id: proposal.id,
          item_ids: [rule?.id],
          idempotency_key: 'before-erase-01',
        })
      ).status,
    ).toBe(200);
    expect((await adaApi.post('/db/delete-user-data', {})).status).toBe(200);
    const [left] = await t.rows<{ n: number }>(sql`
      select (select count(*) from action_proposal where user_id = ${ada.user.id})
        + (select count(*) from action_change where user_id = ${ada.user.id})
        + (select count(*) from category_rule where user_id = ${ada.user.id}) as n`);
    expect(Number(left?.n)).toBe(0);
  });
});
