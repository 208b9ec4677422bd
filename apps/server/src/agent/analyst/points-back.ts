import { BACK_REFERENCE } from './intents.ts';
import type { Intent, Plan, Reading } from './reading.ts';

/** What a question's own words hold that says whether it points back at something said before. */
export type PointingParts = {
  q: string;
  intent: Intent | undefined;
  category: unknown;
  merchant: unknown;
  named: readonly unknown[];
  symbols: readonly string[];
  periods: { mentions: readonly unknown[] };
  shape: { shaped: boolean };
  yearBack: boolean;
};

/** 'how much did I spend on it' as a first question: what 'it' is was never said. */
export function pointsBackToNothing(parts: PointingParts, previous: Reading | undefined): Plan | undefined {
  const { q, category, merchant, named, symbols } = parts;
  // 'am I overdoing it': an idiom's 'it' in a question that reads whole is not a reference back.
  // 'how much did I spend on it', 'what did I spend there': money said of something named before.
  const moneyPointsBack =
    /\b(spen[dt]|spending|paid|pay|buy|bought|shop\w*|go|went|charged?) (\w+ )?(there|on it|at it|on that|at that|for it|on them|at them)\b/.test(
      q,
    );
  // 'at the same point in the year' names a span, not something said before.
  // 'that isn't rent', 'which was not groceries' leaves a part out (exclusions.ts), pointing nowhere.
  const pointing = q
    .replace(/\bthe same (time|point|days?|dates?|number of days|stretch|period)\b/g, ' ')
    .replace(
      /\b(that|which)('s| is| was| are| were|s)? (not|isn't|wasn't|isnt|wasnt|aren't|arent|weren't|werent)\b/g,
      ' ',
    );
  const readsWhole =
    parts.intent !== undefined &&
    !moneyPointsBack &&
    (parts.periods.mentions.length > 0 || parts.shape.shaped) &&
    !/\b(there|that|those|them|the same|this one)\b/.test(pointing);
  if (
    previous === undefined &&
    !parts.yearBack &&
    !readsWhole &&
    symbols.length === 0 &&
    BACK_REFERENCE.test(pointing) &&
    !category &&
    !merchant &&
    named.length === 0 &&
    !['compound_growth', 'loan_payment', 'savings_goal', 'emergency_fund', 'afford'].includes(
      parts.intent ?? '',
    ) &&
    !/\bthat (i|came|went)\b/.test(q) &&
    // 'which wallet has the most in it': the 'it' is the wallet asked about.
    !/\b(which|what) (wallet|account|card|coin|token|holding|stock|fund|bank)s?\b/.test(q)
  ) {
    return {
      kind: 'clarify',
      question:
        'Could you say what you mean? For example a merchant, a category or an account, and the period (like "groceries last month").',
    };
  }
  return undefined;
}
