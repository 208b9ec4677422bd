import type { DslKnownBlock } from '@penny/contracts';
import { fromCents, monthEnd, type Period, toCents } from '../../finance/index.ts';
import type { ToolBlock, ToolBlockRole } from './types.ts';

/**
 * How the tools write figures: en-US dollars from decimal strings (never through a float), the
 * period as 'from 2026-10-01 to 2026-10-31', counts with their noun, and the DSL blocks' shapes.
 */

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '1234.5' → '$1,234.50'; '-12' → '-$12.00'. */
export function usd(value: string | bigint): string {
  const text = fromCents(typeof value === 'bigint' ? value : toCents(value));
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}$${group(whole)}.${fraction}`;
}

/** A tool input's amount (a number or a decimal string) for an action line; as given when unusual. */
export function usdOf(value: number | string): string {
  try {
    return usd(typeof value === 'number' ? value.toFixed(2) : value);
  } catch {
    return `$${value}`;
  }
}

/** With a sign either way: '+$12.00', '-$12.00' (zero: '$0.00'). */
export function signedUsd(value: string | bigint): string {
  const cents = typeof value === 'bigint' ? value : toCents(value);
  return cents > 0n ? `+${usd(cents)}` : usd(cents);
}

/** Content markup for an amount: '@currency(USD) 1234.50'. */
export function money(value: string | bigint): string {
  return `@currency(USD) ${fromCents(typeof value === 'bigint' ? value : toCents(value))}`;
}

/** Content markup with a sign either way: '+@currency(USD) 12.00', '@currency(USD) -12.00'. */
export function signedMoney(value: string | bigint): string {
  const cents = typeof value === 'bigint' ? value : toCents(value);
  return cents > 0n ? `+${money(cents)}` : money(cents);
}

/** A decimal for a chart or table cell (display only; sums never go through it). */
export function num(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

export function percent(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined) return 'n/a';
  return `${value.toFixed(decimals).replace(/\.0+$/, '')}%`;
}

export function signedPercent(value: number | null | undefined, decimals = 1): string {
  if (value === null || value === undefined) return 'n/a';
  return `${value > 0 ? '+' : ''}${percent(value, decimals)}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayNoYearFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A day as people write it: 'November 5, 2026'; given today, the year only when it is not this one
 * ('November 5' in 2026).
 */
export function dayText(day: string, today?: string): string {
  return (today !== undefined && today.slice(0, 4) === day.slice(0, 4) ? dayNoYearFormat : dayFormat).format(
    utc(day),
  );
}

/** A calendar month ('2026-07') as people write it: 'July 2026'. */
export function monthText(month: string): string {
  return monthFormat.format(utc(`${month}-01`));
}

/**
 * A period as people say it: 'in October 2026', 'in 2025', 'on March 3, 2026', 'from March 1 to
 * November 23, 2026', 'from December 1, 2025 to January 31, 2026'.
 */
export function periodText(period: Period): string {
  const { start, end } = period;
  if (start === end) return `on ${dayText(start)}`;
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  if (start.endsWith('-01-01') && end.endsWith('-12-31') && sameYear) return `in ${start.slice(0, 4)}`;
  if (start.endsWith('-01') && start.slice(0, 7) === end.slice(0, 7) && end === monthEnd(start)) {
    return `in ${monthFormat.format(utc(start))}`;
  }
  const from = sameYear ? dayNoYearFormat.format(utc(start)) : dayText(start);
  return `from ${from} to ${dayText(end)}`;
}

export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** 'a, b and c' */
export function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * 'Accounts from the most to the least: Savings $9,000.00, Checking $1,200.00.': the holders with a
 * positive amount, largest first; nothing when fewer than two hold any.
 */
export function rankedSentence(
  heading: string,
  holders: ReadonlyArray<{ name: string; amount: string | null }>,
): string[] {
  const held = holders.filter(
    (h): h is { name: string; amount: string } => h.amount !== null && toCents(h.amount) > 0n,
  );
  if (held.length < 2) return [];
  const ranked = [...held].sort((a, b) => Number(toCents(b.amount) - toCents(a.amount)));
  return [
    `${heading} from the most to the least: ${ranked.map((h) => `${h.name} ${usd(h.amount)}`).join(', ')}.`,
  ];
}

/** The change from `previous` to `current`: cents and percent of the previous (null from zero). */
export function change(current: string, previous: string) {
  const now = toCents(current);
  const before = toCents(previous);
  const difference = now - before;
  const ratio = before === 0n ? null : Math.round((Number(difference) / Number(before)) * 1000) / 10;
  return { amount: fromCents(difference), percent: before < 0n && ratio !== null ? -ratio : ratio };
}

export function block(role: ToolBlockRole, value: DslKnownBlock): ToolBlock {
  return { role, block: value };
}

export const PLATFORM_WORD = { plaid: 'bank', snaptrade: 'brokerage', web3: 'wallet' } as const;
