import type { RawData } from './raw-data.ts';

/**
 * The shapes of the tuning set (questions.ts and the files it gathers): its categories, a question, its
 * turns and what a right answer must hold. Apart from questions.ts so the files it gathers can use them
 * without importing it back.
 */

export const CATEGORIES = [
  'spending',
  'income',
  'cash_flow',
  'net_worth',
  'recurring',
  'largest',
  'investments',
  'crypto',
  'calculators',
  'follow_ups',
  'out_of_scope',
  'ambiguous',
  // How people type (tuning-reading.ts): every kind of reading of a question.
  'periods',
  'comparisons',
  'trends',
  'averages',
  'counts',
  'rankings',
  'shares',
  'filters',
  'history_bounds',
  'must_decline',
  'several_readings',
  'open_questions',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type Expect =
  /** Every money string (en-US USD, two places: '$1,234.56') appears in the answer; so do the mentions. */
  | { kind: 'amounts'; values: (raw: RawData) => string[]; mentions?: (raw: RawData) => string[] }
  /** The answer states this percentage (to the precision it prints, e.g. 23.4% or 23%). */
  | { kind: 'percent'; value: (raw: RawData) => number }
  /** The answer states this whole number followed by the unit ('25 months'). */
  | { kind: 'count'; value: (raw: RawData) => number; unit: string }
  /** The turn's status is 'clarification_needed'. */
  | { kind: 'clarification' }
  /** The turn's status is 'out_of_scope'. */
  | { kind: 'out_of_scope' }
  /**
   * The answer states this whole number before one of the units, up to three words between
   * ('14 transactions', '14 Starbucks purchases'); a unit matches its plural too. A zero may also be
   * said in words ("you didn't take any") by an answer that states no other figure.
   */
  | { kind: 'tally'; value: (raw: RawData) => number; units: readonly string[] }
  /** Any one of these holds: every defensible reading of the question is accepted. */
  | { kind: 'any'; of: readonly Expect[] }
  /**
   * Declines or asks back (status 'out_of_scope' or 'clarification_needed'), so no figure is stated
   * for another question; with `orSays`, also a completed answer that states no money amount and
   * whose text matches `orSays` (e.g. that the linked history starts later, that a period is ahead).
   */
  | { kind: 'declines'; orSays?: RegExp };

export type Turn = { ask: string | ((raw: RawData) => string); expect: Expect };
export type Question = { id: string; category: Category; turns: Turn[] };
