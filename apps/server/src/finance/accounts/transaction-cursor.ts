import { ACCOUNT_LIMITS } from '@penny/contracts';

/** The keyset position of a page of transactions (newest first), opaque to clients. */
export type TransactionCursor = { date: string; id: number };

export function encodeTransactionCursor(position: TransactionCursor): string {
  return Buffer.from(`${position.date}|${position.id}`, 'utf8').toString('base64url');
}

export function decodeTransactionCursor(cursor: string): TransactionCursor | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})\|(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) return null;
  // Date.parse rolls 2024-02-30 over to March; only a day that exists may reach the query.
  const day = new Date(`${match[1]}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== match[1]) return null;
  if (match[1] < ACCOUNT_LIMITS.minDate || match[1] > ACCOUNT_LIMITS.maxDate) return null;
  return { date: match[1], id: Number(match[2]) };
}
