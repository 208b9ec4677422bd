import { describe, expect, it } from 'vitest';
import { CATEGORY_PRIMARY_CODES, CATEGORY_TAXONOMY } from './categories.ts';
import { categoryColor } from './category-colors.ts';
import { DSL_CATEGORY_COLOR_COUNT, dslCategorySlot } from './dsl.ts';

const DETAILED_CODES = CATEGORY_PRIMARY_CODES.flatMap((primary) => CATEGORY_TAXONOMY[primary]);

describe('category colours', () => {
  it('give every category Penny names a colour the renderer knows', () => {
    for (const code of [...CATEGORY_PRIMARY_CODES, ...DETAILED_CODES]) {
      const color = categoryColor(code);
      expect(color, code).not.toBeNull();
      expect(dslCategorySlot(color ?? ''), code).not.toBeNull();
    }
  });

  it('give each primary category its own colour', () => {
    const colors = new Set(CATEGORY_PRIMARY_CODES.map((code) => categoryColor(code)));
    expect(colors.size).toBe(CATEGORY_PRIMARY_CODES.length);
    expect(CATEGORY_PRIMARY_CODES.length).toBeLessThanOrEqual(DSL_CATEGORY_COLOR_COUNT);
  });

  it('tell apart the detailed categories of one primary (the parts one chart shows)', () => {
    for (const primary of CATEGORY_PRIMARY_CODES) {
      const detailed = CATEGORY_TAXONOMY[primary];
      const colors = new Set(detailed.map((code) => categoryColor(code)));
      expect(colors.size, primary).toBe(detailed.length);
    }
  });

  it('are fixed by the map: Food and drink is the second colour, its detailed ones follow it', () => {
    expect(categoryColor('FOOD_AND_DRINK')).toBe('category-2');
    const food = CATEGORY_TAXONOMY.FOOD_AND_DRINK;
    expect(food.map((code) => categoryColor(code))).toEqual(
      food.map((_, index) => `category-${((2 + index) % DSL_CATEGORY_COLOR_COUNT) + 1}`),
    );
  });

  it('leave no category and unknown families to the palette', () => {
    expect(categoryColor(null)).toBeNull();
    expect(categoryColor('SOMETHING_NEW')).toBeNull();
    // A new detailed code of a known family still gets a colour of the renderer's.
    expect(dslCategorySlot(categoryColor('FOOD_AND_DRINK_SOMETHING_NEW') ?? '')).not.toBeNull();
  });
});
