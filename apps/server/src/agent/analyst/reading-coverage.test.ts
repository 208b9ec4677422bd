import { describe, expect, it } from 'vitest';
import type { Plan, Reading } from './reading.ts';
import { coveredPlan } from './reading-coverage.ts';
import { contextWith, testContext, withMatcher } from './test-context.ts';
import { understand } from './understand.ts';
import type { TurnContext } from './vocabulary.ts';

/**
 * Scope by reading (docs/agent.md, "How a question is read"): a word that may matter and that the plan
 * did not read turns the answer into an ask-back that says what was read; words that agree with the
 * plan, or that changed it, or that are how any question is put, never do.
 */
function readIn(context: TurnContext) {
  const { matcher } = withMatcher(context);
  return (question: string, previous?: Reading): Plan =>
    coveredPlan(question, understand(question, context, matcher, previous, false), {
      matcher,
      reread: (q) => understand(q, context, matcher, previous, false),
    });
}
const read = readIn(testContext);

function askedBack(plan: Plan): string {
  if (plan.kind !== 'clarify') throw new Error(`expected an ask-back, got ${JSON.stringify(plan)}`);
  return plan.question;
}

describe('a word the plan did not read is asked back, with what was read', () => {
  it('a word naming what the plan does not count ("sushi" beside dinners read as all restaurants)', () => {
    const question = askedBack(read('whats a sushi dinner usually run me'));
    expect(question).toContain('"sushi"');
    expect(question).toMatch(
      /^I read your question as your spending on Restaurants over the last 3 full months/,
    );
  });

  it('a unit of time longer than the period read ("for the month" of a day read as the day)', () => {
    const question = askedBack(read('my spending on the 3rd, for the month'));
    expect(question).toContain('"month"');
    expect(question).toMatch(/your spending on Nov 3, 2026/);
  });

  it('an account the plan does not count in, beside a merchant ("starbucks spending in the roth")', () => {
    expect(askedBack(read('starbucks spending in the roth'))).toContain('"starbucks"');
    // Without the account, the merchant's spending is read and answered.
    expect(read('starbucks spending last month').kind).toBe('tools');
  });

  it('a unit the plan has no way to count by ("per gallon", "per paycheck" on groceries)', () => {
    expect(askedBack(read('spending on gas per gallon'))).toContain('"gallon"');
    expect(askedBack(read('avg per paycheck on groceries'))).toContain('"groceries"');
  });

  it('the ask-back keeps the reading, so "yes" answers it', () => {
    const plan = read('my spending on the 3rd, for the month');
    expect(plan.kind === 'clarify' && plan.reading?.intent).toBe('spending');
  });
});

describe('words that agree with the plan, changed it, or are how a question is put', () => {
  it.each([
    'how much did i spend on groceries last month',
    'hey quick q - groceries last month pls thx',
    'what have i spent so far this month',
    '5 biggest purchases this month',
    'top 3 merchants last month',
    'starbucks coffee last month',
    'how much did my paychecks bring in this year',
    'hows my amazon habit trending lately',
    'can i afford a $1500 laptop',
    'spent how much in the last 7 days',
    'my checking account balance',
  ])('%s is answered', (question) => {
    expect(read(question).kind).toBe('tools');
  });
});
