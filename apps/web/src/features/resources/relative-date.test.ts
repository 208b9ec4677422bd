import { describe, expect, it } from 'vitest';
import { savedAgo } from './relative-date.ts';

describe('savedAgo', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('uses distance in words with an English suffix', () => {
    expect(savedAgo('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(savedAgo('2026-03-10T11:59:50.000Z', now)).toBe('less than a minute ago');
    expect(savedAgo('2026-03-08T12:00:00.000Z', now)).toBe('2 days ago');
    expect(savedAgo(Date.parse('2025-03-10T12:00:00.000Z'), now)).toBe('about 1 year ago');
  });

  it("reads 'Unknown date' for anything that is not a date", () => {
    expect(savedAgo('yesterday-ish', now)).toBe('Unknown date');
    expect(savedAgo('', now)).toBe('Unknown date');
    expect(savedAgo(null, now)).toBe('Unknown date');
    expect(savedAgo(undefined, now)).toBe('Unknown date');
  });
});
