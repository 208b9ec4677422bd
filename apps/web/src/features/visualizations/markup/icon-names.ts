/** The 14 icons `@icon:name` can show (docs/visualization-dsl.md lists them with their pictures). */
export const MARKUP_ICON_NAMES = [
  'wallet',
  'bank',
  'piggy-bank',
  'credit-card',
  'cash',
  'coins',
  'receipt',
  'trending-up',
  'trending-down',
  'chart',
  'target',
  'calendar',
  'shield',
  'crypto',
] as const;
export type MarkupIconName = (typeof MARKUP_ICON_NAMES)[number];

export function isMarkupIconName(name: string): name is MarkupIconName {
  return (MARKUP_ICON_NAMES as readonly string[]).includes(name);
}
