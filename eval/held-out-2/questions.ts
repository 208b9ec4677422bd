import { BALANCE_QUESTIONS, CRYPTO_QUESTIONS, INVESTMENT_QUESTIONS } from './questions-holdings.ts';
import {
  AVERAGE_QUESTIONS,
  COUNT_QUESTIONS,
  RANKING_QUESTIONS,
  SHARE_QUESTIONS,
} from './questions-measures.ts';
import { CASH_FLOW_QUESTIONS, INCOME_QUESTIONS, SPENDING_QUESTIONS } from './questions-money.ts';
import {
  AMBIGUOUS_QUESTIONS,
  FOLLOW_UP_QUESTIONS,
  HISTORY_BOUND_QUESTIONS,
  MUST_DECLINE_QUESTIONS,
  OPEN_QUESTIONS,
} from './questions-open.ts';
import { COMPARISON_QUESTIONS, PERIOD_QUESTIONS, TREND_QUESTIONS } from './questions-time.ts';
import type { HeldOut2Question } from './shorthands.ts';

/**
 * The second held-out evaluation set: SEALED (see README.md). Questions typed the way people type into
 * a chat box, written on 2026-11-27 from the sandbox's generators and the definitions in docs/agent.md,
 * without reading the analyst. Each turn says what a right answer must hold, computed from the vendors'
 * raw records (./expected.ts, ../held-out/expected.ts, ../expected.ts); where a question has several
 * defensible readings, each reading is accepted ('any'), an ask-back included where it is reasonable.
 */

export {
  HELD_OUT_2_CATEGORIES,
  type HeldOut2Category,
  type HeldOut2Question,
} from './shorthands.ts';

export const HELD_OUT_2_QUESTIONS: readonly HeldOut2Question[] = [
  ...SPENDING_QUESTIONS,
  ...INCOME_QUESTIONS,
  ...CASH_FLOW_QUESTIONS,
  ...COUNT_QUESTIONS,
  ...AVERAGE_QUESTIONS,
  ...RANKING_QUESTIONS,
  ...SHARE_QUESTIONS,
  ...BALANCE_QUESTIONS,
  ...INVESTMENT_QUESTIONS,
  ...CRYPTO_QUESTIONS,
  ...PERIOD_QUESTIONS,
  ...COMPARISON_QUESTIONS,
  ...TREND_QUESTIONS,
  ...OPEN_QUESTIONS,
  ...FOLLOW_UP_QUESTIONS,
  ...MUST_DECLINE_QUESTIONS,
  ...HISTORY_BOUND_QUESTIONS,
  ...AMBIGUOUS_QUESTIONS,
];
