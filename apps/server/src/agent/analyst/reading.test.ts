import type { LedgerQueryInput } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { accountsNamed } from './account-names.ts';
import { normalizeQuestion } from './normalize.ts';
import {
  contextWith,
  contextWithout,
  highYieldSavings,
  individualBrokerage,
  rentCategory,
  testContext,
} from './test-context.ts';
import { type Plan, type Reading, understand } from './understand.ts';
import { createMatcher, type TurnContext } from './vocabulary.ts';

/**
 * Kinds of reading (docs/agent.md, "How a question is read"): each case is one kind — a shape, a
 * decline, an ask-back — checked on the plan, before any tool runs.
 */
const matcher = createMatcher(testContext);
const read = (q: string, previous?: Reading) => understand(q, testContext, matcher, previous, false);

/** The plan of a thread's last question, each asked after the ones before. */
function thread(...questions: string[]): Plan {
  let previous: Reading | undefined;
  let plan: Plan | undefined;
  for (const q of questions) {
    plan = read(q, previous);
    // As the analyst replays a thread (analyst-model.ts): an ask-back's reading is the one before too.
    if (plan.kind === 'tools') previous = plan.reading;
    else if (plan.kind === 'clarify' && plan.reading) previous = plan.reading;
  }
  return plan as Plan;
}

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

describe('periods as people leave them', () => {
  it("a month's year said after the subject ('oct groceries this yr vs oct last yr')", () => {
    const query = ledger(read('oct groceries this yr vs oct last yr'));
    expect(query.periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-10-01', '2026-10-31'],
      ['2025-10-01', '2025-10-31'],
    ]);
  });
  it('a series by week over the last N weeks is over whole weeks, not 28 days cut mid-week', () => {
    const query = ledger(read('weekly spending last 4 weeks pls'));
    expect(query.group_by).toBe('week');
    // Today is Thursday 2026-11-26: the four Monday-to-Sunday weeks before this one.
    expect(query.periods.map((p) => [p.start, p.end])).toEqual([['2026-10-26', '2026-11-22']]);
  });
  it('a habit is read over the last whole months, not the half month so far', () => {
    for (const q of ['which place do i go to most often', 'where does my income come from']) {
      const query = ledger(read(q));
      expect(query.periods.map((p) => [p.start, p.end])).toEqual([['2026-08-01', '2026-10-31']]);
    }
  });
  it("'getting better or worse' is where it is heading, month by month", () => {
    expect(ledger(read('am i getting better or worse w/ coffee'))).toMatchObject({ group_by: 'month' });
    // With a period to compare with, it is that comparison.
    expect(ledger(read('is my grocery spending better or worse than last month')).periods).toHaveLength(2);
  });
  it("'q by q', 'per quarter', 'quarterly' are a series by calendar quarter", () => {
    for (const q of ['spending q by q this year', 'dividends per quarter this yr', 'quarterly groceries'])
      expect(ledger(read(q))).toMatchObject({ group_by: 'quarter' });
  });
  it("several categories named together are one total ('groceries + gas')", () => {
    const query = ledger(read('groceries + gas in 2025, total?'));
    expect(query.filters?.categories).toEqual(['FOOD_AND_DRINK_GROCERIES', 'TRANSPORTATION_GAS']);
    expect(query.group_by).toBe('none');
  });
  it('the last 3 full months is read, and a counted span it cannot read is asked back', () => {
    expect(ledger(read('priciest dinner out in the last 3 full months')).periods[0]).toMatchObject({
      start: '2026-08-01',
      end: '2026-10-31',
    });
  });
});

describe('words that look like names but are not', () => {
  it("an everyday word is not read as a near spelling of a category ('feels' is not 'fees')", () => {
    const query = ledger(read('feels like im spending more than usual this month, am i?'));
    expect(query.filters?.categories ?? []).toEqual([]);
  });
  it("'go out' said of the person is eating out; money going out is not", () => {
    expect(ledger(read('how many times did i go out last month')).filters?.categories).toEqual([
      'FOOD_AND_DRINK_RESTAURANT',
    ]);
  });
  it('all income grouped is not narrowed to a category called income', () => {
    const query = ledger(read('where does my income come from'));
    expect(query).toMatchObject({ measure: 'income', group_by: 'category' });
    expect(query.filters?.categories ?? []).toEqual([]);
  });
});

describe('follow-ups over two subjects', () => {
  it("'combined?' after one merchant and then another is both together", () => {
    const first = read('how much have i spent on uber this yr');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const second = read('lyft?', first.reading);
    if (second.kind !== 'tools') throw new Error('expected tools');
    const query = ledger(read('combined?', second.reading));
    expect(query).toMatchObject({ group_by: 'none', filters: { merchants: ['Uber', 'Lyft'] } });
    expect(query.periods[0]).toMatchObject({ start: '2026-01-01' });
  });
  it("'combined?' after two compared adds them up; with one subject before it, it asks which", () => {
    const compared = read('groceries vs restaurants last month');
    if (compared.kind !== 'tools') throw new Error('expected tools');
    expect(ledger(read('combined?', compared.reading))).toMatchObject({
      group_by: 'none',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES', 'FOOD_AND_DRINK_RESTAURANT'] },
    });
    const first = read('how much have i spent on uber this yr');
    if (first.kind !== 'tools') throw new Error('expected tools');
    expect(read('combined?', first.reading).kind).toBe('clarify');
  });
});

describe('accounts and holdings', () => {
  it("an account named by its institution and a word of its name ('my alpaca roth')", () => {
    const plan = read('how much is in my alpaca roth');
    expect(plan.kind === 'tools' && plan.reading.account?.id).toBe('a5');
  });
  it('every balance when all of them are asked for', () => {
    const plan = read('all my balances pls');
    expect(plan.kind === 'tools' && plan.reading.intent).toBe('balances');
    expect(plan.kind === 'tools' && plan.reading.limit).toBeGreaterThanOrEqual(10);
  });
  it('the best or worst holding is read per security, the ranking first', () => {
    const plan = read('which of my stocks is doing the worst');
    expect(plan.kind === 'tools' && plan.calls).toEqual([
      { tool: 'holdings', input: expect.objectContaining({ group_by: 'security' }) },
    ]);
    expect(plan.kind === 'tools' && plan.reading.focus).toContain('performer');
  });
});

describe('more kinds from questions typed as people type', () => {
  it('what investments brought in is the income paid into the investment accounts, by kind', () => {
    const query = ledger(read('how much income did my investments bring in this yr (divs + interest)'));
    expect(query).toMatchObject({
      measure: 'income',
      group_by: 'category',
      filters: { account: 'investment' },
    });
    expect(query.filters?.categories).toBeUndefined();
  });
  it('which account has the most is the balances, not the ledger by account', () => {
    const plan = read('which acct has the most money in it');
    expect(plan.kind === 'tools' && plan.calls.map((c) => c.tool)).toEqual(['list_accounts']);
  });
  it("'the weekend before' after a weekend is the weekend a week earlier", () => {
    const first = read('how much did i spend last weekend');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const before = read('and the weekend before', first.reading);
    expect(before.kind === 'tools' && before.calls[0]?.input).toMatchObject({
      start: '2026-11-14',
      end: '2026-11-15',
    });
  });
  it("'combined for the whole year?' adds the two subjects over the period named now", () => {
    const first = read('uber this month');
    if (first.kind !== 'tools') throw new Error('expected tools');
    const second = read('lyft?', first.reading);
    if (second.kind !== 'tools') throw new Error('expected tools');
    const query = ledger(read('combined for the whole year?', second.reading));
    expect(query.filters?.merchants).toEqual(['Uber', 'Lyft']);
    expect(query.periods[0]).toMatchObject({ start: '2026-01-01', end: '2026-11-26' });
  });
  it('asks back about money moved into a retirement account and a store it is not told', () => {
    expect(read('how much did i move into my ira this yr').kind).toBe('clarify');
    expect(read('how much did i spend at the store').kind).toBe('clarify');
    expect(read('how much did i spend on it last month').kind).toBe('clarify');
  });
  it('ranks merchants by visits when the question is about going, not spending', () => {
    expect(ledger(read('where do i shop the most'))).toMatchObject({
      group_by: 'merchant',
      statistic: 'count',
    });
    expect(ledger(read('top merchants by # of visits last month'))).toMatchObject({
      group_by: 'merchant',
      statistic: 'count',
    });
  });
});

describe('periods against the ones before them', () => {
  it("'the same time last month' is the month so far against the same days of the month before", () => {
    const query = ledger(read('groceries this month vs same time last month'));
    expect(query.periods.map((p) => [p.start, p.end])).toEqual([
      ['2026-11-01', '2026-11-26'],
      ['2026-10-01', '2026-10-26'],
    ]);
  });
  it("'the 3 before that' is the period of the same length before the one named", () => {
    const query = ledger(read('is my grocery spending creeping up? last 3 mo vs the 3 before that'));
    expect(query.periods).toHaveLength(2);
    expect((query.periods[1]?.end ?? '') < (query.periods[0]?.start ?? '')).toBe(true);
  });
  it("'there' after an answer naming one place is that place", () => {
    const plan = read('how much did i spend there', {
      intent: 'merchants',
      listed: ['Starbucks'],
      period: { start: '2026-10-01', end: '2026-10-31', label: 'October 2026', unit: 'month' },
    });
    expect(plan.kind === 'tools' && plan.reading.merchant).toBe('Starbucks');
  });
});

describe('a follow-up that says it is the same question', () => {
  it("'same thing but by # of visits' ranks the same merchants by visits", () => {
    const first = read('top 5 merchants last mo');
    if (first.kind !== 'tools') throw new Error('expected tools');
    expect(ledger(read('same thing but by # of visits', first.reading))).toMatchObject({
      group_by: 'merchant',
      statistic: 'count',
      top: 5,
    });
  });
});

describe('an average per weekend', () => {
  it.each(['avg spend per weekend over the last 3 mo', 'how much do i spend on a typical weekend'])(
    '%j is weekend spending over the weekends',
    (q) => {
      expect(ledger(read(q))).toMatchObject({
        statistic: 'average',
        per: 'weekend',
        filters: { days: 'weekends' },
      });
    },
  );
});

describe('a part left out', () => {
  it('leaves out the categories and merchants named after the excluding words', () => {
    expect(ledger(read('spending last month excluding groceries and amazon'))).toMatchObject({
      measure: 'spending',
      filters: { exclude_categories: ['FOOD_AND_DRINK_GROCERIES'], exclude_merchants: ['Amazon'] },
    });
    const income = ledger(read('any income this yr besides my paycheck?'));
    expect(income).toMatchObject({ measure: 'income', filters: { exclude_categories: ['INCOME_WAGES'] } });
    expect(income.filters?.categories).toBeUndefined();
  });

  it("reads 'X vs everything else' as X's share, the rest said beside it", () => {
    expect(ledger(read('groceries vs everything else last month'))).toMatchObject({
      statistic: 'share',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
  });

  it('asks back when what is left out is not something it knows, or the answer cannot leave it out', () => {
    expect(read('spending last month besides the usual stuff').kind).toBe('clarify');
    expect(read('net worth not counting my roth').kind).toBe('clarify');
  });
});

describe('accounts named by their institution, and compared by kind', () => {
  it('names the accounts at an institution, narrowed by what else is named', () => {
    const names = (q: string) => accountsNamed(testContext, q).map((a) => `${a.name} (${a.institution})`);
    expect(names('how much do i have at first platypus total')).toEqual([
      'Plaid Checking (First Platypus Bank)',
      'Plaid Credit Card (First Platypus Bank)',
      'Roth IRA (First Platypus Bank)',
    ]);
    expect(names('whats my alpaca roth worth')).toEqual(['Roth IRA (Alpaca Paper)']);
  });

  it("reads 'card spend vs checking spend' as spending by account", () => {
    const query = ledger(read('card spend vs checking spend in september'));
    expect(query).toMatchObject({ measure: 'spending', group_by: 'account' });
    expect(query.filters?.account).toBeUndefined();
  });
});

describe('follow-ups over what was just said', () => {
  it("'how many rides is that' counts the rides of the subject just asked about", () => {
    expect(ledger(thread('show me my uber spending this yr', 'how many rides is that'))).toMatchObject({
      statistic: 'count',
      filters: { merchants: ['Uber'] },
      periods: [{ start: '2026-01-01', end: '2026-11-26' }],
    });
  });

  it("'those 2' after a period and the one before it is both periods together", () => {
    const months = ['how much on groceries last mo', 'n the month before that?'];
    expect(ledger(thread(...months, 'avg of those 2'))).toMatchObject({
      statistic: 'average',
      per: 'month',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
      periods: [{ start: '2026-09-01', end: '2026-10-31' }],
    });
    expect(
      ledger(thread(...months, 'which store did i spend the most at over those 2 months')),
    ).toMatchObject({
      group_by: 'merchant',
      periods: [{ start: '2026-09-01', end: '2026-10-31' }],
    });
  });
});

describe('a projection given in numbers', () => {
  it.each([
    'if i put 500/mo away at 4% for 10 yrs what do i end up w',
    'if i save 500 a month at 4% for 10 years how much will i have',
  ])('%j is the compound growth calculator, not a cash-flow figure', (q) => {
    const plan = read(q);
    if (plan.kind !== 'tools') throw new Error(`expected tools, got ${JSON.stringify(plan)}`);
    expect(plan.calls).toEqual([
      {
        tool: 'compound_growth',
        input: { principal: 0, monthly_contribution: 500, annual_rate_percent: 4, years: 10 },
      },
    ]);
  });
});

describe("'which was more' after a period and the one before it", () => {
  it('compares the two, the later first', () => {
    let previous: Reading | undefined;
    for (const q of ['how much did i spend on gas last month', 'what about the month before']) {
      const plan = read(q, previous);
      if (plan.kind === 'tools') previous = plan.reading;
    }
    expect(ledger(read('which was more', previous))).toMatchObject({
      periods: [
        { start: '2026-10-01', end: '2026-10-31' },
        { start: '2026-09-01', end: '2026-09-30' },
      ],
    });
  });
});

describe('a follow-up that asks how two answers differ, naming neither', () => {
  it.each(['whats the difference', 'by how much?', 'up or down?'])(
    '%j after a period and the one before compares the two',
    (q) => {
      expect(ledger(thread('how much on groceries last month', 'and the month before?', q))).toMatchObject({
        periods: [
          { start: '2026-10-01', end: '2026-10-31' },
          { start: '2026-09-01', end: '2026-09-30' },
        ],
      });
    },
  );

  it("sets two subjects side by side ('uber this yr', 'lyft?', 'whats the diff')", () => {
    expect(ledger(thread('uber this yr', 'lyft?', 'whats the diff'))).toMatchObject({
      group_by: 'merchant',
      filters: { merchants: ['Uber', 'Lyft'] },
    });
  });

  it('asks which two when only one thing was asked about', () => {
    const plan = thread('how much did i spend on gas last month', 'whats the difference');
    expect(plan.kind).toBe('clarify');
  });

  it("'is that more than usual' is not a question about two things", () => {
    const plan = thread('how much did i spend on groceries last month', 'is that more than usual?');
    expect(plan.kind).toBe('tools');
  });
});

describe('a period chosen for a question without one', () => {
  it("is kept by a follow-up that changes only the measure ('per visit?')", () => {
    const first = read('how much did i spend at starbucks');
    if (first.kind !== 'tools') throw new Error(JSON.stringify(first));
    expect(ledger(read('per visit?', first.reading))).toMatchObject({
      statistic: 'average',
      per: 'transaction',
      periods: [{ start: '2026-11-01', end: '2026-11-26' }],
    });
  });

  it('is chosen again for an average per month, which a part of a month cannot give', () => {
    const first = read('how much did i spend at starbucks');
    if (first.kind !== 'tools') throw new Error(JSON.stringify(first));
    expect(ledger(read('whats that per month on avg', first.reading))).toMatchObject({
      statistic: 'average',
      per: 'month',
      periods: [{ start: '2026-08-01', end: '2026-10-31' }],
    });
  });
});

describe('balances on a past date', () => {
  it.each(['whats my net worth 3 months ago', 'what was my net worth in june'])(
    '%j is asked back: not every balance is known on past dates',
    (q) => {
      const plan = read(q);
      expect(plan.kind).toBe('clarify');
      if (plan.kind === 'clarify') expect(plan.question).toContain('not every account');
    },
  );

  it('a question about the change since a date is answered', () => {
    expect(read('how has my net worth changed since june').kind).toBe('tools');
  });
});

describe('when pay comes', () => {
  it("'when do i usually get paid' lists the paychecks with their days, not an average", () => {
    const plan = read('when do i usually get paid');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({
      tool: 'search_transactions',
      input: { category: 'INCOME_WAGES', direction: 'in', limit: 12 },
    });
  });
});

describe('counts', () => {
  it("'how many times did i spend more than $50 at …' bounds each purchase, not the total", () => {
    expect(ledger(read('how many times did i spend more than $50 at restaurants'))).toMatchObject({
      statistic: 'count',
      filters: { categories: ['FOOD_AND_DRINK_RESTAURANT'], min_amount: '50.00' },
    });
  });

  it("'how often' counts over the last 3 full months, what is usual", () => {
    expect(ledger(read('how often do i go to starbucks'))).toMatchObject({
      statistic: 'count',
      filters: { merchants: ['Starbucks'] },
      periods: [{ start: '2026-08-01', end: '2026-10-31' }],
    });
  });

  it("'how many different stores' counts the merchants", () => {
    expect(ledger(read('how many diff stores did i shop at last month'))).toMatchObject({
      statistic: 'count',
      group_by: 'merchant',
    });
  });

  it("'transaction count' is a count", () => {
    expect(ledger(read('whats my transaction count for last week'))).toMatchObject({ statistic: 'count' });
  });

  it("'how many days' is asked back: purchases are counted, not days", () => {
    expect(read('how many days did i buy coffee in oct').kind).toBe('clarify');
  });
});

describe('a name the ledger does not know', () => {
  it('beside one it knows is said, not dropped', () => {
    const plan = read('how many visits to starbucks vs walmart this yr');
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('"walmart"');
  });

  it('right after the verb is asked back, not answered over everything', () => {
    const plan = read('how frequently do i order doordash');
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('"doordash"');
  });

  it("a misspelt 'everything else' is the rest, not a name", () => {
    expect(read('groceries vs evrything else last month').kind).toBe('tools');
  });
});

describe('rankings', () => {
  it("'bottom 3 merchants' ranks the smallest", () => {
    expect(ledger(read('bottom 3 merchants by spend in oct'))).toMatchObject({
      statistic: 'smallest',
      group_by: 'merchant',
      top: 3,
    });
  });

  it('months ranked without a period are the last 12 whole months', () => {
    expect(ledger(read('which month had the most income'))).toMatchObject({
      measure: 'income',
      group_by: 'month',
      periods: [{ start: '2025-11-01', end: '2026-10-31' }],
    });
  });
});

describe('what cannot be answered from the data is said', () => {
  it("someone else's money typed without an apostrophe is declined", () => {
    expect(read('whats my wife spending on').kind).toBe('decline');
  });

  it('a crypto gain is asked back: wallets show no purchase price', () => {
    expect(read('how much is my crypto up').kind).toBe('clarify');
  });

  it("dividends from one security are that security's", () => {
    const plan = read('did i get dividends from vti this yr');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(JSON.stringify(plan.calls)).toContain('"VTI"');
  });
});

describe('a share followed by another whole', () => {
  it("'and of my income?' is the same part as a share of income", () => {
    let previous: Reading | undefined;
    for (const q of ['how much did i spend on groceries in oct', 'what percent was that of my total']) {
      const plan = read(q, previous);
      if (plan.kind === 'tools') previous = plan.reading;
    }
    expect(ledger(read('and of my income?', previous))).toMatchObject({
      statistic: 'share',
      measure: 'spending',
      share_of: 'income',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
  });

  it("'#2' after a ranking is its second item", () => {
    let previous: Reading | undefined;
    const plan = read('top 3 merchants last month');
    if (plan.kind === 'tools') previous = { ...plan.reading, listed: ['Amazon', 'Starbucks', 'Uber'] };
    expect(ledger(read('how many times at #2', previous))).toMatchObject({
      filters: { merchants: ['Starbucks'] },
    });
  });
});

describe('an amount judged against the usual', () => {
  const usual = (plan: Plan) => {
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    return plan.calls
      .map((call) => call.input as LedgerQueryInput)
      .find((input) => input.statistic === 'average');
  };
  it('a week is set against the usual week, a day against the usual day', () => {
    expect(usual(thread('how much did i spend last week', 'is that normal'))).toMatchObject({ per: 'week' });
    expect(usual(thread('how much did i spend yesterday', 'is that a lot'))).toMatchObject({ per: 'day' });
    expect(usual(thread('how much did i spend in october', 'was that bad'))).toMatchObject({ per: 'month' });
  });
  it("'did I spend too much on food' is food against its usual month", () => {
    expect(usual(read('did i spend too much on food this month'))).toMatchObject({
      per: 'month',
      filters: { categories: ['FOOD_AND_DRINK'] },
    });
  });
});

describe('a share of income', () => {
  it('whose part is not read is asked back, not answered with the income', () => {
    const plan = read('how much of my paycheck goes to bills');
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('share of your income');
  });
  it('without a period is read over whole months, not a part month', () => {
    expect(ledger(read('how much of my income do i spend'))).toMatchObject({
      share_of: 'income',
      periods: [{ start: '2026-08-01', end: '2026-10-31' }],
    });
  });
  it('of subscriptions asks the recurring payments for their share', () => {
    const plan = read('what percent of my income goes to subscriptions');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({
      tool: 'recurring_payments',
      input: { kind: 'subscriptions', share_of: 'income' },
    });
  });
});

describe('being paid, deposits and income on the side', () => {
  it("'how many times have I been paid' counts paychecks", () => {
    expect(ledger(read('how many times have i been paid this yr'))).toMatchObject({
      measure: 'income',
      statistic: 'count',
      filters: { categories: ['INCOME_WAGES'] },
    });
  });
  it("'when did contoso last pay me' lists the newest payments naming the payer, over all the history", () => {
    const plan = read('when did contoso last pay me and how much');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls).toEqual([
      {
        tool: 'search_transactions',
        input: expect.objectContaining({ text: 'contoso', direction: 'in', limit: 3 }),
      },
    ]);
    expect(plan.calls[0]?.input).not.toHaveProperty('start');
  });
  it("'side income' is every income but wages", () => {
    expect(ledger(read('side income this yr? like not from my job'))).toMatchObject({
      measure: 'income',
      filters: { exclude_categories: ['INCOME_WAGES'] },
    });
  });
  it('the biggest deposit is money in to the bank accounts', () => {
    const plan = read('whats my biggest deposit this year');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({
      tool: 'largest_transactions',
      input: { direction: 'in', account: 'bank' },
    });
  });
});

describe('what a question points at without saying', () => {
  it("'that trip' as a first question is asked back", () => {
    expect(read('how much did i spend on that trip').kind).toBe('clarify');
    expect(read('how much did i spend at starbucks on that trip').kind).toBe('clarify');
  });
  it("someone's balance typed without an apostrophe is declined", () => {
    expect(read('whats my wifes checking balance').kind).toBe('decline');
  });
  it("'last wkend' is the last weekend", () => {
    const plan = read('how much did i blow thru last wkend on food');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]?.input).toMatchObject({ start: '2026-11-21', end: '2026-11-22' });
  });
  it('everything but a category is the spending without it', () => {
    expect(ledger(read('everything except groceries last month'))).toMatchObject({
      measure: 'spending',
      filters: { exclude_categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
  });
});

describe('periods anchored at the history', () => {
  it("'since my last paycheck' runs from the latest paycheck's day, and is asked back with none", () => {
    const paid = contextWith({
      history: { first: '2024-11-27', last: '2026-11-25', lastPaycheck: '2026-11-13' },
    });
    const plan = understand('spending since my last paycheck?', paid, matcher, undefined, false);
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]?.input).toMatchObject({ start: '2026-11-13', end: '2026-11-26' });
    expect(plan.calls[0]?.tool).not.toBe('search_transactions');
    expect(read('spending since my last paycheck?').kind).toBe('clarify');
  });
  it("a year before the bank's history is said, though a wallet's transfers go back further", () => {
    const walletFirst = contextWith({
      history: { first: '2022-03-01', last: '2026-11-25', moneyFirst: '2024-11-27' },
    });
    const plan = understand(
      'how much did i spend on groceries in 2023',
      walletFirst,
      matcher,
      undefined,
      false,
    );
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('starts on November 27, 2024');
  });
});

describe('cash taken out', () => {
  const withCash = contextWith({
    categories: [{ code: 'TRANSFER_OUT_WITHDRAWAL', label: 'Cash withdrawals', count: 9 }],
  });
  const readCash = (q: string) => understand(q, withCash, createMatcher(withCash), undefined, false);
  it('ATM visits and withdrawals are listed, counted and totalled, not counted as purchases', () => {
    for (const q of ['how many times did i hit the atm this yr', 'how much cash did i withdraw this year']) {
      const plan = readCash(q);
      if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
      expect(plan.calls).toEqual([
        {
          tool: 'search_transactions',
          input: expect.objectContaining({
            category: 'TRANSFER_OUT_WITHDRAWAL',
            direction: 'out',
            start: '2026-01-01',
          }),
        },
      ]);
    }
    // At the ATM: the withdrawals that say so; cash taken out at a teller is not one.
    const atm = readCash('how many times did i hit the atm this yr');
    const cash = readCash('how much cash did i withdraw this year');
    if (atm.kind !== 'tools' || cash.kind !== 'tools') throw new Error('expected tools');
    expect(atm.calls[0]?.input).toMatchObject({ text: 'ATM' });
    expect(cash.calls[0]?.input).not.toHaveProperty('text');
  });
  it("'last month' is a period, not the newest few", () => {
    const plan = readCash('atm withdrawals last month');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]?.input).toMatchObject({ start: '2026-10-01', end: '2026-10-31', limit: 50 });
  });
});

describe('the largest of each month', () => {
  it("'biggest expense each month' asks each month for its largest purchase, not the month with the most", () => {
    const plan = read('biggest expense each month for the last 3 months');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls.map((call) => call.input)).toEqual(
      ['08', '09', '10'].map((month) =>
        expect.objectContaining({
          statistic: 'largest',
          group_by: 'none',
          top: 1,
          periods: [expect.objectContaining({ start: `2026-${month}-01` })],
        }),
      ),
    );
  });
  it("'which month had the biggest spending' still ranks the months", () => {
    expect(ledger(read('which month had the biggest spending'))).toMatchObject({
      group_by: 'month',
      statistic: 'largest',
    });
  });
});

describe('follow-ups about the answer just given', () => {
  it("'why is it so different' after two months compared breaks both down by category", () => {
    expect(ledger(thread('spending this month vs last month', 'why is it so different'))).toMatchObject({
      group_by: 'category',
      periods: [
        expect.objectContaining({ start: '2026-11-01' }),
        expect.objectContaining({ start: '2026-10-01' }),
      ],
    });
  });
  it("'same for merchants' after a ranking of categories ranks merchants over the same period", () => {
    expect(ledger(thread('my top 3 categories ytd', 'and last yr?', 'same for merchants'))).toMatchObject({
      group_by: 'merchant',
      top: 3,
      periods: [expect.objectContaining({ start: '2025-01-01', end: '2025-12-31' })],
    });
  });
  it("'which one was highest' after a series by month ranks its months", () => {
    expect(ledger(thread('q3 spend total', 'by month pls', 'which one was highest'))).toMatchObject({
      group_by: 'month',
      statistic: 'largest',
      top: 1,
    });
  });
  it("'who was that to' after the biggest purchases names the first", () => {
    const plan = thread('biggest purchase last month?', 'who was that to');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({ tool: 'largest_transactions', input: { limit: 1 } });
  });
  it("'how many payments was that' after dividends counts the dividends as money in", () => {
    expect(
      ledger(thread('dividend income this yr?', 'and before that', 'how many payments was that')),
    ).toMatchObject({
      measure: 'income',
      statistic: 'count',
      filters: { categories: ['INCOME_DIVIDENDS'] },
    });
  });
  it("'whats in it' after a brokerage account lists its holdings", () => {
    const plan = thread('how much is in my roth ira at alpaca', 'whats in it');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading).toMatchObject({ intent: 'holdings' });
  });
});

describe('the item asked for in a ranking', () => {
  it("'the 2nd biggest' lists down to the second", () => {
    const plan = thread('biggest purchase last month?', 'who was that to', 'and the 2nd biggest?');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({ tool: 'largest_transactions', input: { limit: 2 } });
  });
  it("'the biggest single thing that month' after the top month ranks that month's purchases", () => {
    let previous: Reading | undefined;
    const first = read('which month this yr was my most expensive');
    if (first.kind === 'tools') previous = { ...first.reading, listed: ['March 2026'] };
    expect(ledger(read('whats the biggest single thing i bought that month', previous))).toMatchObject({
      statistic: 'largest',
      group_by: 'none',
      periods: [expect.objectContaining({ start: '2026-03-01', end: '2026-03-31' })],
    });
  });
});

describe('what a casual question compares or ranks', () => {
  it("'compare to last' is this year so far against the same days of last year", () => {
    expect(ledger(read('how does my spending this year compare to last')).periods).toEqual([
      expect.objectContaining({ start: '2026-01-01', end: '2026-11-26' }),
      expect.objectContaining({ start: '2025-01-01', end: '2025-11-26' }),
    ]);
    // A month so far is set against the whole month before, as people track a month.
    expect(ledger(read('groceries this month vs last month')).periods).toEqual([
      expect.objectContaining({ start: '2026-11-01', end: '2026-11-26' }),
      expect.objectContaining({ start: '2026-10-01', end: '2026-10-31' }),
    ]);
  });
  it("'than I used to' is set against the usual months", () => {
    const plan = read('am i spending more on eating out than i used to');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls.map((call) => (call.input as LedgerQueryInput).statistic)).toEqual([
      'total',
      'average',
    ]);
  });
  it("'my monthly income' is the average month, not this month so far", () => {
    expect(ledger(read('whats my monthly income'))).toMatchObject({
      measure: 'income',
      statistic: 'average',
      per: 'month',
      periods: [{ start: '2026-08-01', end: '2026-10-31' }],
    });
  });
  it("'any big purchases lately' ranks the recent purchases, not a series", () => {
    expect(ledger(read('any big purchases lately'))).toMatchObject({
      statistic: 'largest',
      group_by: 'none',
      top: 5,
    });
  });
  it("'whats eating my budget' ranks the categories", () => {
    expect(ledger(read('whats eating my budget'))).toMatchObject({
      statistic: 'largest',
      group_by: 'category',
    });
  });
  it("'take home pay' is the paychecks", () => {
    const plan = read('whats my take home pay');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.category?.code).toBe('INCOME_WAGES');
  });
});

describe('a category the user has none of', () => {
  it("'food or gas' with no fuel bought is said, not answered for food alone", () => {
    // Gas is the test user's only transportation category.
    const noCar = contextWithout({ categories: ['TRANSPORTATION_GAS'] });
    const plan = understand(
      'did i spend more on food or gas last month',
      noCar,
      createMatcher(noCar),
      undefined,
      false,
    );
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('no Gas');
  });
});

describe('threads that build on several answers', () => {
  it("'total for all 3?' after three months asked in turn is the span of the three", () => {
    const plan = thread(
      'how much did i spend on groceries last month',
      'what about the month before',
      'and the one before that',
      'total for all 3?',
    );
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]?.input).toMatchObject({ start: '2026-08-01', end: '2026-10-31' });
  });
  it("'and the rest?' after a part of income is the income without it", () => {
    expect(
      ledger(thread('how much did i make in september', 'how much of that was my salary', 'and the rest?')),
    ).toMatchObject({
      measure: 'income',
      filters: { exclude_categories: ['INCOME_WAGES'] },
    });
  });
  it("'which was the biggest' after one merchant's orders is the largest order", () => {
    expect(ledger(thread('show me my amazon orders from last month', 'which was the biggest'))).toMatchObject(
      {
        statistic: 'largest',
        group_by: 'none',
        top: 1,
        filters: { merchants: ['Amazon'] },
      },
    );
  });
  it("'per month?' after a subject that was asked back is asked again, not answered for all spending", () => {
    const plan = thread('how much did i spend at costco this year', 'per month?');
    expect(plan.kind).toBe('clarify');
    if (plan.kind === 'clarify') expect(plan.question).toContain('costco');
  });
});

describe('counts and rankings typed casually', () => {
  it("'number of grocery trips per month' is the count of each month", () => {
    expect(ledger(read('number of grocery trips per month'))).toMatchObject({
      statistic: 'count',
      group_by: 'month',
    });
  });
  it("'which store do i go to most' ranks merchants by visits over the usual months", () => {
    expect(ledger(read('which store do i go to most'))).toMatchObject({
      statistic: 'count',
      group_by: 'merchant',
      periods: [{ start: '2026-08-01', end: '2026-10-31' }],
    });
  });
  it("'most frequent merchant' ranks merchants by visits", () => {
    expect(ledger(read('most frequent merchant this year'))).toMatchObject({
      statistic: 'count',
      group_by: 'merchant',
      top: 1,
    });
  });
  it("'which category grew the most' is last month against the month before, only the rises", () => {
    expect(ledger(read('which category grew the most'))).toMatchObject({
      group_by: 'category',
      change: 'increase',
      periods: [
        expect.objectContaining({ start: '2026-10-01', end: '2026-10-31' }),
        expect.objectContaining({ start: '2026-09-01', end: '2026-09-30' }),
      ],
    });
  });
  it("'top spending day' is asked back: single days are not ranked", () => {
    expect(read('top spending day last month').kind).toBe('clarify');
  });
});

describe('judgements and open questions typed casually', () => {
  it("'was sept worse than aug' compares the two months' spending", () => {
    expect(ledger(read('was sept worse than aug'))).toMatchObject({
      measure: 'spending',
      periods: [
        expect.objectContaining({ start: '2026-09-01' }),
        expect.objectContaining({ start: '2026-08-01' }),
      ],
    });
  });
  it("'am i in the red on my card' is the card's balance", () => {
    const plan = read('am i in the red on my credit card');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.intent).toBe('balances');
  });
  it("'anything i should know' is the overview", () => {
    const plan = read('anything i should know');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.intent).toBe('summary');
  });
  it("'biggest changes this month' is each category against last month", () => {
    expect(ledger(read('biggest changes this month'))).toMatchObject({
      group_by: 'category',
      periods: [{}, {}],
    });
  });
  it('a word of the language is not corrected to a near word of the analyst', () => {
    expect(normalizeQuestion('biggest changes this month').text).toBe('biggest changes this month');
  });
});

describe('the seventh batch of kinds', () => {
  const periodsOf = (plan: Plan) => ledger(plan).periods.map((p) => p.start);
  it("a short misspelt month beside another month is read ('agust or jully')", () => {
    expect(periodsOf(read('did i spend more in agust or jully'))).toEqual(['2026-08-01', '2026-07-01']);
  });
  it("'h1 or h2 of last yr' puts both halves in last year", () => {
    expect(periodsOf(read('was h1 or h2 of last yr more expensive'))).toEqual(['2025-01-01', '2025-07-01']);
  });
  it("'side money coming in besides my job' is income but wages", () => {
    expect(ledger(read('any side money coming in besides my job?'))).toMatchObject({
      measure: 'income',
      filters: { exclude_categories: ['INCOME_WAGES'] },
    });
  });
  it("'how about my wifes' after a balance is declined", () => {
    expect(thread('whats in checking', 'how about my wifes').kind).toBe('decline');
  });
  it("'did savings pay me' names an account, not a payer", () => {
    const plan = read('how much interest did savings pay me this yr');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.text).toBeUndefined();
    expect(plan.reading.category?.code).toBe('INCOME_INTEREST_EARNED');
  });
  it("'which was the worst' after spending by month is the month spent most", () => {
    expect(
      ledger(thread('spending last 3 months', 'break it down by month', 'which was the worst')),
    ).toMatchObject({
      group_by: 'month',
      statistic: 'largest',
    });
  });
  it("'hows this month going so far' and 'add up everything i have' are the overview", () => {
    for (const q of ['hows this month going so far', 'add up everything i have across all accts']) {
      const plan = read(q);
      if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
      expect(plan.reading.intent).toBe('summary');
    }
  });
  it("'did i get a raise' is the paychecks over time", () => {
    expect(ledger(read('did i get a raise'))).toMatchObject({
      measure: 'income',
      filters: { categories: ['INCOME_WAGES'] },
    });
  });
  it("'total in my bank accts (not investments)' is the balances", () => {
    const plan = read('total in my bank accts (not investments)');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.intent).toBe('balances');
  });
  it("'weekends or during the week' is the two side by side", () => {
    expect(ledger(read('do i spend more on weekends or during the week'))).toMatchObject({
      group_by: 'day_type',
    });
  });
  it("'show me those' after a merchant's total lists its transactions", () => {
    const plan = thread('amazon spending this yr', 'show me those');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({
      tool: 'search_transactions',
      input: { merchant: 'Amazon', limit: 50 },
    });
  });
  it("'how much can i still spend on it' after the card is the credit left", () => {
    const plan = thread('how much do i owe on my credit card', 'so how much can i still spend on it');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading).toMatchObject({ intent: 'balances', focus: ['Plaid Credit Card'] });
  });
  it("'compare that to this yr overall' after a savings rate compares the two periods' cash flow", () => {
    const plan = thread('savings rate last month?', 'compare that to this yr overall');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls.map((call) => [call.tool, (call.input as { start: string }).start])).toEqual([
      ['cash_flow', '2026-10-01'],
      ['cash_flow', '2026-01-01'],
    ]);
  });
});

describe('periods and subjects said once for two', () => {
  it("'oct vs oct a year ago' is this October against last October", () => {
    expect(ledger(read('restaurants in oct vs oct a year ago')).periods.map((p) => p.start)).toEqual([
      '2026-10-01',
      '2025-10-01',
    ]);
  });
  it("'did i get a raise' sets the latest month's paycheck against a year before, then each month's", () => {
    const plan = read('did i get a raise');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls.map((call) => call.input)).toMatchObject([
      {
        statistic: 'average',
        per: 'transaction',
        group_by: 'none',
        periods: [
          { start: '2026-10-01', end: '2026-10-31' },
          { start: '2025-10-01', end: '2025-10-31' },
        ],
      },
      {
        statistic: 'average',
        per: 'transaction',
        group_by: 'month',
        periods: [{ start: '2025-11-01', end: '2026-10-31' }],
      },
    ]);
  });
  it("'so did i get a raise or not' after this year's paychecks: the latest whole month against a year before", () => {
    expect(
      ledger(thread('paychecks this yr total', 'vs last yr', 'so did i get a raise or not')).periods,
    ).toMatchObject([
      { start: '2026-10-01', end: '2026-10-31' },
      { start: '2025-10-01', end: '2025-10-31' },
    ]);
  });
});

describe('follow-ups that keep or drop what came before', () => {
  it("'break it down by category' after two months compared: both months' categories by size", () => {
    expect(ledger(thread('was sept worse than aug', 'why', 'break it down by category'))).toMatchObject({
      group_by: 'category',
      change: 'none',
      periods: [{ start: '2026-09-01' }, { start: '2026-08-01' }],
    });
    // 'why' still ranks by the change.
    expect(ledger(thread('was sept worse than aug', 'why')).change).toBeUndefined();
  });
  it("'and dividends' after interest on checking drops the account when it holds no dividends", () => {
    const held: TurnContext = {
      ...testContext,
      accounts: testContext.accounts.map((account) => ({
        ...account,
        categories: account.id === 'a1' ? ['INCOME_INTEREST_EARNED', 'INCOME_WAGES'] : ['INCOME_DIVIDENDS'],
      })),
    };
    const heldMatcher = createMatcher(held);
    const last = (...questions: string[]) => {
      let previous: Reading | undefined;
      let plan: Plan | undefined;
      for (const q of questions) {
        plan = understand(q, held, heldMatcher, previous, false);
        if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
        previous = plan.reading;
      }
      return (plan as Extract<Plan, { kind: 'tools' }>).calls[0]?.input as { account?: string };
    };
    const interest = 'how much interest did my checking pay me this yr';
    expect(last(interest, 'and dividends').account).toBeUndefined();
    // The checking account holds wages: it is kept for them.
    expect(last(interest, 'and wages').account).toBe('Plaid Checking');
  });
  it("'how much did i move into savings this yr' lists the transfers into savings, not income", () => {
    for (const q of [
      'how much did i move into savings this yr',
      'how much did i transfer to my hysa last month',
    ]) {
      const plan = read(q);
      if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
      expect(plan.calls).toEqual([
        {
          tool: 'search_transactions',
          input: expect.objectContaining({ categories: ['TRANSFER_IN', 'TRANSFER_OUT'], account: 'savings' }),
        },
      ]);
    }
    // Into a retirement account it is still asked back: contributions there are not transfers in the ledger.
    expect(read('how much did i put into my roth this yr').kind).toBe('clarify');
  });
  it('a balance over time or on a past day is the balance history of the account named', () => {
    const history = (plan: Plan) => {
      if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
      expect(plan.calls).toHaveLength(1);
      expect(plan.calls[0]?.tool).toBe('balance_history');
      return plan.calls[0]?.input;
    };
    expect(history(read('has my checking balance grown this yr'))).toEqual({
      account: 'Plaid Checking',
      start: '2026-01-01',
      end: '2026-11-26',
    });
    expect(history(read('what was my checking balance on oct 31'))).toEqual({
      account: 'Plaid Checking',
      start: '2026-10-31',
      end: '2026-10-31',
    });
    // No period: the last 6 months; 'it' is the account of the question before.
    expect(history(read('is my checking acct actually growing or nah'))).toMatchObject({
      start: '2026-06-01',
    });
    expect(history(thread('whats my checking balance', 'what was it at the start of the yr'))).toEqual({
      account: 'Plaid Checking',
      start: '2026-01-01',
      end: '2026-11-26',
    });
    // 'at the start of the month': since this month began; 'my card balance this month' is today's.
    expect(history(read('what was my checking balance at the start of the month'))).toEqual({
      account: 'Plaid Checking',
      start: '2026-11-01',
      end: '2026-11-26',
    });
    const thisMonth = read('whats my credit card balance this month');
    expect(thisMonth.kind === 'tools' && thisMonth.calls[0]?.tool).toBe('list_accounts');
    // 'on jan 1 vs now': that day's end, then to today.
    expect(history(read('checking bal on jan 1 vs now'))).toEqual({
      account: 'Plaid Checking',
      start: '2026-01-02',
      end: '2026-11-26',
    });
    // With no account named, which one is asked.
    expect(read('has my balance grown').kind).toBe('clarify');
    // Today's balance is still the accounts' list.
    const now = read('whats my checking balance');
    expect(now.kind === 'tools' && now.calls[0]?.tool).toBe('list_accounts');
  });
  it('an everyday category word the user has none of is that category (none), never everything', () => {
    // A user with no gas and no pets: still those categories, so the answer is none.
    const noGas = contextWithout({ categories: ['TRANSPORTATION_GAS'] });
    const readNoGas = (q: string) => understand(q, noGas, createMatcher(noGas), undefined, false);
    expect(ledger(readNoGas('how many times did i fill up on gas in oct')).filters).toEqual({
      categories: ['TRANSPORTATION_GAS'],
    });
    expect(ledger(readNoGas('how much do i spend on my dog a month')).filters).toEqual({
      categories: ['GENERAL_MERCHANDISE_PET_SUPPLIES'],
    });
  });
  it("'without rent' leaves rent out; 'over 1k' bounds each purchase", () => {
    const withRent = contextWith({ categories: [rentCategory] });
    const plan = understand(
      'avg monthly spend w/o rent this yr',
      withRent,
      createMatcher(withRent),
      undefined,
      false,
    );
    expect(ledger(plan).filters).toEqual({ exclude_categories: ['RENT_AND_UTILITIES_RENT'] });
    expect(ledger(read('how many transactions over 1k have i ever had')).filters).toEqual({
      min_amount: '1000.00',
    });
    expect(ledger(read('how many purchases over 50 last month')).filters).toEqual({ min_amount: '50.00' });
  });
  it('months ranked by what was saved, and the months in the red counted', () => {
    expect(ledger(read('which month this yr did i save the most'))).toMatchObject({
      measure: 'net_cash_flow',
      statistic: 'largest',
      group_by: 'month',
    });
    expect(ledger(read('how many months this yr was i in the red'))).toMatchObject({
      measure: 'net_cash_flow',
      statistic: 'total',
      group_by: 'month',
      periods: [{ start: '2026-01-01' }],
    });
  });
  it("'by what % did groceries change' compares the two months; 'what cut of my spending' is a share", () => {
    expect(ledger(read('by what % did groceries change from sept to oct'))).toMatchObject({
      statistic: 'total',
      periods: [{ start: '2026-10-01' }, { start: '2026-09-01' }],
    });
    expect(ledger(read('what cut of my spending goes to uber n lyft')).statistic).toBe('share');
    expect(ledger(read('fraction of my income from dividends in 2025')).filters).toEqual({
      categories: ['INCOME_DIVIDENDS'],
    });
  });
  it("judgements of one's money, trimming an amount and living without income go to their tools", () => {
    const tool = (q: string) => {
      const plan = read(q);
      return plan.kind === 'tools' ? plan.calls[0]?.tool : plan.kind;
    };
    expect(tool('be real w me am i bad with money')).toBe('money_summary');
    expect(tool('am i living paycheck to paycheck')).toBe('money_summary');
    expect(tool('where could i trim like 200 bucks a month')).toBe('cut_back');
    expect(tool('could i survive 3 months with no income')).toBe('emergency_fund');
    expect(tool('cancel my netflix for me')).toBe('decline');
    expect(tool('how much am i gonna owe in taxes this yr')).toBe('decline');
    expect(tool('is aapl worth buying at this price')).toBe('decline');
    expect(tool('how much was the big one')).toBe('clarify');
  });
  it("'the first half of oct or the second half' is October's two halves; 'jumped from sept to oct' compares them", () => {
    expect(ledger(read('did i spend more in the first half of oct or the second half')).periods).toEqual([
      { start: '2026-10-01', end: '2026-10-15', label: 'the first half of October 2026' },
      { start: '2026-10-16', end: '2026-10-31', label: 'the second half of October 2026' },
    ]);
    expect(ledger(read('which category jumped the most from sept to oct')).periods).toMatchObject([
      { start: '2026-10-01', end: '2026-10-31' },
      { start: '2026-09-01', end: '2026-09-30' },
    ]);
  });
  it('what-ifs on prices or sales, medians and one weekday averaged are asked back, not answered as something else', () => {
    for (const q of [
      'if eth doubled what would my crypto be worth',
      'whats my median purchase last month',
      'what do i typically spend on a saturday',
    ])
      expect(read(q).kind).toBe('clarify');
    expect(thread('how much eth do i have', 'what if i sold half of it').kind).toBe('clarify');
  });
  it("'crypto vs stocks, which do i have more in' sets the kinds side by side (net worth by type)", () => {
    for (const q of ['crypto vs stocks which do i have more in', 'liquid cash vs whats invested']) {
      const plan = read(q);
      expect(plan.kind === 'tools' && plan.calls[0]?.tool).toBe('net_worth');
    }
  });
  it('follow-ups on two things asked in turn: the difference, which one more often, going up; corrections', () => {
    expect(
      ledger(thread('income in oct', 'sorry i meant sept', 'whats the diff between the two')).periods,
    ).toMatchObject([{ start: '2026-10-01' }, { start: '2026-09-01' }]);
    expect(
      ledger(thread('starbucks this yr', 'what about amazon', 'which one do i go to more often')),
    ).toMatchObject({
      statistic: 'count',
      group_by: 'merchant',
      filters: { merchants: ['Starbucks', 'Amazon'] },
    });
    expect(
      ledger(thread('avg grocery trip this yr', 'same for last yr', 'so is it going up')).periods,
    ).toMatchObject([{ start: '2026-01-01' }, { start: '2025-01-01' }]);
    const corrected = thread('coffee last week', 'wait not coffee, fast food');
    expect(
      corrected.kind === 'tools' &&
        corrected.calls.map((call) => (call.input as { category?: string }).category),
    ).toEqual(['FOOD_AND_DRINK_FAST_FOOD', 'FOOD_AND_DRINK_FAST_FOOD']);
    const wholeYear = thread('net cash flow this month', 'i meant for the whole yr');
    if (wholeYear.kind !== 'tools') throw new Error(JSON.stringify(wholeYear));
    expect(wholeYear.calls[0]?.input).toMatchObject({ start: '2026-01-01' });
  });
  it("'do i make more from dividends or interest' weighs a year of whole months (dividends come quarterly)", () => {
    expect(ledger(read('do i make more from dividends or interest'))).toMatchObject({
      measure: 'income',
      group_by: 'category',
      periods: [{ start: '2025-11-01', end: '2026-10-31' }],
    });
  });
  it("'income … by source' and 'split by job / divs / interest' are income by its kinds", () => {
    for (const q of ['income last 12 months by source', 'income last 12 mo split by job / divs / interest'])
      expect(ledger(read(q))).toMatchObject({ measure: 'income', group_by: 'category' });
  });
  it("'avg amazon order vs avg target trip' is each one's average purchase, not against the usual", () => {
    expect(ledger(read('avg amazon order vs avg starbucks trip ytd'))).toMatchObject({
      statistic: 'average',
      per: 'transaction',
      group_by: 'merchant',
      filters: { merchants: expect.arrayContaining(['Amazon', 'Starbucks']) },
    });
  });
  it('who paid me, the best month for something, a typical run, a usual weekly bill, against what I normally spend', () => {
    expect(ledger(read('who all paid me last month'))).toMatchObject({
      measure: 'income',
      group_by: 'merchant',
    });
    expect(ledger(read('whats the best month for dividends ive had this yr'))).toMatchObject({
      measure: 'income',
      statistic: 'largest',
      group_by: 'month',
      top: 1,
    });
    expect(ledger(read('how much is a typical whole foods run for me'))).toMatchObject({
      statistic: 'average',
      per: 'transaction',
    });
    expect(ledger(read('whats my usual weekly grocery bill'))).toMatchObject({
      statistic: 'average',
      per: 'week',
    });
    const plan = read('groceries this month vs what i normally spend');
    expect(plan.kind === 'tools' && plan.calls.length).toBe(2);
  });
  it('card payments counted from the side they left; a merchant before its category word; income kinds added', () => {
    const paid = read('how many times did i pay my card this yr');
    expect(paid.kind === 'tools' && paid.calls[0]).toMatchObject({
      tool: 'search_transactions',
      input: { category: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', direction: 'out' },
    });
    expect(ledger(read('how many uber rides did i take in the last 2 months')).filters).toEqual({
      merchants: ['Uber'],
    });
    expect(ledger(read('what % of my income is divs + interest this yr')).filters).toEqual({
      categories: ['INCOME_DIVIDENDS', 'INCOME_INTEREST_EARNED'],
    });
    expect(read('how much').kind).toBe('clarify');
    expect(read('if btc tanked 20% how much would i lose').kind).toBe('clarify');
  });
  it("a card's balance 'more than last month' is this month so far; 'a month ago' after an account is its history", () => {
    const card = thread('what do i owe on my credit card', 'is that more than last month');
    expect(card.kind === 'tools' && card.calls[0]).toMatchObject({
      tool: 'balance_history',
      input: { account: 'Plaid Credit Card', start: '2026-11-01', end: '2026-11-26' },
    });
    const checking = thread('checking bal', 'what was it a month ago');
    expect(checking.kind === 'tools' && checking.calls[0]?.tool).toBe('balance_history');
  });
  it("'whats my roth ira worth' with two of that name answers both, not which one", () => {
    const plan = read('whats my roth ira worth');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    // (The vocabulary names them apart by institution; here they are named alike.)
    expect(plan.reading).toMatchObject({ intent: 'balances', focus: ['Roth IRA', 'Roth IRA'] });
    expect(plan.reading.account).toBeUndefined();
  });
});

describe('coins and habits', () => {
  it("'whats my link worth' is the coin held in a wallet, not the brokerage holdings", () => {
    const withCoin = contextWith({
      securities: [...(testContext.securities ?? []), { ticker: 'LINK', name: 'Chainlink', crypto: true }],
    });
    const plan = understand('whats my link worth', withCoin, createMatcher(withCoin), undefined, false);
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading).toMatchObject({ intent: 'crypto', focus: expect.arrayContaining(['LINK']) });
  });
  it("'which restaurant gets most of my money' is a habit, over the usual months", () => {
    expect(ledger(read('which restaurant gets most of my money')).periods).toEqual([
      expect.objectContaining({ start: '2026-08-01', end: '2026-10-31' }),
    ]);
  });
});

describe('rates and usual units with no period named', () => {
  const lastThreeMonths = [expect.objectContaining({ start: '2026-08-01', end: '2026-10-31' })];
  it("'netflix + starbucks per month' is what a month usually holds, not this month so far", () => {
    const query = ledger(read('netflix + starbucks together per month'));
    expect(query).toMatchObject({ statistic: 'average', per: 'month' });
    expect(query.periods).toEqual(lastThreeMonths);
    expect(ledger(read('what do i pay a week for gas'))).toMatchObject({ statistic: 'average', per: 'week' });
  });
  it("'on a normal month what do i spend eating out' is the average month", () => {
    const query = ledger(read('on a normal month what do i spend eating out'));
    expect(query).toMatchObject({ statistic: 'average', per: 'month' });
    expect(query.periods).toEqual(lastThreeMonths);
  });
  it("'a month ago', 'in a week' and a budget are no rate", () => {
    const ago = read('what did i spend a month ago');
    if (ago.kind !== 'tools') throw new Error(JSON.stringify(ago));
    expect(ago.reading.period).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
    expect(ago.reading.shape?.statistic ?? 'total').toBe('total');
    expect(read('how much can i spend a month on food').kind).toBe('clarify');
  });
  it("'is my spending normal this month' sets the month so far against the average month", () => {
    const plan = read('is my spending normal this month or am i overdoing it');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    const usual = plan.calls[1]?.input as LedgerQueryInput;
    expect(usual).toMatchObject({ statistic: 'average', per: 'month' });
  });
  it("'how much was my last paycheck' is the latest paycheck, whenever it came", () => {
    const plan = read('wait how much was my last paycheck');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]).toMatchObject({
      tool: 'search_transactions',
      input: { category: 'INCOME_WAGES', direction: 'in' },
    });
    expect(plan.calls[0]?.input).not.toHaveProperty('start');
  });
});

describe('counting money moved', () => {
  it("'how many times did i pay my card this yr' lists the payments and leads with how many", () => {
    const plan = read('how many times did i pay my card this yr');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading).toMatchObject({ intent: 'search', counted: 'times' });
    expect(plan.calls[0]).toMatchObject({
      tool: 'search_transactions',
      input: { category: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT', direction: 'out' },
    });
  });
});

describe('the tenth batch of kinds', () => {
  it("a period said beside 'after' is that period ('last month after all my spending')", () => {
    const plan = read('did i come out ahead last month after all my spending');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.period).toMatchObject({ start: '2026-10-01', end: '2026-10-31' });
  });
  it("'this yrs spending' is this year's", () => {
    const query = ledger(read('what % of this yrs spending went on the credit card'));
    expect(query.periods).toEqual([expect.objectContaining({ start: '2026-01-01', end: '2026-11-26' })]);
  });
  it("'whats an uber usually cost me' and 'grocery run avg' are one purchase averaged", () => {
    expect(ledger(read('whats an uber usually cost me'))).toMatchObject({
      statistic: 'average',
      per: 'transaction',
    });
    expect(ledger(read('grocery run avg this yr'))).toMatchObject({
      statistic: 'average',
      per: 'transaction',
    });
  });
  it("'can i swing a 1.5k vacation' is affordability, with or without a dollar sign", () => {
    const plan = read('can i swing a 1.5k vacation');
    expect(plan.kind === 'tools' && plan.calls[0]).toMatchObject({
      tool: 'affordability',
      input: { amount: 1500 },
    });
  });
  it("'avg rent for a 1br in chicago' is declined: prices out there are not the user's data", () => {
    expect(read('avg rent for a 1br in chicago').kind).toBe('decline');
    expect(read('whats my avg rent').kind).toBe('tools');
  });
  it("the room left on a card, a balance that dropped, and an account at a month's start and end", () => {
    const room = read('how much more can i put on the plaid credit card before its maxed');
    expect(room.kind === 'tools' && room.calls[0]?.tool).toBe('list_accounts');
    const drop = read('how much did my checking drop over the past 30 days');
    expect(drop.kind === 'tools' && drop.calls[0]?.tool).toBe('balance_history');
    const ends = read('plaid checking at the start of oct vs the end');
    expect(ends.kind === 'tools' && ends.calls[0]).toMatchObject({
      tool: 'balance_history',
      input: { start: '2026-10-01', end: '2026-10-31' },
    });
  });
});

describe('shares of what is held', () => {
  it("'what % is crypto then' after the net worth is the net worth by type, crypto first", () => {
    const plan = thread('whats my net worth', 'what % is crypto then');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.calls[0]?.tool).toBe('net_worth');
    expect(plan.reading.focus).toEqual(['Crypto']);
  });
  it('a share no tool computes is asked back with what was understood, never the whole alone', () => {
    const retirement = read('what % of my net worth is in retirement accts');
    expect(retirement).toMatchObject({ kind: 'clarify' });
    expect(retirement.kind === 'clarify' && retirement.question).toMatch(/net worth in retirement accounts/);
    const ofInvestments = read('crypto as a % of my investments');
    expect(ofInvestments.kind === 'clarify' && ofInvestments.question).toMatch(/your investments in crypto/);
    const less = thread('whats my net worth', 'minus the crypto');
    expect(less.kind === 'clarify' && less.question).toMatch(/net worth without crypto/);
  });
  it("a ticker's weight stays with the holdings", () => {
    const plan = read('what % of my portfolio is vti');
    expect(plan.kind === 'tools' && plan.calls[0]?.tool).toBe('holdings');
  });
});

describe('the eleventh batch of kinds', () => {
  it("other people's money in short forms, and one's own pay ahead of time, are declined", () => {
    expect(read('how much does my bf spend on takeout').kind).toBe('decline');
    expect(read('what do my coworkers get paid').kind).toBe('decline');
    expect(read('how big will my paycheck be after my raise kicks in').kind).toBe('decline');
  });
  it("'whos been paying me' and 'top 3 dividend payers' are income by payer", () => {
    expect(ledger(read('whos been paying me this yr'))).toMatchObject({
      measure: 'income',
      group_by: 'merchant',
    });
    expect(ledger(read('top 3 dividend payers for me ytd'))).toMatchObject({
      measure: 'income',
      group_by: 'merchant',
      top: 3,
    });
  });
  it("'per day spend since the 1st' is a day's average over that period", () => {
    expect(ledger(read('per day spend since the 1st'))).toMatchObject({ statistic: 'average', per: 'day' });
  });
  it("'my lightest spending month this yr' is the smallest month", () => {
    expect(ledger(read('what was my lightest spending month this yr'))).toMatchObject({
      statistic: 'smallest',
      group_by: 'month',
    });
  });
  it('an average balance through a period is asked back', () => {
    expect(read('avg checking balance last month').kind).toBe('clarify');
  });
  it("'every paycheck from nov added up' is November's wages, not a payer called nov", () => {
    const plan = read('every paycheck from nov added up');
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(JSON.stringify(plan.calls)).not.toMatch(/"text"/);
    expect(plan.reading.period).toMatchObject({ start: '2026-11-01' });
  });
  it("'brokerage interest vs bank interest' is the income of each account", () => {
    const withBrokerage = contextWith({ accounts: [individualBrokerage, highYieldSavings] });
    const plan = understand(
      'brokerage interest vs savings interest this yr',
      withBrokerage,
      createMatcher(withBrokerage),
      undefined,
      false,
    );
    expect(ledger(plan)).toMatchObject({ measure: 'income', group_by: 'account' });
    expect(ledger(plan).filters).not.toHaveProperty('account');
  });
});

describe('session 27: accounts on each side, a part of the answer in one account, whole months before', () => {
  // One Roth IRA (a4), not two, beside the individual account.
  const withIndividual = contextWith(
    { accounts: [individualBrokerage] },
    contextWithout({ accounts: ['a5'] }),
  );
  const readIn = (q: string, previous?: Reading) =>
    understand(q, withIndividual, createMatcher(withIndividual), previous, false);

  it("'roth vs individual' names an account on each side, though 'individual' alone names none", () => {
    expect(accountsNamed(withIndividual, 'roth vs individual, how much in each').map((a) => a.id)).toEqual([
      'a4',
      'a6',
    ]);
    expect(readIn('roth vs individual, how much in each')).toMatchObject({ reading: { intent: 'balances' } });
    // One side alone names nothing new.
    expect(accountsNamed(withIndividual, 'uber vs lyft last month')).toEqual([]);
  });

  it("'how much of that was in the roth' narrows the answer just given to that account", () => {
    const first = readIn('dividends this yr');
    if (first.kind !== 'tools') throw new Error(JSON.stringify(first));
    const plan = readIn('how much of that was in the roth', first.reading);
    expect(plan.kind).toBe('tools');
    if (plan.kind !== 'tools') return;
    expect(plan.reading).toMatchObject({ intent: 'income', category: { code: 'INCOME_DIVIDENDS' } });
    expect(plan.reading.account?.id).toBe('a4');
    expect(plan.reading.period).toMatchObject({ start: '2026-01-01' });
  });

  it("'last 3 mo vs the 3 before that' sets three whole months against the three whole months before", () => {
    const query = ledger(read('is my card spending creeping up? last 3 mo vs the 3 before that'));
    expect(query.periods).toEqual([
      expect.objectContaining({ start: '2026-08-01', end: '2026-10-31' }),
      expect.objectContaining({ start: '2026-05-01', end: '2026-07-31' }),
    ]);
  });
});

describe('session 27: a share whose whole is a category named alone', () => {
  it("'what % of my eating out is fast food' is fast food's share of eating out, fast food counted in it", () => {
    const withFastFood = contextWith({
      categories: [{ code: 'FOOD_AND_DRINK_FAST_FOOD', label: 'Fast food', count: 9 }],
    });
    const plan = understand(
      'what % of my eating out is fast food this yr',
      withFastFood,
      createMatcher(withFastFood),
      undefined,
      false,
    );
    expect(ledger(plan)).toMatchObject({
      statistic: 'share',
      share_within: ['FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD'],
      filters: { categories: ['FOOD_AND_DRINK_FAST_FOOD'] },
    });
  });
});

describe('session 27: rankings, amounts, weeks of a month, trends over a year, loan interest', () => {
  it("'worst month for spending' is the month that cost the most; the worst for income the least", () => {
    expect(ledger(read('worst month for spending in the last 12'))).toMatchObject({
      statistic: 'largest',
      group_by: 'month',
      top: 1,
    });
    expect(ledger(read('best month for spending this yr'))).toMatchObject({ statistic: 'smallest' });
    expect(ledger(read('worst month for dividends this yr'))).toMatchObject({ statistic: 'smallest' });
  });
  it("'second biggest expense category' ranks down to the second, which the answer leads with", () => {
    const plan = read('second biggest expense category this yr');
    expect(ledger(plan)).toMatchObject({ statistic: 'largest', group_by: 'category', top: 2 });
    expect(plan.kind === 'tools' && plan.reading.focus?.[0]).toBe('2.');
  });
  it("'purchases between 50 and 100' bounds each purchase, with or without dollar signs", () => {
    expect(ledger(read('purchases between 50 and 100 last month, total')).filters).toMatchObject({
      min_amount: '50.00',
      max_amount: '100.00',
    });
  });
  it("'top 3 amazon orders' are Amazon's three largest purchases, not Amazon's total", () => {
    expect(ledger(read('top 3 amazon orders this yr by $'))).toMatchObject({
      statistic: 'largest',
      group_by: 'none',
      top: 3,
      filters: { merchants: ['Amazon'] },
    });
  });
  it("'uber+lyft as a % of transportation' is their share of a category's spending", () => {
    const withTransport = contextWith({
      categories: [{ code: 'TRANSPORTATION', label: 'Transportation', count: 9 }],
    });
    const plan = understand(
      'uber+lyft as a % of transportation this yr',
      withTransport,
      createMatcher(withTransport),
      undefined,
      false,
    );
    expect(ledger(plan)).toMatchObject({ statistic: 'share', share_within: ['TRANSPORTATION'] });
  });
  it("'going up or down this yr' is the months of the year in turn; 'up or down this month' the month before", () => {
    expect(ledger(read('is my restaurant spending going up or down this yr'))).toMatchObject({
      group_by: 'month',
    });
    expect(ledger(read('is my spending up or down this month')).periods).toHaveLength(2);
  });
  it("'total interest on a 15k loan at 9% over 4 yrs' is the loan calculator, led by its totals", () => {
    const plan = read('total interest on a 15k loan at 9% over 4 yrs');
    expect(plan).toMatchObject({
      kind: 'tools',
      calls: [{ tool: 'loan_payment', input: { principal: 15000, annual_rate_percent: 9, years: 4 } }],
    });
    expect(plan.kind === 'tools' && plan.reading.focus?.[0]).toBe('In total');
  });
});

describe('session 27: why two months differ, places counted, the winner per month', () => {
  it("'why the difference' after two months in turn sets both months side by side, a category by merchant", () => {
    const query = ledger(thread('groceries last month', 'and the month before?', 'why the difference'));
    expect(query).toMatchObject({
      group_by: 'merchant',
      filters: { categories: ['FOOD_AND_DRINK_GROCERIES'] },
    });
    expect(query.periods.map((p) => p.start)).toEqual(['2026-10-01', '2026-09-01']);
  });
  it("'how many different coffee shops' lists the places, each once, so the answer counts them", () => {
    expect(ledger(read('how many different grocery stores did i hit last month'))).toMatchObject({
      statistic: 'count',
      group_by: 'merchant',
    });
  });
  it("'how much is that a month' after the biggest category names that category, per month", () => {
    const first = read('biggest spending category this yr');
    if (first.kind !== 'tools') throw new Error(JSON.stringify(first));
    const plan = read('how much is that a month', { ...first.reading, listed: ['Groceries'] });
    if (plan.kind !== 'tools') throw new Error(JSON.stringify(plan));
    expect(plan.reading.category?.code).toBe('FOOD_AND_DRINK_GROCERIES');
    expect(plan.reading.period).toMatchObject({ start: '2026-01-01' });
  });
});

describe('session 27: a year as a rate, months back, interest wherever it was paid', () => {
  it("'how much do i pay spotify in a yr' is the last 12 whole months, not this month", () => {
    const plan = read('what do i spend a year on groceries');
    expect(plan.kind === 'tools' && plan.reading.period).toMatchObject({
      start: '2025-11-01',
      end: '2026-10-31',
    });
  });
  it("'what about 6 months back' after a balance is that account's balance six months ago", () => {
    const plan = thread('checking balance', 'what about 6 months back');
    expect(plan).toMatchObject({
      kind: 'tools',
      calls: [{ tool: 'balance_history', input: { start: '2026-05-01', end: '2026-05-31' } }],
    });
  });
  it("'interest earned last yr, bank + brokerage together' is all the interest, not the investments' income", () => {
    const plan = read('interest earned last yr, bank + brokerage together');
    expect(plan.kind === 'tools' && plan.reading).toMatchObject({
      intent: 'income',
      category: { code: 'INCOME_INTEREST_EARNED' },
    });
    expect(plan.kind === 'tools' && plan.reading.accountKind).toBeUndefined();
  });
});

describe('session 27: a past balance, then how it moved since; sides with twin accounts', () => {
  it("'so how much did it grow' after a balance months back runs from then to today", () => {
    const plan = thread('checking balance', 'what about 6 months back', 'so how much did it grow');
    expect(plan.kind === 'tools' && plan.reading.balanceHistory).toBe('to_today');
    const up = thread('checking balance', 'what was it a month ago', 'so its up?');
    expect(up.kind === 'tools' && up.reading.balanceHistory).toBe('to_today');
  });
  it("'roth vs individual' with two Roth IRAs names both of them and the individual account", () => {
    const twins = contextWith({ accounts: [individualBrokerage] });
    expect(
      accountsNamed(twins, 'roth vs individual, how much in each')
        .map((a) => a.id)
        .sort(),
    ).toEqual(['a4', 'a5', 'a6']);
  });
});

describe('session 27: what is left after a kind of spending', () => {
  it("'how much of last months pay was left after rent' is the pay less the rent, one net figure", () => {
    const withRent = contextWith({ categories: [rentCategory] });
    const plan = understand(
      'how much of last months pay was left after rent',
      withRent,
      createMatcher(withRent),
      undefined,
      false,
    );
    expect(ledger(plan)).toMatchObject({
      measure: 'net_cash_flow',
      statistic: 'total',
      filters: { categories: ['INCOME_WAGES', 'RENT_AND_UTILITIES_RENT'] },
      periods: [{ start: '2026-10-01', end: '2026-10-31' }],
    });
    // A balance less a payment to come is asked back, never answered with the payment alone.
    expect(
      understand(
        'whats left in checking after rent comes out',
        withRent,
        createMatcher(withRent),
        undefined,
        false,
      ).kind,
    ).toBe('clarify');
  });
});

describe('session 27: ride shares are a category, not holdings', () => {
  it("'how much did i spend on taxis and ride shares this year' is spending, even after a holdings answer", () => {
    const withRides = contextWith({
      categories: [
        { code: 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES', label: 'Taxis and ride shares', count: 20 },
      ],
    });
    const matcherWithRides = createMatcher(withRides);
    const holdings = understand('show my holdings', withRides, matcherWithRides, undefined, false);
    const plan = understand(
      'How much did I spend on taxis and ride shares this year?',
      withRides,
      matcherWithRides,
      holdings.kind === 'tools' ? holdings.reading : undefined,
      false,
    );
    expect(plan.kind === 'tools' && plan.reading.intent).toBe('spending');
  });
});

describe('session 27: ever, in a follow-up', () => {
  it("'whats the most i ever spent on it in one go' after a span reads all the linked history", () => {
    const plan = thread('groceries last 3 months', 'whats the most i ever spent on it in one go');
    expect(plan.kind).toBe('tools');
    if (plan.kind !== 'tools') return;
    expect(plan.reading.period).toMatchObject({ start: '2024-11-27', end: '2026-11-26' });
    expect(plan.reading.category?.code).toBe('FOOD_AND_DRINK_GROCERIES');
  });
});

describe('session 27: money moved into savings, on average', () => {
  it("'on avg how much goes into savings monthly' is asked back; 'what went into savings this year' is listed", () => {
    const withSavings = contextWith({ accounts: [highYieldSavings] });
    const readIn = (q: string) => understand(q, withSavings, createMatcher(withSavings), undefined, false);
    expect(readIn('on avg how much goes into savings monthly').kind).toBe('clarify');
    expect(readIn('how much of each paycheck ends up in savings').kind).toBe('clarify');
    expect(readIn('how much went into savings this year')).toMatchObject({
      kind: 'tools',
      calls: [{ tool: 'search_transactions' }],
    });
  });
});

describe('session 27: a usual card payment', () => {
  it("'how big is my card payment usually' is asked back; 'how much do i usually spend on my card' is spending", () => {
    expect(read('how big is my card payment usually').kind).toBe('clarify');
    expect(ledger(read('how much do i usually spend on my card'))).toMatchObject({
      measure: 'spending',
      statistic: 'average',
    });
  });
});

describe('session 27: months counted past an amount', () => {
  it("'how many months this yr did i spend over 5k' is asked back, never answered with the year's total", () => {
    expect(read('how many months this yr did i spend over 5k').kind).toBe('clarify');
    expect(read('how many months was i in the red this year').kind).toBe('tools');
  });
});

describe("session 27: a year's figure that fell in one month", () => {
  it("'what % of my amazon spending in 2025 was in december' is asked back, never set against this December", () => {
    expect(read('what % of my amazon spending in 2025 was in december').kind).toBe('clarify');
    expect(read('what % of my spending in 2025 was amazon').kind).toBe('tools');
  });
});

describe('session 28: a part left out by a relative clause', () => {
  const withRent = contextWith({ categories: [rentCategory] });
  const readRent = (q: string) => understand(q, withRent, createMatcher(withRent), undefined, false);
  it.each([
    ['largest purchase this yr thats not rent', 'RENT_AND_UTILITIES_RENT', 'largest'],
    ['biggest expense that isnt rent', 'RENT_AND_UTILITIES_RENT', 'largest'],
    ['spending last month that was not groceries', 'FOOD_AND_DRINK_GROCERIES', 'total'],
  ])("'%s' leaves %s out, pointing at nothing said before", (question, code, statistic) => {
    const query = ledger(readRent(question));
    expect(query.filters?.exclude_categories).toEqual([code]);
    expect(query.filters?.categories).toBeUndefined();
    expect(query.statistic).toBe(statistic);
  });
});

describe('session 28: words about merchants name none', () => {
  it("'top 3 merchants' ranks merchants even when their names start with 'Merchant'", () => {
    const numbered = contextWith({
      merchants: Array.from({ length: 12 }, (_, i) => ({ name: `Merchant ${1000 + i}`, count: 5 })),
    });
    const query = ledger(
      understand(
        'What were my top 3 merchants last month?',
        numbered,
        createMatcher(numbered),
        undefined,
        false,
      ),
    );
    expect(query).toMatchObject({ group_by: 'merchant', top: 3 });
    expect(query.filters?.merchants).toBeUndefined();
  });
});
