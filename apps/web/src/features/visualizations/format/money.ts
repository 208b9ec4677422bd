import { toDslNumber } from '@penny/contracts';
import { type Currency, carriesCurrencySymbol, currencyInText, formatMoney } from './currency.ts';

/**
 * The money rules every visual answer shares (docs/product/design.md, "Visual language":
 * "money looks like money everywhere"): which names and values are money, the sign and colour of a flow, and
 * one formatter for tables, chart ticks, tooltips, captions and markup (currency.ts does the
 * Intl.NumberFormat work, 2 or 4 decimals).
 */

/** Used when something is money but says nothing of its currency. */
export const DEFAULT_CURRENCY: Currency = { kind: 'code', code: 'USD' };

/**
 * Names of money columns and series. The four of docs/product/chat.md, "Tables" (price, fee, cost, amount)
 * plus the words finance tables use for money: 'Balance', 'Market value', 'Cost basis', 'Net worth',
 * 'Income', 'Spending'... A bare 'value' or 'total' is not enough on its own (it may be a count or a score).
 */
const MONEY_NAME = new RegExp(
  [
    'price',
    'fee',
    'cost',
    'amount',
    'balance',
    '(market|cash|portfolio|account|total|net|book|fair|face|current|position)[\\s_-]?value',
    'net[\\s_-]?worth',
    'income',
    'spend(ing|t)?',
    'expenses?',
    'payments?',
    'salary',
    'revenue',
    'profit',
    'p&l',
    'pnl',
    'gain',
    'budget',
    'deposits?',
    'withdrawals?',
    'proceeds',
    'principal',
    'debt',
    'rent',
    'savings',
  ].join('|'),
  'i',
);

/** True when a key, header or series label names money ('unit_price', 'Market value', 'Balance'). */
export function isMoneyName(name: string): boolean {
  // Share-like and rate-like names are not money even when a money word is in them.
  // ('Unit price' is money; 'Units' and 'Shares' are not.)
  if (/%|percent|\brates?\b|ratio|\bshares\b|\bcount\b|quantity|\bqty\b|\bunits\b/i.test(name)) return false;
  return MONEY_NAME.test(name);
}

function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && toDslNumber(value) !== null && !/%\s*$/.test(value);
}

/**
 * Whether a column is money, and in which currency: by its name (then the table's currency, else
 * USD), or by its values when every one is a number and some carry a currency symbol ('$1,200').
 */
export function detectMoneyColumn(
  name: string,
  values: readonly unknown[],
  tableCurrency: Currency | null,
): Currency | null {
  const symbolCurrency =
    values
      .map((value) =>
        typeof value === 'string' && carriesCurrencySymbol(value) ? currencyInText(value) : null,
      )
      .find((currency) => currency !== null) ?? null;
  if (isMoneyName(name)) return tableCurrency ?? symbolCurrency ?? DEFAULT_CURRENCY;
  if (symbolCurrency && values.every(isNumeric)) return tableCurrency ?? symbolCurrency;
  return null;
}

/**
 * Names of amounts held or quoted rather than moved: a balance, a value, a price. A negative one (an
 * overdrawn account) is still not money going out, so these are never coloured as flows.
 */
const STOCK_NAME = /balance|value|price|worth|basis|principal|debt|budget|limit/i;

/** True when negative amounts under this name are flows (money out), e.g. 'Amount', 'Net income'. */
export function isFlowName(name: string): boolean {
  return !STOCK_NAME.test(name);
}

/** Money in, money out, or neither (a balance or a price is not a flow). */
export type MoneyTone = 'in' | 'out' | 'neutral';

/**
 * A flow's tone: in a signed column (one holding negative amounts, such as transactions), positive is
 * money in and negative money out. Zero, and every value of an unsigned column, are neutral.
 */
export function moneyTone(value: number, signed: boolean): MoneyTone {
  if (!signed || value === 0 || !Number.isFinite(value)) return 'neutral';
  return value > 0 ? 'in' : 'out';
}

/**
 * docs/product/design.md, "Visual language": green means money in and red money out, everywhere, never
 * decoration.
 */
export const MONEY_TONE_CLASS: Record<MoneyTone, string> = {
  in: 'text-positive',
  out: 'text-negative',
  neutral: '',
};

/**
 * An amount with its sign spelled out, so the colour is never the only cue: '+$1,450.00' in,
 * '-$42.10' out, '$0.00' for zero. Unsigned amounts (balances) carry only a minus when negative.
 */
export function formatSignedMoney(value: number, currency: Currency, signed = true): string {
  const text = formatMoney(value, currency);
  return signed && value > 0 && Number.isFinite(value) ? `+${text}` : text;
}

/** The currency a chart means when it names none: money words in its title or series, else none. */
export function inferredCurrency(names: ReadonlyArray<string | undefined | null>): Currency | null {
  return names.some((name) => typeof name === 'string' && isMoneyName(name)) ? DEFAULT_CURRENCY : null;
}
