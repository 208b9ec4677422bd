import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELD_OUT_CATEGORIES, HELD_OUT_QUESTIONS } from './held-out/questions.ts';
import { HELD_OUT_2_CATEGORIES, HELD_OUT_2_QUESTIONS } from './held-out-2/questions.ts';
import { HELD_OUT_3_CATEGORIES, HELD_OUT_3_QUESTIONS } from './held-out-3/questions.ts';
import { type Expect, HEADLINE_QUESTION, QUESTIONS } from './questions.ts';
import type { RawData } from './raw-data.ts';
import {
  checkAnswer,
  containsAmount,
  containsCount,
  containsPercent,
  containsTally,
  describeExpectation,
  describeFailure,
  type EvalReport,
  isConfidentlyWrong,
  prepareEval,
  runEval,
  statesFigure,
} from './run.ts';
import { BACKLOG_QUESTIONS } from './tuning-reading.ts';

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

  it('checks tallies with a few words before the unit, never a dollar amount', () => {
    expect(containsTally('You went 14 times.', 14, ['time'])).toBe(true);
    expect(containsTally('14 Starbucks purchases last month', 14, ['purchase'])).toBe(true);
    expect(containsTally('You made 114 purchases.', 14, ['purchase'])).toBe(false);
    expect(containsTally('$14 across 3 purchases', 14, ['purchase'])).toBe(false);
    expect(containsTally('14 of your many, many recent coffee purchases', 14, ['purchase'])).toBe(false);
    const raw = { today: '2026-11-26', plaid: [], brokerages: [], wallets: [] } satisfies RawData;
    const tally: Expect = { kind: 'tally', value: () => 3, units: ['order', 'purchase'] };
    expect(checkAnswer(tally, raw, { status: 'completed', answer: '3 Amazon orders' })).toBe(true);
    expect(checkAnswer(tally, raw, { status: 'clarification_needed', answer: '3 orders?' })).toBe(false);
    const none: Expect = { kind: 'tally', value: () => 0, units: ['ride'] };
    expect(checkAnswer(none, raw, { status: 'completed', answer: "You didn't take any rides." })).toBe(true);
    expect(checkAnswer(none, raw, { status: 'completed', answer: '0 rides in October.' })).toBe(true);
    expect(checkAnswer(none, raw, { status: 'completed', answer: 'No rides, but 4 Uber Eats orders.' })).toBe(
      false,
    );
  });
});

describe('the kinds of expectation the held-out set adds', () => {
  const raw = { today: '2026-11-26', plaid: [], brokerages: [], wallets: [] } satisfies RawData;
  const completed = (answer: string) => ({ status: 'completed', answer });

  it("'any' passes when one reading's figures are all there, asking back included when listed", () => {
    const readings: Expect = {
      kind: 'any',
      of: [
        { kind: 'clarification' },
        { kind: 'amounts', values: () => ['$10.00'] },
        { kind: 'amounts', values: () => ['$20.00', '$30.00'] },
      ],
    };
    expect(checkAnswer(readings, raw, completed('You spent $10.00.'))).toBe(true);
    expect(checkAnswer(readings, raw, completed('$20.00 then $30.00'))).toBe(true);
    expect(checkAnswer(readings, raw, completed('$20.00 then $31.00'))).toBe(false);
    expect(checkAnswer(readings, raw, { status: 'clarification_needed', answer: 'Which?' })).toBe(true);
    expect(checkAnswer({ kind: 'any', of: [] }, raw, completed('$10.00'))).toBe(false);
    expect(describeExpectation(readings, raw)).toBe(
      'one of: status clarification_needed | $10.00 | $20.00, $30.00',
    );
  });

  it("'any' skips a reading that cannot be computed on this data, and fails only when none can", () => {
    const nothing = (): string[] => {
      throw new Error('an average over nothing');
    };
    const oneComputable: Expect = {
      kind: 'any',
      of: [
        { kind: 'amounts', values: nothing },
        { kind: 'amounts', values: () => ['$10.00'] },
      ],
    };
    expect(checkAnswer(oneComputable, raw, completed('You spent $10.00.'))).toBe(true);
    expect(checkAnswer(oneComputable, raw, completed('You spent $11.00.'))).toBe(false);
    expect(describeExpectation(oneComputable, raw)).toBe('one of: (not computable here) | $10.00');
    const noneComputable: Expect = { kind: 'any', of: [{ kind: 'amounts', values: nothing }] };
    expect(() => checkAnswer(noneComputable, raw, completed('$10.00'))).toThrow('an average over nothing');
  });

  it("'declines' takes a decline or an ask-back, or a completed answer without an amount that says why", () => {
    const plain: Expect = { kind: 'declines' };
    expect(checkAnswer(plain, raw, { status: 'out_of_scope', answer: 'I can only...' })).toBe(true);
    expect(checkAnswer(plain, raw, { status: 'clarification_needed', answer: 'Which year?' })).toBe(true);
    expect(checkAnswer(plain, raw, completed("I can't predict prices."))).toBe(false);
    const bound: Expect = { kind: 'declines', orSays: /history starts/i };
    expect(checkAnswer(bound, raw, completed('Your history starts in November 2024.'))).toBe(true);
    expect(checkAnswer(bound, raw, completed('You spent $0.00 in 2019; your history starts later.'))).toBe(
      false,
    );
    expect(checkAnswer(bound, raw, completed('You spent nothing in 2019.'))).toBe(false);
    expect(checkAnswer(bound, raw, { status: 'error', answer: 'Your history starts in 2024.' })).toBe(false);
  });

  it('calls a miss confidently wrong only when it states a figure without asking back or declining', () => {
    const miss = (status: string | null, answer: string) => ({ passed: false, status, answer });
    expect(statesFigure('You spent $1,234.56 last month.')).toBe(true);
    expect(statesFigure('Groceries were 12.5% of spending.')).toBe(true);
    expect(statesFigure('You made 14 coffee purchases.')).toBe(true);
    expect(statesFigure('In the last 30 days you mostly ate out.')).toBe(false);
    expect(isConfidentlyWrong(miss('completed', 'You spent $120.00 in November.'))).toBe(true);
    expect(isConfidentlyWrong(miss('error', 'Partial: $5.00'))).toBe(true);
    expect(isConfidentlyWrong(miss('clarification_needed', 'Did you mean $5.00 or $6.00?'))).toBe(false);
    expect(isConfidentlyWrong(miss('out_of_scope', 'I can only answer about your money.'))).toBe(false);
    expect(isConfidentlyWrong(miss('completed', 'I could not find that.'))).toBe(false);
    expect(isConfidentlyWrong(miss(null, ''))).toBe(false);
    expect(isConfidentlyWrong({ passed: true, status: 'completed', answer: '$5.00' })).toBe(false);
  });
});

describe('the held-out set', () => {
  it('has at least 150 questions with unique ids that are not the tuning set ids', () => {
    expect(HELD_OUT_QUESTIONS.length).toBeGreaterThanOrEqual(150);
    const ids = HELD_OUT_QUESTIONS.map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
    const tuning = new Set(QUESTIONS.map((question) => question.id));
    expect(ids.filter((id) => tuning.has(id))).toEqual([]);
    expect(HELD_OUT_QUESTIONS.every((question) => question.turns.length > 0)).toBe(true);
  });

  it('has ids apart from the backlog, whose own ids are unique and not in the tuning set', () => {
    const backlog = BACKLOG_QUESTIONS.map((question) => question.id);
    expect(new Set(backlog).size).toBe(backlog.length);
    const tuning = new Set(QUESTIONS.map((question) => question.id));
    const heldOut = new Set(HELD_OUT_QUESTIONS.map((question) => question.id));
    expect(backlog.filter((id) => tuning.has(id) || heldOut.has(id))).toEqual([]);
  });

  it('has questions in every one of its categories', () => {
    for (const category of HELD_OUT_CATEGORIES)
      expect(HELD_OUT_QUESTIONS.filter((question) => question.category === category).length).toBeGreaterThan(
        0,
      );
  });

  describe("over today's data", () => {
    let prepared: Awaited<ReturnType<typeof prepareEval>>;
    beforeAll(async () => {
      prepared = await prepareEval();
    });
    afterAll(async () => {
      await prepared?.close();
    });

    it("can ask every question and compute every turn's expectation today (the backlog's and the second and third held-out sets' too)", () => {
      const failures: string[] = [];
      for (const question of [
        ...HELD_OUT_QUESTIONS,
        ...BACKLOG_QUESTIONS,
        ...HELD_OUT_2_QUESTIONS,
        ...HELD_OUT_3_QUESTIONS,
      ])
        for (const [index, turn] of question.turns.entries())
          try {
            const message = typeof turn.ask === 'function' ? turn.ask(prepared.raw) : turn.ask;
            if (message.trim() === '') throw new Error('an empty question');
            describeExpectation(turn.expect, prepared.raw);
          } catch (error) {
            failures.push(`${question.id}#${index + 1}: ${String(error)}`);
          }
      expect(failures).toEqual([]);
    });
  });
});

describe('the second held-out set', () => {
  it('has at least 150 questions with unique ids that no other set uses', () => {
    expect(HELD_OUT_2_QUESTIONS.length).toBeGreaterThanOrEqual(150);
    const ids = HELD_OUT_2_QUESTIONS.map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
    const others = new Set(
      [...QUESTIONS, ...BACKLOG_QUESTIONS, ...HELD_OUT_QUESTIONS].map((question) => question.id),
    );
    expect(ids.filter((id) => others.has(id))).toEqual([]);
    expect(HELD_OUT_2_QUESTIONS.every((question) => question.turns.length > 0)).toBe(true);
  });

  it('has questions in every one of its categories', () => {
    for (const category of HELD_OUT_2_CATEGORIES)
      expect(
        HELD_OUT_2_QUESTIONS.filter((question) => question.category === category).length,
      ).toBeGreaterThan(0);
  });
});

describe('the third held-out set', () => {
  it('has at least 150 questions with unique ids that no other set uses', () => {
    expect(HELD_OUT_3_QUESTIONS.length).toBeGreaterThanOrEqual(150);
    const ids = HELD_OUT_3_QUESTIONS.map((question) => question.id);
    expect(new Set(ids).size).toBe(ids.length);
    const others = new Set(
      [...QUESTIONS, ...BACKLOG_QUESTIONS, ...HELD_OUT_QUESTIONS, ...HELD_OUT_2_QUESTIONS].map(
        (question) => question.id,
      ),
    );
    expect(ids.filter((id) => others.has(id))).toEqual([]);
    expect(HELD_OUT_3_QUESTIONS.every((question) => question.turns.length > 0)).toBe(true);
  });

  it('has questions in every one of its categories', () => {
    for (const category of HELD_OUT_3_CATEGORIES)
      expect(
        HELD_OUT_3_QUESTIONS.filter((question) => question.category === category).length,
      ).toBeGreaterThan(0);
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
