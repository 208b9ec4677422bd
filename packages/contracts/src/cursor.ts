import { z } from 'zod';
import { isSafeText } from './text.ts';

/**
 * Keyset cursors for newest-first lists: the last row's (created_at, id), base64url JSON, opaque to
 * clients. Decoded and range-checked as input, so a forged cursor with a date PostgreSQL cannot hold
 * (year 0, 10000, ±271821) or a NUL in its id is a 400, never a failed query.
 */
export type KeysetPosition = { createdAt: Date; id: string };

/** Timestamps a cursor may carry: what the server itself hands out (after 2000, before 9999). */
const CURSOR_TIME_RANGE = { min: Date.UTC(2000, 0, 1), max: Date.UTC(9999, 11, 31) } as const;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CURSOR_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const CURSOR_MAX_LENGTH = 256;

export function encodeKeysetCursor(position: KeysetPosition): string {
  const text = JSON.stringify([position.createdAt.toISOString(), position.id]);
  return base64UrlEncode(text);
}

/** The position a cursor names, or null when it is not one the server could have handed out. */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let value: unknown;
  try {
    value = JSON.parse(base64UrlDecode(cursor));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [time, id] = value;
  if (typeof time !== 'string' || typeof id !== 'string') return null;
  if (!ISO_INSTANT.test(time) || !CURSOR_ID.test(id) || !isSafeText(id)) return null;
  const at = Date.parse(time);
  if (!Number.isFinite(at) || at < CURSOR_TIME_RANGE.min || at > CURSOR_TIME_RANGE.max) return null;
  return { createdAt: new Date(at), id };
}

/** A `cursor` query parameter: must decode to a position the server could have handed out. */
export const keysetCursorSchema = z
  .string()
  .max(CURSOR_MAX_LENGTH, 'is not a valid cursor')
  .refine((cursor) => decodeKeysetCursor(cursor) !== null, 'is not a valid cursor');

// Runs in the browser and on the server: no Buffer.
function base64UrlEncode(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(cursor: string): string {
  const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}
