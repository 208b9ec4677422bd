import { describe, expect, it } from 'vitest';
import { CATEGORY_PRIMARY_CODES, CATEGORY_TAXONOMY, PFC_TAXONOMY, primaryCategoryOf } from './categories.ts';

describe('category codes', () => {
  it("hold Plaid's primaries, then Penny's investment codes", () => {
    expect(CATEGORY_PRIMARY_CODES).toEqual([...Object.keys(PFC_TAXONOMY), 'INVESTMENT']);
    expect(CATEGORY_TAXONOMY.INVESTMENT).toContain('INVESTMENT_BUY');
  });

  it('file each detailed code under the primary its code starts with', () => {
    for (const primary of CATEGORY_PRIMARY_CODES) {
      expect(primaryCategoryOf(primary)).toBe(primary);
      for (const detailed of CATEGORY_TAXONOMY[primary]) {
        expect(detailed.startsWith(`${primary}_`), detailed).toBe(true);
        expect(primaryCategoryOf(detailed), detailed).toBe(primary);
      }
    }
  });

  it('give a code they do not name yet the primary it starts with, else none', () => {
    expect(primaryCategoryOf('FOOD_AND_DRINK_SOMETHING_NEW')).toBe('FOOD_AND_DRINK');
    expect(primaryCategoryOf('TRANSFER_OUT_SOMETHING_NEW')).toBe('TRANSFER_OUT');
    expect(primaryCategoryOf('SOMETHING_NEW')).toBeNull();
    expect(primaryCategoryOf('')).toBeNull();
  });
});
