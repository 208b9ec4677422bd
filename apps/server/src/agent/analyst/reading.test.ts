import type { LedgerQueryInput } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from './normalize.ts';
import { type Plan, type Reading, understand } from './understand.ts';
import { createMatcher, type TurnContext } from './vocabulary.ts';

/**
 * Kinds of reading (docs/agent.md, "How a question is read"): each case is one kind — a shape, a
 * decline, an ask-back — checked on the plan, before any tool runs.
 */
const context: TurnContext = {
  today: '2026-11-26',
  accounts: [
    {
      id: 'a1',
      name: 'Plaid Checking',
      platform: 'plaid',
      kind: 'checking',
      institution: 'First Platypus Bank',
    },
    {
      id: 'a3',
      name: 'Plaid Credit Card',
      platform: 'plaid',
      kind: 'credit',
      institution: 'First Platypus Bank',
    },
  ],
  categories: [
    { code: 'FOOD_AND_DRINK_GROCERIES', label: 'Groceries', count: 40 },
    { code: 'FOOD_AND_DRINK_RESTAURANT', label: 'Restaurants', count: 30 },
    { code: 'FOOD_AND_DRINK', label: 'Food and drink', count: 90 },
    { code: 'TRANSPORTATION_GAS', label: 'Gas', count: 12 },
  ],
  merchants: [
    { name: 'Whole Foods Market', count: 12 },
    { name: 'Starbucks', count: 20 },
    { name: 'Amazon', count: 30 },
  ],
  securities: [{ ticker: 'VTI', name: 'Vanguard Total Stock Market ETF' }],
  history: { first: '2024-11-27', last: '2026-11-25' },
};
const matcher = createMatcher(context);
const read = (q: string, previous?: Reading) => understand(q, context, matcher, previous, false);

function ledger(plan: Plan): LedgerQueryInput {
  if (plan.kind !== 'tools') throw new Error(`expected tools, got ${plan.kind}: ${JSON.stringify(plan)}`);
  const call = plan.calls.find((c) => c.tool === 'ledger_query');
  if (!call) throw new Error(`no ledger query in ${JSON.stringify(plan.calls)}`);
  return call.input as LedgerQueryInput;
}

describe('chat spellings and near spellings', () => {
  it('writes out abbreviations and corrects near spellings of its own words', () => {
    expect(normalizeQuestion('how much did u spnd on groceris rn').text).toBe(
      'how much did you spend on groceries right now',
    );
    expect(normalizeQuestion('avg txns per wk').text).toBe('average transactions per week');
  });
});

describe('shares name their whole', () => {
  it('of income: spending on a merchant as a share of income', () => {
    expect(ledger(read('how much of my paycheck am i blowing on amazon this year'))).toMatchObject({
      measure: 'spending',
      statistic: 'share',
      share_of: 'income',
      filters: { merchants: ['Amazon'] },
    });
  });
  it("of a category's spending: the part within it", () => {
    expect(ledger(read('groceries - what portion of my food spending are they this year'))).toMatchObject({
      statistic: 'share',
      share_within: ['FOOD_AND_DRINK'],
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
  });
  it('of the number of purchases when purchases are what is counted', () => {
    expect(ledger(read('what percent of my transactions were at starbucks last month'))).toMatchObject({
      statistic: 'share',
      share_by: 'count',
      filters: { merchants: ['Starbucks'] },
    });
  });
});

describe('weekends, and a period a year before', () => {
  it('weekends as a filter and weekdays against weekends as a split', () => {
    expect(ledger(read('how much did i blow on weekends last month')).filters).toEqual({ days: 'weekends' });
    expect(ledger(read('weekdays vs weekends last month')).group_by).toBe('day_type');
  });
  it("'the same month a year earlier' compares the month with the year before's", () => {
    const query = ledger(read('september spending compared to the same month a yr earlier'));
    expect(query.periods.map((period) => [period.start, period.end])).toEqual([
      ['2026-09-01', '2026-09-30'],
      ['2025-09-01', '2025-09-30'],
    ]);
  });
});

describe('the shape of a question becomes the plan', () => {
  it('an average per month', () => {
    const query = ledger(read('whats my avg monthly spend on groceries'));
    expect(query).toMatchObject({
      statistic: 'average',
      per: 'month',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
  });
  it('a count of visits at a merchant', () => {
    const query = ledger(read('how many times did i go to starbucks last month'));
    expect(query).toMatchObject({ statistic: 'count', filters: { merchants: ['Starbucks'] } });
    expect(query.periods).toEqual([expect.objectContaining({ start: '2026-10-01', end: '2026-10-31' })]);
  });
  it('a ranking of merchants, not categories', () => {
    const query = ledger(read('top 3 places i spent at last month'));
    expect(query).toMatchObject({ group_by: 'merchant', top: 3, statistic: 'largest' });
  });
  it('the biggest category is a ranking of categories', () => {
    expect(ledger(read('what was my biggest category last month'))).toMatchObject({
      group_by: 'category',
      top: 1,
    });
  });
  it('the biggest single order at a merchant is a transaction, not the merchant total', () => {
    expect(ledger(read('biggest amazon order this year'))).toMatchObject({
      statistic: 'largest',
      group_by: 'none',
      filters: { merchants: ['Amazon'] },
    });
  });
  it('a share of spending', () => {
    expect(ledger(read('what % of my spending was groceries last month'))).toMatchObject({
      statistic: 'share',
    });
  });
  it('an amount filter on single transactions', () => {
    expect(ledger(read('how many purchases over $100 last month'))).toMatchObject({
      statistic: 'count',
      filters: { min_amount: '100.00' },
    });
  });
  it('a comparison with the period before', () => {
    const query = ledger(read('did i spend more on restaurants last month than the month before'));
    expect(query.periods).toHaveLength(2);
  });
  it('a trend over months', () => {
    expect(ledger(read('has my grocery spending gone up over the last 6 months'))).toMatchObject({
      group_by: 'month',
    });
  });
  it('a follow-up keeps the subject and period and takes the new shape', () => {
    const first = read('how much did i spend at starbucks last month');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const query = ledger(read('how many times tho', first.reading));
    expect(query).toMatchObject({ statistic: 'count', filters: { merchants: ['Starbucks'] } });
  });
});

describe('comparisons name both sides', () => {
  it('two categories side by side', () => {
    expect(ledger(read('did i spend more on groceries or restaurants last month'))).toMatchObject({
      group_by: 'category',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES', 'FOOD_AND_DRINK_RESTAURANT'] },
    });
  });
  it('"more than last month" is this month against last month', () => {
    const query = ledger(read('did i spend more on groceries than last month'));
    expect(query.periods.map((p) => p.start)).toEqual(['2026-11-01', '2026-10-01']);
  });
  it('"this october vs last october" is a year apart', () => {
    const query = ledger(read('groceries this october vs last october'));
    expect(query.periods.map((p) => p.start)).toEqual(['2026-10-01', '2025-10-01']);
  });
  it('a share of income is spending divided by income', () => {
    expect(ledger(read('what share of my income went to groceries last month'))).toMatchObject({
      measure: 'spending',
      statistic: 'share',
      share_of: 'income',
    });
  });
});

describe('what is declined or asked back, never answered with another figure', () => {
  it.each([
    'is btc gonna moon next year',
    'where will vti be in a year',
    'how much did my wife spend last month',
    "what's my brother's balance",
    'how much tax will i owe this year',
    'whats my credit score',
  ])('declines %j', (q) => {
    expect(read(q).kind).toBe('decline');
  });

  it('asks back about a split it cannot make and an account the user does not have', () => {
    expect(read('spending by hour of the day last month').kind).toBe('clarify');
    expect(read('how much is in my 401k').kind).toBe('clarify');
  });

  it("asks which item of an earlier list 'the first one' is, rather than guess", () => {
    const first = read('top 3 merchants last month');
    if (first.kind !== 'tools') throw new Error('expected tools');
    expect(read('how many times did i go to the first one', first.reading).kind).toBe('clarify');
  });

  it('declines forecasts of its own balances and quotes for securities not held', () => {
    expect(read('predict what my checking balance will be at the end of the year').kind).toBe('decline');
    expect(read('whats tsla trading at today').kind).toBe('decline');
  });

  it('asks back about a date it cannot read, a period ahead and one before the history', () => {
    expect(read('groceries on the 45th').kind).toBe('clarify');
    expect(read('how much will i spend on groceries in dec 2027').kind).toBe('clarify');
    expect(read('how much did i spend on groceries in 2023').kind).toBe('clarify');
  });

  it('asks back about a subject it does not know', () => {
    const plan = read('how much did i spend on kombucha last month');
    expect(plan.kind).toBe('clarify');
  });

  it('a new topic after a follow-up is read as the new topic', () => {
    const first = read('how much did i spend on groceries last month');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const next = read('ok and my net worth?', first.reading);
    expect(next.kind === 'tools' && next.reading.intent).toBe('net_worth');
  });
});
