import type { ThreadSummary } from '@penny/contracts';
import { format, isSameYear, isValid, parseISO } from 'date-fns';

/** When a thread was last active, else started; null when neither is a date. */
function activityOf(thread: ThreadSummary): Date | null {
  for (const value of [thread.lastActivity, thread.timestamp]) {
    if (!value) continue;
    const date = parseISO(value);
    if (isValid(date)) return date;
  }
  return null;
}

/** 'Nov 26' this year, 'Nov 26, 2025' before. */
function dayLabel(date: Date, now: Date): string {
  return format(date, isSameYear(date, now) ? 'MMM d' : 'MMM d, yyyy');
}

/**
 * The date shown beside each thread in the sidebar. Threads that share a title and a day also get the
 * time ('Nov 26, 3:04 PM'), so two 'Net worth' chats of one day can be told apart.
 */
export function threadDateLabels(threads: readonly ThreadSummary[], now = new Date()): Map<string, string> {
  const days = new Map<string, string>();
  const seen = new Map<string, number>();
  for (const thread of threads) {
    const date = activityOf(thread);
    const day = date ? dayLabel(date, now) : '';
    days.set(thread.id, day);
    const key = `${thread.title}\u0000${day}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const labels = new Map<string, string>();
  for (const thread of threads) {
    const day = days.get(thread.id) ?? '';
    const date = activityOf(thread);
    const repeated = (seen.get(`${thread.title}\u0000${day}`) ?? 0) > 1;
    labels.set(thread.id, repeated && date ? `${day}, ${format(date, 'h:mm a')}` : day);
  }
  return labels;
}
