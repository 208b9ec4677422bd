import type { ThreadSummary } from '@penny/contracts';
import { describe, expect, it } from 'vitest';
import { threadDateLabels } from './thread-dates.ts';

const thread = (id: string, title: string, lastActivity: string): ThreadSummary => ({
  id,
  title,
  timestamp: lastActivity,
  lastActivity,
});
const now = new Date('2026-11-27T12:00:00');

describe('the dates beside threads', () => {
  it("shows the day of the last activity: 'Nov 26', and the year for an earlier one", () => {
    const labels = threadDateLabels(
      [thread('a', 'Rent', '2026-11-26T09:15:00'), thread('b', 'Travel', '2025-03-02T10:00:00')],
      now,
    );
    expect(labels.get('a')).toBe('Nov 26');
    expect(labels.get('b')).toBe('Mar 2, 2025');
  });

  it('adds the time when two threads share a title and a day, and only then', () => {
    const labels = threadDateLabels(
      [
        thread('a', 'Net worth', '2026-11-26T15:04:00'),
        thread('b', 'Net worth', '2026-11-26T09:30:00'),
        thread('c', 'Food and drink', '2026-11-26T08:00:00'),
        thread('d', 'Food and drink', '2026-11-20T08:00:00'),
      ],
      now,
    );
    expect(labels.get('a')).toBe('Nov 26, 3:04 PM');
    expect(labels.get('b')).toBe('Nov 26, 9:30 AM');
    // Different days already tell them apart.
    expect(labels.get('c')).toBe('Nov 26');
    expect(labels.get('d')).toBe('Nov 20');
  });

  it('shows nothing for a thread without a date', () => {
    expect(threadDateLabels([thread('a', 'Rent', 'not a date')], now).get('a')).toBe('');
  });
});
