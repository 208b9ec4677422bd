import { it } from 'vitest';
import { normalizeQuestion } from './normalize.ts';
import { readPeriods } from './period-grammar.ts';

it('periods', () => {
  for (const q of [
    'did i come out ahead last month after all my spending',
    'what % of this yrs spending went on the credit card',
    'how much of last months pay was left after rent',
    'savings at the start of nov vs the end',
  ]) {
    const n = normalizeQuestion(q).text;
    console.log(q, '\n  =>', n, '\n  =>', JSON.stringify(readPeriods(n, '2026-12-07')));
  }
});
