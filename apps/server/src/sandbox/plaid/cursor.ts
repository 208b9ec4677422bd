import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the item's data looked like: its "today", how many custom transactions it had, and whether only
 * the initial pull's last 30 days were ready (`recent`; the historical pull still running).
 */
export type Version = { day: number; custom: number; recent: boolean };

/**
 * A /transactions/sync position: the version the client has fully applied (`base`, null before the first
 * sync) and, while paging, the version it is paging towards and how many changes it has had.
 */
export type CursorState = { base: Version | null; target: Version | null; offset: number };

/**
 * Cursors are opaque to the client: base64url JSON plus an HMAC under the item's own key, so a cursor
 * that was forged, garbled or taken from another item is refused instead of being trusted.
 */
export function encodeCursor(state: CursorState, key: string): string {
  const payload = Buffer.from(
    JSON.stringify([
      state.base?.day ?? null,
      state.base?.custom ?? null,
      state.target?.day ?? null,
      state.target?.custom ?? null,
      state.offset,
      recentFlag(state.base),
      recentFlag(state.target),
    ]),
  ).toString('base64url');
  return `${payload}.${mac(payload, key)}`;
}

export function decodeCursor(cursor: string, key: string): CursorState | null {
  const [payload, signature, extra] = cursor.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload, key));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  // Five values: a cursor made before the initial pull was staged (its versions were whole histories).
  if (!Array.isArray(values) || (values.length !== 5 && values.length !== 7)) return null;
  const [baseDay, baseCustom, targetDay, targetCustom, offset, baseRecent = 0, targetRecent = 0] = values;
  const version = (day: unknown, custom: unknown, recent: unknown): Version | null | undefined => {
    if (day === null && custom === null) return null;
    return Number.isInteger(day) && Number.isInteger(custom) && (recent === 0 || recent === 1)
      ? { day: Number(day), custom: Number(custom), recent: recent === 1 }
      : undefined;
  };
  const base = version(baseDay, baseCustom, baseRecent ?? 0);
  const target = version(targetDay, targetCustom, targetRecent ?? 0);
  if (base === undefined || target === undefined || !Number.isInteger(offset) || Number(offset) < 0)
    return null;
  return { base, target, offset: Number(offset) };
}

function recentFlag(version: Version | null): 0 | 1 | null {
  if (!version) return null;
  return version.recent ? 1 : 0;
}

function mac(payload: string, key: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);
}
