import { beforeAll, describe, expect, it } from 'vitest';
import { HEADLINE_QUESTION, QUESTIONS } from './questions.ts';
import type { RawData } from './raw-data.ts';
import {
  checkAnswer,
  containsAmount,
  containsCount,
  containsPercent,
  describeFailure,
  type EvalReport,
  runEval,
} from './run.ts';

describe('the evaluation set', () => {
  it('has at least 80 questions with unique ids, the headline question among them', () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(QUESTIONS.map((question) => question.id)).size).toBe(QUESTIONS.length);
    expect(QUESTIONS.some((question) => question.turns[0]?.ask === HEADLINE_QUESTION)).toBe(true);
  });

  it('checks amounts as written, percentages to their printed precision, counts with their unit', () => {
    expect(containsAmount('You spent $1,234.56 on groceries.', '$1,234.56')).toBe(true);
    expect(containsAmount('You spent $11,234.56.', '$1,234.56')).toBe(false);
    expect(containsAmount('You spent $1,234.567.', '$1,234.56')).toBe(false);
    expect(containsAmount('You spent $1234.56.', '$1,234.56')).toBe(false);
    expect(containsPercent('Your savings rate was 23.4%.', 23.43)).toBe(true);
    expect(containsPercent('Your savings rate was 23%.', 23.43)).toBe(true);
    expect(containsPercent('Your savings rate was 23.5%.', 23.43)).toBe(false);
    expect(containsPercent('You spent more than you earned: -12.1 %', -12.08)).toBe(true);
    expect(containsCount('It takes 25 months.', 25, 'months')).toBe(true);
    expect(containsCount('It takes 125 months.', 25, 'months')).toBe(false);
    const raw = { today: '2026-11-23', plaid: [], brokerages: [], wallets: [] } satisfies RawData;
    const amounts = { kind: 'amounts', values: () => ['$5.00'], mentions: () => ['Netflix'] } as const;
    expect(checkAnswer(amounts, raw, { status: 'completed', answer: 'netflix costs $5.00' })).toBe(true);
    expect(checkAnswer(amounts, raw, { status: 'clarification_needed', answer: 'Netflix: $5.00' })).toBe(
      false,
    );
    expect(checkAnswer(amounts, raw, { status: 'completed', answer: 'Spotify costs $5.00' })).toBe(false);
    expect(checkAnswer({ kind: 'out_of_scope' }, raw, { status: 'out_of_scope', answer: '' })).toBe(true);
    expect(checkAnswer({ kind: 'clarification' }, raw, { status: 'completed', answer: '' })).toBe(false);
  });
});

describe('the agent against the evaluation set', () => {
  let report: EvalReport;
  beforeAll(async () => {
    report = await runEval();
  });

  const failuresOf = (categories: (category: string) => boolean) =>
    report.failures.filter((failure) => categories(failure.category)).map(describeFailure);

  it('answers every in-scope question right', () => {
    expect(failuresOf((category) => category !== 'out_of_scope' && category !== 'ambiguous')).toEqual([]);
  });

  it('refuses every out-of-scope question', () => {
    expect(failuresOf((category) => category === 'out_of_scope')).toEqual([]);
  });

  it('asks back on every ambiguous question', () => {
    expect(failuresOf((category) => category === 'ambiguous')).toEqual([]);
  });
});
