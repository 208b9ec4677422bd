import type { Question } from './question-types.ts';
import { MEASURE_QUESTIONS } from './tuning-reading-measures.ts';
import { OPEN_QUESTIONS } from './tuning-reading-open.ts';
import { PERIOD_QUESTIONS } from './tuning-reading-periods.ts';
import { TYPED_QUESTIONS } from './tuning-typed.ts';
import { TYPED_QUESTIONS_2 } from './tuning-typed-2.ts';
import { TYPED_3_QUESTIONS } from './tuning-typed-3.ts';
import { TYPED_4_QUESTIONS } from './tuning-typed-4.ts';
import { TYPED_5_QUESTIONS } from './tuning-typed-5.ts';
import { TYPED_6_QUESTIONS } from './tuning-typed-6.ts';
import { TYPED_7_QUESTIONS } from './tuning-typed-7.ts';
import { TYPED_8_QUESTIONS } from './tuning-typed-8.ts';
import { TYPED_9_QUESTIONS } from './tuning-typed-9.ts';
import { TYPED_10_QUESTIONS } from './tuning-typed-10.ts';
import { TYPED_11_QUESTIONS } from './tuning-typed-11.ts';
import { TYPED_12_QUESTIONS } from './tuning-typed-12.ts';
import { TYPED_13_QUESTIONS } from './tuning-typed-13.ts';

/**
 * The tuning set's questions typed as people type into a chat box (lower case, typos, abbreviations,
 * casual shapes), over every kind of reading: periods, comparisons, trends, averages, counts, rankings,
 * shares, filters, history bounds, must-declines, several readings, open questions and follow-ups.
 * Written from how people ask, not from the analyst's rules; expectations are plain arithmetic over the
 * raw records (expected.ts, expected-reading.ts, expected-typed.ts, expected-typed-2.ts, expected-typed-3.ts) with the
 * definitions docs/agent.md states.
 */
export const READING_QUESTIONS: readonly Question[] = [
  ...PERIOD_QUESTIONS,
  ...MEASURE_QUESTIONS,
  ...OPEN_QUESTIONS,
  ...TYPED_QUESTIONS,
  ...TYPED_QUESTIONS_2,
];

/**
 * The third to thirteenth typed batches (tuning-typed-3.ts to tuning-typed-13.ts, each written without reading
 * the analyst): the backlog, measured by `npm run eval -- --backlog` and read to fix kinds of reading, each
 * asserted once it all passes.
 */
export const BACKLOG_QUESTIONS: readonly Question[] = [
  ...TYPED_3_QUESTIONS,
  ...TYPED_4_QUESTIONS,
  ...TYPED_5_QUESTIONS,
  ...TYPED_6_QUESTIONS,
  ...TYPED_7_QUESTIONS,
  ...TYPED_8_QUESTIONS,
  ...TYPED_9_QUESTIONS,
  ...TYPED_10_QUESTIONS,
  ...TYPED_11_QUESTIONS,
  ...TYPED_12_QUESTIONS,
  ...TYPED_13_QUESTIONS,
];
