import {
  type AccountCredential,
  type AccountKind,
  categoryColor,
  type LinkedAccount,
  primaryCategoryOf,
} from '@penny/contracts';
import { formatDistanceToNowStrict } from 'date-fns';

/** Display helpers for the Accounts page: money, ids, categories, dates. Amounts are decimal strings. */

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** `-1234.5`, 'USD' → '-$1,234.50' (unknown currency codes fall back to the code itself). */
export function formatMoney(amount: string | number, currency = 'USD'): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });
    }
    currencyFormats.set(currency, format);
  }
  const text = format.format(value);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** Signed amounts for transactions: money in carries a '+'. */
export function formatSignedMoney(amount: string, currency = 'USD'): string {
  const value = Number(amount);
  const text = formatMoney(Math.abs(value), currency);
  if (value > 0) return `+${text}`;
  if (value < 0) return `−${text}`;
  return text;
}

/**
 * Long ids and addresses: the first 8 and last 6 characters (docs/product/chat.md, "Long hash-like values").
 */
export function shortenId(value: string): string {
  return value.length > 20 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
}

/**
 * The accounts the page lists: every account of every connection (a bank login holds several, a wallet
 * is one). The header counts these, not connections, so its number matches the rows beside it.
 */
export function countLinkedAccounts(credentials: readonly Pick<AccountCredential, 'accounts'>[]): number {
  return credentials.reduce((total, credential) => total + credential.accounts.length, 0);
}

/**
 * An account number as statements and bank apps show it: its last digits after four dots
 * ('•••• 1234'); null when the provider gave none, so that no provider id stands in for it.
 */
export function maskedNumber(mask: string | null): string | null {
  const digits = mask?.trim();
  return digits ? `•••• ${digits}` : null;
}

/** FOOD_AND_DRINK → 'Food and drink'. */
export function humanizeCategory(category: string): string {
  const words = category.toLowerCase().replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A transaction's category as its row shows it: the detailed one when there is one
 * (FOOD_AND_DRINK_COFFEE → 'Food and drink coffee'), since a search matches the detailed category and
 * a row it finds must show why; else the primary one; else 'Uncategorized'.
 */
export function transactionCategory(transaction: {
  category: string | null;
  category_detailed: string | null;
}): string {
  const category = transaction.category_detailed ?? transaction.category;
  return category ? humanizeCategory(category) : 'Uncategorized';
}

/**
 * The colour of a transaction's category as its row's swatch shows it, a theme token
 * (`var(--penny-category-2)` for food and drink), or null for a transaction with no known category. The
 * colour is its primary category's, the one the charts give that primary
 * (docs/decisions/0017-charts-that-fit-their-data.md): a list of transactions mixes every family, and only
 * the primaries are sure never to share a colour.
 */
export function transactionCategoryColor(transaction: {
  category: string | null;
  category_detailed: string | null;
}): string | null {
  const code = transaction.category ?? transaction.category_detailed;
  const primary = code ? primaryCategoryOf(code) : null;
  const color = primary ? categoryColor(primary) : null;
  return color ? `var(--penny-${color})` : null;
}

/**
 * '5 minutes ago'; 'Unknown date' when the date cannot be read (docs/product/chat.md, "Rendering errors").
 */
export function relativeTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  if (Math.abs(now.getTime() - date.getTime()) < 45_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const thisYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * '2026-03-04' → 'Mar 4, 2026' (a calendar date, shown as written); given today, the year only when it
 * is not this one ('Mar 4' in 2026), as a list of recent transactions reads.
 */
export function formatDate(isoDate: string, today?: Date): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  const thisYear = today !== undefined && today.getFullYear() === date.getUTCFullYear();
  return (thisYear ? thisYearFormat : dateFormat).format(date);
}

export const KIND_LABELS = {
  checking: 'Checking',
  savings: 'Savings',
  credit: 'Credit',
  loan: 'Loan',
  investment: 'Investment',
  crypto: 'Crypto',
  other: 'Other',
} as const satisfies Record<AccountKind, string>;

/**
 * An account's value in USD, when it is known: the priced value for wallets and foreign currencies,
 * else the balance itself for USD accounts.
 */
export function usdValue(account: LinkedAccount): number | null {
  if (account.current_usd !== null) return Number(account.current_usd);
  if (account.currency === 'USD' && account.current !== null) return Number(account.current);
  return null;
}

/** YYYY-MM-DD of a local calendar day. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}
