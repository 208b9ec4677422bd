import {
  type AnalyticsService,
  addDays,
  addMonths,
  type Cadence,
  fromCents,
  type Period,
  type RecurringPayment,
  toCents,
} from '../../finance/index.ts';
import { dayText, usd } from './format.ts';

/** One expected charge of a recurring payment. */
export type DueCharge = {
  merchant: string;
  amount: string;
  date: string;
  /** Expected before today and not seen yet. */
  overdue: boolean;
};

export type DuePayments = {
  /** From today to the last day counted, both included. */
  period: Period;
  charges: DueCharge[];
  total: string;
  /** The charges the detection read. */
  transactionCount: number;
  accounts: string[];
};

/** The step between charges of each cadence (finance/analytics/recurring.ts counts the same way). */
const STEP = {
  weekly: { days: 7, months: 0 },
  biweekly: { days: 14, months: 0 },
  monthly: { days: 0, months: 1 },
  quarterly: { days: 0, months: 3 },
  yearly: { days: 0, months: 12 },
} as const satisfies Record<Cadence, { days: number; months: number }>;

/** Every expected charge of a payment up to `until`: a weekly bill twice in 14 days counts twice. */
function chargesOf(payment: RecurringPayment, until: string, today: string): DueCharge[] {
  const step = STEP[payment.cadence];
  const charges: DueCharge[] = [];
  for (let k = 1; ; k++) {
    // Counted from the last charge each time, so month-end days do not drift (Jan 31 → Feb 28 → Mar 31).
    const date =
      step.months > 0
        ? addMonths(payment.lastDate, k * step.months)
        : addDays(payment.lastDate, k * step.days);
    if (date > until) break;
    charges.push({ merchant: payment.merchant, amount: payment.amount, date, overdue: date < today });
  }
  return charges;
}

/** The recurring payments (every kind) expected from today through `until`, each charge at its latest amount. */
export async function duePayments(
  analytics: AnalyticsService,
  userId: string,
  today: string,
  until: string,
): Promise<DuePayments> {
  const found = await analytics.recurringPayments(userId, { kind: 'all', today });
  const charges = found.payments
    .flatMap((payment) => chargesOf(payment, until, today))
    .sort((a, b) => (a.date === b.date ? a.merchant.localeCompare(b.merchant) : a.date < b.date ? -1 : 1));
  const merchants = new Set(charges.map((charge) => charge.merchant));
  const read = found.payments.filter((payment) => merchants.has(payment.merchant));
  return {
    period: { start: today, end: until },
    charges,
    total: fromCents(charges.reduce((sum, charge) => sum + toCents(charge.amount), 0n)),
    transactionCount: read.reduce((sum, payment) => sum + payment.occurrences, 0),
    accounts: [...new Set(read.map((payment) => payment.account))],
  };
}

/**
 * 'Netflix $15.49 on December 3' (or 'expected December 3, not seen yet'); the year only when it is not
 * today's.
 */
export function chargeText(charge: DueCharge, today: string): string {
  const day = dayText(charge.date, today);
  return `${charge.merchant} ${usd(charge.amount)} ${charge.overdue ? `expected ${day}, not seen yet` : `on ${day}`}`;
}
