// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateValue, isHashLike, parseDate, readableDateLabel, truncateHash } from './values.ts';

describe('hash-like values', () => {
  it.each([
    ['an EVM transaction hash', `0x${'ab12'.repeat(16)}`],
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['a short 0x value over 20 characters', '0x1234567890abcdef1234'],
    ['a Solana address', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'],
    ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['a bech32 address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['over 30 alphanumerics', 'abcdefghijklmnopqrstuvwxyzABCDE'],
    ['24 hex characters', 'deadbeef0123456789abcdef'],
    ['base58 of 22 characters', '3J98t1WpEZ73CNmQviecrn'],
    ['a UUID', '550e8400-e29b-41d4-a716-446655440000'],
  ])('%s is hash-like', (_name, value) => {
    expect(isHashLike(value)).toBe(true);
  });

  it.each([
    ['20 characters', '0x123456789012345678'],
    ['a long word', 'internationalization'],
    ['words with spaces', 'a very long sentence with many words in it'],
    ['30 alphanumerics with no hash shape', 'abcdefghijklmnopqrstuvwxyzABCD'],
    ['digits only', '123456789012345678901234'],
    ['a sentence-like slug', 'monthly-spending-report-2024'],
  ])('%s is not', (_name, value) => {
    expect(isHashLike(value)).toBe(false);
  });

  it('shows the first 8 and last 6 characters', () => {
    const hash = `0x${'0123456789abcdef'.repeat(4)}`;
    expect(truncateHash(hash)).toBe('0x012345…abcdef');
    expect(truncateHash('short')).toBe('short');
  });
});

describe('dates', () => {
  it('reads ISO dates (date-only as that local day), readable dates and epoch times', () => {
    expect(formatDateValue('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDateValue('Mar 5, 2024')).toBe('Mar 5, 2024');
    expect(formatDateValue('03/05/2024')).toBe('Mar 5, 2024');
    expect(formatDateValue('2024-05-31T20:00:00Z')).toBe(
      new Date(Date.UTC(2024, 4, 31, 20))
        .toLocaleString('en-US', {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        })
        .replace(/\u202f/g, ' '),
    );
    expect(formatDateValue(new Date(2024, 2, 5, 14, 30).getTime())).toBe('Mar 5, 2024, 2:30 PM');
    expect(formatDateValue(Math.floor(new Date(2024, 2, 5).getTime() / 1000))).toBe('Mar 5, 2024');
    expect(formatDateValue('2024-03-05T14:30:00')).toBe('Mar 5, 2024, 2:30 PM');
  });

  it('leaves out the year of dates in the current year', () => {
    const today = new Date(2026, 10, 27);
    expect(formatDateValue('2026-11-26', today)).toBe('Nov 26');
    expect(formatDateValue('2025-11-26', today)).toBe('Nov 26, 2025');
    expect(formatDateValue('2026-03-05T14:30:00', today)).toBe('Mar 5, 2:30 PM');
  });

  it('reads ISO months and days inside chart labels, and leaves other text alone', () => {
    const today = new Date(2026, 10, 27);
    expect(readableDateLabel('2025-12', today)).toBe('Dec 2025');
    expect(readableDateLabel('2026-11', today)).toBe('Nov 2026');
    expect(readableDateLabel('Rent (2026-11-01)', today)).toBe('Rent (Nov 1)');
    expect(readableDateLabel('2026-13', today)).toBe('2026-13');
    expect(readableDateLabel('Order 2026-02-30', today)).toBe('Order 2026-02-30');
    expect(readableDateLabel('Q3 2026', today)).toBe('Q3 2026');
  });

  it("reads 'Unknown date' for values that are not dates", () => {
    for (const value of [
      'not a date',
      'pending',
      '2024-13-45',
      '2023-02-29',
      '5',
      'Q1',
      '',
      {},
      [],
      true,
      Number.NaN,
    ]) {
      expect(formatDateValue(value)).toBe('Unknown date');
    }
    expect(parseDate('soon')).toBeNull();
  });
});
