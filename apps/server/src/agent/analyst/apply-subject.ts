import { SPENDING_WORDS } from './intents.ts';
import type { Parts } from './question-parts.ts';
import { LEDGER_INTENTS, type Reading } from './reading.ts';
import { PLAIN_SHAPE, type Shape } from './shape.ts';
import type { ShareWhole } from './share-whole.ts';
import type { Matcher } from './vocabulary.ts';

/** Money kept rather than spent: 'what share of my income did I save'. */
const SAVED = /\b(save|saved|saving|put away|put aside|set aside|kept|keep|left over|leftover)\b/;

/**
 * A share whose whole is named: of income (spending on the part as a share of income, an income
 * category's share of income, or the savings rate), or of a category's spending.
 */
function applyShareWhole(reading: Reading, parts: Parts): void {
  const shape = reading.shape as Shape;
  const whole = parts.shareWhole as ShareWhole;
  if (whole.kind === 'category') {
    // 'what % of my eating out is fast food': a part outside the whole's category is counted in it.
    const part = parts.category?.item.code;
    const inside = !part || part.startsWith(whole.code) || whole.code.startsWith(part);
    reading.shape = { ...shape, shareWithin: inside ? [whole.code] : [whole.code, part] };
    return;
  }
  const { category, merchant, q } = parts;
  if (category?.item.code.startsWith('INCOME')) {
    reading.intent = 'income';
    reading.shape = { ...shape, measure: 'income' };
  } else if (!category && !merchant && SAVED.test(q)) {
    // The savings rate: the cash-flow tool's own figure.
    reading.intent = 'cash_flow';
    reading.shape = { ...shape, measure: 'net_cash_flow' };
  } else if (category || merchant || SPENDING_WORDS.test(q)) {
    reading.shape = { ...shape, measure: 'spending', shareOf: 'income' };
    reading.intent = 'spending';
  }
}

/** What the question is about: a merchant, several, a category, words in descriptions. */
export function applySubject(reading: Reading, parts: Parts, matcher: Matcher): void {
  const { merchant, category, q } = parts;
  if (reading.shape?.statistic === 'share' && parts.shareWhole) applyShareWhole(reading, parts);
  const spendingLike = ['spending', 'merchants', 'search', 'largest'].includes(reading.intent);
  if (parts.text && LEDGER_INTENTS.has(reading.intent)) {
    reading.text = parts.text;
    delete reading.category;
    delete reading.merchant;
    return;
  }
  // 'groceries or restaurants?', 'uber vs lyft': each subject's figure side by side.
  const comparing = /\b(vs|versus|or|compared?|than|against|difference|which)\b/.test(q);
  const categories = matcher.categories(parts.part);
  const incomeKinds =
    reading.intent === 'income' && categories.every((c) => c.item.code.startsWith('INCOME'));
  if (
    comparing &&
    (spendingLike || incomeKinds) &&
    categories.length >= 2 &&
    parts.merchantsNamed.length < 2
  ) {
    reading.categories = categories.map((c) => ({
      code: c.item.code,
      label: matcher.categoryLabel(c.item.code),
    }));
    reading.shape = { ...(reading.shape ?? PLAIN_SHAPE), groupBy: 'category', shaped: true };
    delete reading.category;
    delete reading.merchant;
    return;
  }
  // 'flights + hotels', 'groceries n eating out n coffee': several categories added together.
  // 'divs + interest' of income; what investments brought in is read by kind instead.
  const allIncome =
    !parts.investmentIncome &&
    categories.length >= 2 &&
    categories.every((c) => c.item.code.startsWith('INCOME_'));
  if (
    !comparing &&
    (spendingLike || allIncome) &&
    categories.length >= 2 &&
    parts.merchantsNamed.length < 2 &&
    /\b(and|n|plus|with|together|combined)\b|[+&,]/.test(q)
  ) {
    reading.categories = categories.map((c) => ({
      code: c.item.code,
      label: matcher.categoryLabel(c.item.code),
    }));
    delete reading.category;
    delete reading.merchant;
    return;
  }
  if (parts.merchantsNamed.length >= 2 && spendingLike) {
    reading.merchants = parts.merchantsNamed;
    if (comparing) reading.shape = { ...(reading.shape ?? PLAIN_SHAPE), groupBy: 'merchant', shaped: true };
    delete reading.category;
    delete reading.merchant;
    return;
  }
  // A merchant wins over a category when named with 'at', matched better, or named whole where the
  // category only matched it as a synonym ('uber rides': the merchant Uber, not all ride shares).
  const merchantFirst =
    merchant &&
    (!category ||
      merchant.score < category.score - 0.05 ||
      new RegExp(`\\bat ${merchant.phrase}`).test(q) ||
      // 'lyft rides': the merchant's own rides, not every ride share.
      q.includes(`${merchant.phrase} ${category.phrase}`) ||
      (parts.merchantsNamed.length === 1 &&
        (category.phrase.startsWith(merchant.phrase) || merchant.phrase.includes(category.phrase))));
  if (merchantFirst && merchant && spendingLike) {
    reading.merchant = merchant.item.name;
    delete reading.category;
    delete reading.merchants;
    if (reading.intent === 'spending') reading.intent = 'merchants';
  } else if (
    category &&
    (spendingLike ||
      // 'where does my income come from': all income is no narrower than income.
      (reading.intent === 'income' && category.item.code.startsWith('INCOME_')))
  ) {
    reading.category = { code: category.item.code, label: matcher.categoryLabel(category.item.code) };
    delete reading.merchant;
    delete reading.merchants;
    if (reading.intent === 'merchants' && !/\bmerchants?|stores?|shops?|places\b/.test(q))
      reading.intent = 'spending';
  }
}
