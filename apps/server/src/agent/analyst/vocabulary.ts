import Fuse from 'fuse.js';

/**
 * What the analyst knows of the user's own data (from the turn's context): their accounts, the
 * categories their transactions carry and their merchants. Words in a question are matched against
 * these, fuzzily, so 'starbuck', 'Whole Foods' and 'eating out' find what the user has.
 */
export type ContextAccount = {
  id: string;
  name: string;
  platform: string;
  kind: string;
  institution?: string | null;
};
export type ContextCategory = { code: string; label: string; count: number };
export type ContextMerchant = { name: string; count: number };

export type TurnContext = {
  today: string;
  accounts: ContextAccount[];
  categories: ContextCategory[];
  merchants: ContextMerchant[];
};

/** Everyday words for Plaid categories, beyond their labels. */
const CATEGORY_WORDS: Record<string, readonly string[]> = {
  FOOD_AND_DRINK_GROCERIES: ['groceries', 'grocery', 'supermarket', 'supermarkets', 'food shopping'],
  FOOD_AND_DRINK_RESTAURANT: ['restaurants', 'restaurant', 'dining', 'dining out', 'eating out', 'dinners'],
  FOOD_AND_DRINK_COFFEE: ['coffee', 'coffee shops', 'cafes'],
  FOOD_AND_DRINK_FAST_FOOD: ['fast food', 'takeaway', 'takeout'],
  FOOD_AND_DRINK: ['food', 'food and drink', 'food & drink'],
  TRANSPORTATION_GAS: ['gas', 'fuel', 'petrol', 'gas stations'],
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: ['rides', 'ride shares', 'rideshare', 'taxis', 'taxi', 'ubers'],
  TRANSPORTATION: ['transportation', 'transport', 'commuting'],
  RENT_AND_UTILITIES_RENT: ['rent'],
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: ['electricity', 'power bill', 'energy'],
  RENT_AND_UTILITIES_INTERNET_AND_CABLE: ['internet', 'cable', 'broadband'],
  RENT_AND_UTILITIES_TELEPHONE: ['phone bill', 'mobile bill', 'cell phone'],
  RENT_AND_UTILITIES: ['utilities', 'bills and utilities', 'housing'],
  TRAVEL_FLIGHTS: ['flights', 'airfare', 'plane tickets'],
  TRAVEL_LODGING: ['hotels', 'lodging', 'accommodation'],
  TRAVEL: ['travel', 'trips', 'vacation', 'holidays'],
  ENTERTAINMENT_TV_AND_MOVIES: ['streaming', 'movies', 'tv'],
  ENTERTAINMENT_MUSIC_AND_AUDIO: ['music'],
  ENTERTAINMENT: ['entertainment', 'fun', 'leisure'],
  GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES: ['clothes', 'clothing', 'apparel', 'fashion'],
  GENERAL_MERCHANDISE_ELECTRONICS: ['electronics', 'gadgets'],
  GENERAL_MERCHANDISE_ONLINE_MARKETPLACES: ['online shopping', 'online marketplaces'],
  GENERAL_MERCHANDISE: ['shopping', 'merchandise', 'stuff'],
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: ['gym', 'fitness', 'gyms', 'workouts'],
  PERSONAL_CARE: ['personal care', 'beauty'],
  MEDICAL_PHARMACIES_AND_SUPPLEMENTS: ['pharmacy', 'pharmacies', 'medicine', 'prescriptions'],
  MEDICAL: ['medical', 'healthcare', 'health care', 'doctors'],
  GENERAL_SERVICES_INSURANCE: ['insurance'],
  HOME_IMPROVEMENT: ['home improvement', 'home repairs', 'diy'],
  HOME_IMPROVEMENT_FURNITURE: ['furniture'],
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: ['donations', 'charity', 'giving'],
  BANK_FEES: ['fees', 'bank fees'],
  LOAN_PAYMENTS: ['loan payments', 'debt payments'],
};

export type Match<T> = { item: T; phrase: string; score: number };

const STOP = new Set(
  'how much did i do my me we our the a an on at in for of to from and or what was were is are spend spent spending have has had been this that last month year week since about with by much many total much money pay paid cost costs get got show tell list give'.split(
    ' ',
  ),
);

/** 1- to 3-word phrases of the question, longest first, without phrases made only of filler words. */
export function phrases(question: string): string[] {
  const words = question
    .toLowerCase()
    .replace(/[^a-z0-9&' -]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  for (let size = 3; size >= 1; size--) {
    for (let i = 0; i + size <= words.length; i++) {
      const slice = words.slice(i, i + size);
      if (slice.every((w) => STOP.has(w))) continue;
      if (STOP.has(slice[0] ?? '') || STOP.has(slice[size - 1] ?? '')) continue;
      out.push(slice.join(' '));
    }
  }
  return out;
}

export function createMatcher(context: TurnContext) {
  const categoryEntries = context.categories.flatMap((category) => [
    { code: category.code, term: category.label.toLowerCase() },
    ...(CATEGORY_WORDS[category.code] ?? []).map((term) => ({ code: category.code, term })),
  ]);
  // Primary categories the user has only through detailed ones still match ('food' → FOOD_AND_DRINK).
  for (const [code, words] of Object.entries(CATEGORY_WORDS)) {
    const has = context.categories.some((c) => c.code === code || c.code.startsWith(`${code}_`));
    if (has && !context.categories.some((c) => c.code === code)) {
      for (const term of words) categoryEntries.push({ code, term });
    }
  }
  const categoryFuse = new Fuse(categoryEntries, {
    keys: ['term'],
    includeScore: true,
    threshold: 0.25,
    ignoreLocation: true,
  });
  const merchantFuse = new Fuse(context.merchants, {
    keys: ['name'],
    includeScore: true,
    threshold: 0.3,
    ignoreLocation: true,
  });

  function best<T>(fuse: Fuse<T>, question: string, exactOf: (item: T) => string): Match<T> | undefined {
    let found: Match<T> | undefined;
    for (const phrase of phrases(question)) {
      if (phrase.length < 3) continue;
      for (const result of fuse.search(phrase, { limit: 3 })) {
        const exact = exactOf(result.item).toLowerCase() === phrase;
        const score = (exact ? 0 : (result.score ?? 1)) - phrase.split(' ').length * 0.01;
        if (!found || score < found.score) found = { item: result.item, phrase, score };
      }
    }
    return found;
  }

  return {
    category(question: string): Match<{ code: string; term: string }> | undefined {
      return best(categoryFuse, question, (e) => e.term);
    },
    merchant(question: string): Match<ContextMerchant> | undefined {
      // Merchant names are matched whole or by a distinctive word ('whole foods', 'starbucks').
      const q = question.toLowerCase();
      const direct = context.merchants
        .filter((m) => q.includes(m.name.toLowerCase()))
        .sort((a, b) => b.name.length - a.name.length)[0];
      if (direct) return { item: direct, phrase: direct.name.toLowerCase(), score: 0 };
      return best(merchantFuse, question, (m) => m.name);
    },
    categoryLabel(code: string): string {
      return context.categories.find((c) => c.code === code)?.label ?? code.toLowerCase().replace(/_/g, ' ');
    },
    /** Accounts whose name, kind or institution the question names. */
    accounts(question: string): ContextAccount[] {
      const q = question.toLowerCase();
      const byName = context.accounts.filter((a) => q.includes(a.name.toLowerCase()));
      if (byName.length > 0) return byName;
      const kinds = [
        'checking',
        'savings',
        'credit',
        'brokerage',
        'investment',
        'retirement',
        'loan',
        'wallet',
      ];
      const kind = kinds.find((k) => new RegExp(`\\b${k}\\b`).test(q));
      if (!kind) return [];
      return context.accounts.filter(
        (a) =>
          a.kind === kind ||
          (kind === 'credit' && a.kind === 'credit') ||
          a.name.toLowerCase().includes(kind),
      );
    },
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
