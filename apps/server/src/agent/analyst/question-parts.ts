import type { Exclusion } from './exclusions.ts';
import type { PeriodReading } from './period-grammar.ts';
import type { Intent } from './reading.ts';
import type { Shape } from './shape.ts';
import type { ShareWhole } from './share-whole.ts';
import type { ContextAccount, Matcher } from './vocabulary.ts';

/** The question's own parts, before any earlier reading is taken into account. */
export type Parts = {
  q: string;
  intent: Intent | undefined;
  shift: 'previous' | 'next' | undefined;
  periods: PeriodReading;
  category: ReturnType<Matcher['category']>;
  merchant: ReturnType<Matcher['merchant']>;
  merchantsNamed: string[];
  named: ContextAccount[];
  symbols: string[];
  shape: Shape;
  text: string | undefined;
  corrections: Array<[string, string]>;
  shareWhole: ShareWhole | undefined;
  /** The question without a share's whole ('of my income'): where the subject is named. */
  part: string;
  yearBack: boolean;
  /** Income from investments: dividends and interest together. */
  investmentIncome: boolean;
  /** What the total leaves out ('besides rent'). */
  exclusion: Exclusion | undefined;
};
