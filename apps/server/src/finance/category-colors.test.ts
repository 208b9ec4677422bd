// @vitest-environment node
import { DSL_CATEGORY_COLOR_COUNT, dslCategorySlot } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import { categoryColor } from './category-colors.ts';

describe('category colours', () => {
  it('give every category Penny names a colour the renderer knows', () => {
    for (const entry of CATEGORIES) {
      const color = categoryColor(entry.code);
      expect(color, entry.code).not.toBeNull();
      expect(dslCategorySlot(color ?? ''), entry.code).not.toBeNull();
    }
  });

  it('give each primary category its own colour', () => {
    const primaries = CATEGORIES.filter((entry) => entry.level === 'primary');
    const colors = new Set(primaries.map((entry) => categoryColor(entry.code)));
    expect(colors.size).toBe(primaries.length);
    expect(primaries.length).toBeLessThanOrEqual(DSL_CATEGORY_COLOR_COUNT);
  });

  it('tell apart the detailed categories of one primary (the parts one chart shows)', () => {
    const primaries = CATEGORIES.filter((entry) => entry.level === 'primary');
    for (const primary of primaries) {
      const detailed = CATEGORIES.filter(
        (entry) => entry.level === 'detailed' && entry.primary === primary.code,
      );
      const colors = new Set(detailed.map((entry) => categoryColor(entry.code)));
      expect(colors.size, primary.code).toBe(detailed.length);
    }
  });

  it('are fixed by the map: Food and drink is the second colour, its detailed ones follow it', () => {
    expect(categoryColor('FOOD_AND_DRINK')).toBe('category-2');
    const food = CATEGORIES.filter(
      (entry) => entry.level === 'detailed' && entry.primary === 'FOOD_AND_DRINK',
    );
    expect(food.map((entry) => categoryColor(entry.code))).toEqual(
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
