import {
  CATEGORY_PRIMARY_CODES,
  CATEGORY_TAXONOMY,
  type CategoryPrimaryCode,
  primaryCategoryOf,
} from './categories.ts';
import { DSL_CATEGORY_COLOR_COUNT, type DslCategoryColor, dslCategoryColor } from './dsl.ts';

/**
 * One stable colour per category, in every chart and table, on the Accounts page and in both themes
 * (docs/decisions/0017-charts-that-fit-their-data.md). A colour is a DSL colour word, `category-N`, that the
 * web app draws with the theme's --penny-category-N token. Shared, so the server (the charts and tables
 * its tools write) and the web (the Accounts page's transactions) give a category the same colour.
 *
 * Primary categories each have their own slot, so no two primaries share a colour. A detailed category
 * takes the slots after its primary's, in the taxonomy's order, so the detailed categories of one primary
 * (the parts a chart of that primary shows) differ from each other; a chart never mixes a primary with
 * the detailed categories of another.
 */

/** Exhaustive: a new primary category fails to compile until it has a slot. The most common come first. */
const PRIMARY_SLOTS = {
  RENT_AND_UTILITIES: 1,
  FOOD_AND_DRINK: 2,
  GENERAL_MERCHANDISE: 3,
  TRANSPORTATION: 4,
  ENTERTAINMENT: 5,
  TRAVEL: 6,
  PERSONAL_CARE: 7,
  MEDICAL: 8,
  GENERAL_SERVICES: 9,
  LOAN_PAYMENTS: 10,
  HOME_IMPROVEMENT: 11,
  BANK_FEES: 12,
  GOVERNMENT_AND_NON_PROFIT: 13,
  INCOME: 14,
  TRANSFER_IN: 15,
  TRANSFER_OUT: 16,
  INVESTMENT: 17,
} as const satisfies Record<CategoryPrimaryCode, number>;

/** Each detailed code's place among its primary's detailed codes (1-based). */
const SIBLING_INDEX = new Map<string, number>(
  CATEGORY_PRIMARY_CODES.flatMap((primary) =>
    CATEGORY_TAXONOMY[primary].map((detailed, index) => [detailed, index + 1] as const),
  ),
);

/**
 * The colour of a category code, primary or detailed; null for no category or a code of no known primary
 * (the chart's palette then colours it).
 */
export function categoryColor(code: string | null | undefined): DslCategoryColor | null {
  if (!code) return null;
  const primary = primaryCategoryOf(code);
  if (!primary) return null;
  const slot = PRIMARY_SLOTS[primary];
  if (code === primary) return dslCategoryColor(slot);
  // A detailed code the taxonomy does not name yet sits after the named ones.
  const sibling = SIBLING_INDEX.get(code) ?? DSL_CATEGORY_COLOR_COUNT - 1;
  return dslCategoryColor(slot + sibling);
}
