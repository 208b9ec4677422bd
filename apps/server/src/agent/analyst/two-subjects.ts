import { ASKS_THE_DIFFERENCE, COMBINED, combinedReading } from './earlier-answers.ts';
import type { PeriodReading } from './period-grammar.ts';
import type { Plan, Reading } from './reading.ts';
import { planLedger } from './reading-checks.ts';
import type { TurnContext } from './vocabulary.ts';

/** What a question's own words name, as far as a question about two subjects asked before needs. */
export type TwoSubjectParts = {
  q: string;
  category: unknown;
  merchant: unknown;
  named: readonly unknown[];
  periods: PeriodReading;
};

/**
 * 'combined?' after 'uber this year' and 'lyft?': the two subjects together; 'whats the difference?',
 * 'which one do I go to more often': the two side by side (counted when it asks how often).
 * Undefined when the question is not about the two subjects asked before.
 */
export function twoSubjects(
  parts: TwoSubjectParts,
  previous: Reading | undefined,
  context: TurnContext,
  deep: boolean,
): Plan | undefined {
  const { q, category, merchant, named } = parts;
  const whichOfTwo = /^(so |and |ok )?which (one|of them|of the two)\b/.test(q);
  const sideBySide = Boolean(
    previous?.subjectBefore && !previous.periodBefore && (ASKS_THE_DIFFERENCE.test(q) || whichOfTwo),
  );
  if (
    previous &&
    ((COMBINED.test(q) && !(ASKS_THE_DIFFERENCE.test(q) && previous.periodBefore)) || sideBySide) &&
    q.split(/\s+/).length <= (sideBySide ? 9 : 7) &&
    !category &&
    !merchant &&
    named.length === 0 &&
    parts.periods.mentions.length <= 1
  ) {
    const together = combinedReading(
      previous,
      sideBySide,
      /\b(often|times|visits?|go|went|trips?)\b/.test(q),
    );
    // 'combined for the whole year?': together, over the period named now.
    const period = parts.periods.mentions[0]?.period;
    if (together && period) {
      together.period = period;
      delete together.periods;
    }
    const calls = together && planLedger(together, q, context, deep);
    if (together && calls) return { kind: 'tools', reading: together, calls };
    return {
      kind: 'clarify',
      question: 'Which ones should I add together? Name them, for example "uber and lyft this year".',
    };
  }
  return undefined;
}
