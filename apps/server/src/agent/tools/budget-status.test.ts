import {
  type DslKnownBlock,
  dslObjectSchema,
  type ToolInput,
  type ToolName,
  toolInputSchemas,
} from '@penny/contracts';
import {
  accountsClient,
  createTestApp,
  firstOfMonth,
  lastOfMonth,
  micros,
  microsText,
  type SignedUpUser,
  type TestApp,
  testDatabaseKinds,
} from '@penny/server/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel } from '../../finance/index.ts';
import { financeTools } from './index.ts';
import type { ToolContext, ToolResult } from './types.ts';

/**
 * budget_status and propose_budget against a user with a sandbox bank. Budgets are set the way a user
 * sets them (the tool's proposal, then the confirm); every figure is checked against plain integer
 * arithmetic over the raw ledger rows read here, never against the analytics the tool uses.
 */

type Raw = {
  id: number;
  date: string;
  usd: bigint | null;
  primary: string | null;
  detailed: string | null;
  pending: boolean;
};

const NOT_SPENDING = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'INVESTMENT']);
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** '$1,234.56' by Intl, not the tools' formatter. */
const dollars = (text: string) => dollarFormat.format(Number(text));
/** Cents as a decimal string with two places. */
const centsText = (cents: bigint) => microsText(cents * 10_000n);
/** a ÷ b (b > 0) rounded half away from zero. */
const divRound = (a: bigint, b: bigint) => (a < 0n ? -((-a * 2n + b) / (2n * b)) : (a * 2n + b) / (2n * b));
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

describe.each(testDatabaseKinds())('budgets in the toolkit on %s', (database) => {
  let t: TestApp;
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let today: string;
  let raw: Raw[];
  let turns = 0;

  async function readRaw(userId: string): Promise<Raw[]> {
    const rows = await t.rows<{
      id: string | number;
      date: string;
      usd: string | null;
      category_primary: string | null;
      category_detailed: string | null;
      pending: boolean;
    }>(sql`
      select id, date::text as date, category_primary, category_detailed, pending,
        coalesce(amount_usd::text, case when currency = 'USD' then amount::text end) as usd
      from ledger_transaction where user_id = ${userId}`);
    return rows.map((row) => ({
      id: Number(row.id),
      date: row.date,
      usd: row.usd === null ? null : micros(row.usd),
      primary: row.category_primary,
      detailed: row.category_detailed,
      pending: row.pending,
    }));
  }

  /** Spending of a primary category over a period, in cents: -Σ the posted spending rows. */
  function spentCents(rows: readonly Raw[], code: string, start: string, end: string): bigint {
    let total = 0n;
    for (const row of rows) {
      if (row.pending || row.usd === null || row.date < start || row.date > end) continue;
      if (
        row.primary !== code ||
        NOT_SPENDING.has(code) ||
        row.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'
      )
        continue;
      total -= row.usd;
    }
    return micros(microsText(total)) / 10_000n;
  }

  beforeAll(async () => {
    t = await createTestApp({ database, listen: true });
    ada = await t.signUpVerifiedUser();
    bob = await t.signUpVerifiedUser();
    expect((await (await accountsClient(t, ada)).linkBank('ins_109508')).status).toBe(200);
    expect((await (await accountsClient(t, bob)).linkBank('ins_109509')).status).toBe(200);
    await t.services.sync.settled();
    raw = await readRaw(ada.user.id);
    today =
      raw
        .map((row) => row.date)
        .sort()
        .at(-1) ?? '2000-01-01';
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const context = (userId = ada.user.id): ToolContext => ({
    userId,
    services: t.services,
    today,
    turn: { threadId: 'thread-budget-tools', queryId: `q-${++turns}` },
  });

  async function run<N extends ToolName>(name: N, input: Partial<ToolInput<N>>, userId?: string) {
    const parsed = toolInputSchemas[name].parse(input) as ToolInput<N>;
    const tool = financeTools[name] as unknown as {
      execute(input: ToolInput<N>, context: ToolContext): Promise<ToolResult>;
    };
    const result = await tool.execute(parsed, context(userId));
    for (const { block } of result.blocks) expect(dslObjectSchema.safeParse(block).success).toBe(true);
    return result;
  }

  /** Sets a budget as the user does: propose_budget, then the confirm of its one item. */
  async function setBudget(code: string, cents: bigint) {
    const proposed = await run('propose_budget', { category: code, amount: centsText(cents) });
    const data = proposed.data as { proposal_id: string | null };
    expect(data.proposal_id).not.toBeNull();
    await t.services.actions.confirm(ada.user.id, {
      proposalId: data.proposal_id ?? '',
      itemIds: ['b1'],
      idempotencyKey: `set-${code}-${cents}`,
    });
  }

  const budgetRows = () =>
    t.rows<{ category_primary: string; monthly_amount: string }>(
      sql`select category_primary, monthly_amount::text as monthly_amount from budget where user_id = ${ada.user.id} order by 1`,
    );

  it('propose_budget proposes and writes nothing; the same amount again proposes nothing', async () => {
    const proposed = await run('propose_budget', { category: 'ENTERTAINMENT', amount: 400 });
    const data = proposed.data as { proposal_id: string | null; before: string | null; after: string | null };
    expect(data).toMatchObject({ before: null, after: '400.00' });
    expect(proposed.facts[0]).toBe(
      'Proposed: set the Entertainment budget to $400.00 a month (now no budget). Nothing changes until you confirm.',
    );
    expect(await budgetRows()).toEqual([]);
    await t.services.actions.confirm(ada.user.id, {
      proposalId: data.proposal_id ?? '',
      itemIds: ['b1'],
      idempotencyKey: 'entertainment-400',
    });
    expect(await budgetRows()).toEqual([{ category_primary: 'ENTERTAINMENT', monthly_amount: '400.00' }]);
    const again = await run('propose_budget', { category: 'ENTERTAINMENT', amount: '400' });
    expect((again.data as { proposal_id: string | null }).proposal_id).toBeNull();
    expect(again.facts).toEqual(['The Entertainment budget already is $400.00 a month: nothing to change.']);
  });

  it("budget_status: each budget against this month's spending, what is left and the pace, by plain arithmetic", async () => {
    const start = `${today.slice(0, 7)}-01`;
    const spentThisMonth = new Map<string, bigint>();
    for (const row of raw) {
      if (row.primary && !spentThisMonth.has(row.primary))
        spentThisMonth.set(row.primary, spentCents(raw, row.primary, start, today));
    }
    const spending = [...spentThisMonth]
      .filter(([, cents]) => cents > 0n)
      .sort((a, b) => Number(b[1] - a[1]));
    const [first, second] = spending;
    expect(first && second).toBeTruthy();
    // The largest: half its spending (over budget); the second: ten times it (on track).
    await setBudget(first?.[0] ?? '', (first?.[1] ?? 0n) / 2n);
    await setBudget(second?.[0] ?? '', (second?.[1] ?? 0n) * 10n);

    const result = await run('budget_status', {});
    const budgets = await budgetRows();
    const elapsed = BigInt(dayNumber(today) - dayNumber(start) + 1);
    const days = BigInt(dayNumber(lastOfMonth(today)) - dayNumber(start) + 1);
    const table = result.blocks.find((b) => b.block.type === 'table')?.block as Extract<
      DslKnownBlock,
      { type: 'table' }
    >;
    let totalSpent = 0n;
    let totalBudget = 0n;
    for (const { category_primary: code, monthly_amount: amount } of budgets) {
      const budget = micros(amount) / 10_000n;
      const spent = spentCents(raw, code, start, today);
      totalSpent += spent;
      totalBudget += budget;
      const pace = divRound(budget * elapsed, days);
      const label = categoryLabel(code);
      const left = budget - spent;
      const fact = result.facts.find((f) => f.startsWith(`${label}:`)) ?? '';
      expect(fact).toContain(`${label}: ${dollars(centsText(spent))} spent of ${dollars(centsText(budget))}`);
      expect(fact).toContain(
        left < 0n ? `${dollars(centsText(-left))} over` : `${dollars(centsText(left))} left`,
      );
      expect(fact).toContain(`an even pace allows ${dollars(centsText(pace))}`);
      const paceWords =
        left < 0n
          ? 'over budget'
          : spent > pace
            ? `${dollars(centsText(spent - pace))} ahead of pace`
            : 'under pace';
      expect(fact).toContain(paceWords);
      const row = (table.rows as Array<Record<string, unknown>>).find((r) => r.category === label);
      expect(row).toMatchObject({
        budget: Number(centsText(budget)),
        spent: Number(centsText(spent)),
        left: Number(centsText(left)),
        pace: Number(centsText(pace)),
        used: Number(divRound(spent * 1000n, budget)) / 10,
      });
    }
    expect(table.rows).toHaveLength(budgets.length);
    expect(result.facts.find((f) => f.startsWith(`${categoryLabel(first?.[0] ?? '')}:`))).toContain(
      'over budget',
    );
    expect(result.facts[0]).toContain(
      `${dollars(centsText(totalSpent))} spent of ${dollars(centsText(totalBudget))} budgeted across ${budgets.length} categories`,
    );
    expect(result.facts[0]).toContain(`(${elapsed} day${elapsed === 1n ? '' : 's'} of ${days}`);
    expect(result.provenance.transactionCount).toBeGreaterThan(0);
  });

  it('counts the effective category: a transaction re-categorised into a budgeted one moves its spending', async () => {
    const start = `${today.slice(0, 7)}-01`;
    const before = await run('budget_status', {});
    const moved = raw.find(
      (row) =>
        !row.pending &&
        row.usd !== null &&
        row.usd < 0n &&
        row.date >= start &&
        row.primary !== 'ENTERTAINMENT' &&
        !NOT_SPENDING.has(row.primary ?? '') &&
        row.detailed !== 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
    );
    expect(moved).toBeDefined();
    const made = await t.services.actions.proposeRecategorize(
      ada.user.id,
      context().turn ?? { threadId: '', queryId: '' },
      {
        match: 'merchant',
        transactionId: String(moved?.id),
        category: 'ENTERTAINMENT',
        rule: false,
      },
    );
    await t.services.actions.confirm(ada.user.id, {
      proposalId: made.proposal?.id ?? '',
      itemIds: made.proposal?.items.map((item) => item.id) ?? [],
      idempotencyKey: 'move-into-entertainment',
    });
    const after = await run('budget_status', {});
    const line = (result: ToolResult) =>
      (result.data as { budgets: Array<{ code: string; spent: string }> }).budgets.find(
        (b) => b.code === 'ENTERTAINMENT',
      )?.spent ?? '';
    expect(micros(line(after)) - micros(line(before))).toBe(-(moved?.usd ?? 0n));
  });

  it('a past month counts its whole month; another user sees none of these budgets', async () => {
    raw = await readRaw(ada.user.id);
    const start = firstOfMonth(today, 1);
    const end = lastOfMonth(start);
    const past = await run('budget_status', { month: start.slice(0, 7) });
    const data = past.data as {
      period: { start: string; end: string };
      budgets: Array<{ code: string; spent: string }>;
    };
    expect(data.period).toEqual({ start, end });
    for (const line of data.budgets) {
      expect(line.spent).toBe(centsText(spentCents(raw, line.code, start, end)));
    }
    expect(past.facts.join('\n')).not.toContain('even pace');
    const theirs = await run('budget_status', {}, bob.user.id);
    expect(theirs.blocks).toEqual([]);
    expect(theirs.facts).toEqual([
      'You have no budgets set yet. You can ask me to set one, for example "set a $400 dining budget".',
    ]);
    await expect(run('budget_status', { month: firstOfMonth(today, -1).slice(0, 7) })).rejects.toThrow(
      'Budgets can be checked for this month or a past one.',
    );
  });
});
