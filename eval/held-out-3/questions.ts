import { CATEGORIES, type Category, type Question } from '../question-types.ts';
import { HOLDINGS_QUESTIONS } from './questions-holdings.ts';
import { MEASURE_QUESTIONS } from './questions-measures.ts';
import { MONEY_QUESTIONS } from './questions-money.ts';
import { OPEN_QUESTIONS } from './questions-open.ts';
import { TIME_QUESTIONS } from './questions-time.ts';
import { WORD_QUESTIONS } from './questions-words.ts';

/**
 * The third held-out set (SEALED, see README.md): questions typed the way people type into a chat box,
 * in the tuning set's categories, each turn with what a right answer must hold over the vendors' raw
 * records. Measured by `npm run eval -- --held-out-3`, never asserted.
 */

export const HELD_OUT_3_CATEGORIES: readonly Category[] = CATEGORIES;
export type HeldOut3Category = Category;
export type HeldOut3Question = Question;

export const HELD_OUT_3_QUESTIONS: readonly Question[] = [
  ...MONEY_QUESTIONS,
  ...MEASURE_QUESTIONS,
  ...TIME_QUESTIONS,
  ...HOLDINGS_QUESTIONS,
  ...OPEN_QUESTIONS,
  ...WORD_QUESTIONS,
];
