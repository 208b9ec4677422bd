import { fromCents, type Money, toCents } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';

/**
 * The toolkit's calculators: textbook formulas with monthly periods, computed in floating point and
 * rounded to cents only at the end (what a financial calculator shows).
 */

/** Dollars from a tool input (a number or a decimal string). */
export function dollars(value: number | string): number {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed) || Math.abs(parsed) > MAX_DOLLARS) {
    throw new ServiceError(
      'request:invalid',
      `Amounts must be numbers of dollars below $1 trillion (got ${value}).`,
    );
  }
  return parsed;
}

/** The largest amount the calculators take (their results stay exact to the cent in floating point). */
const MAX_DOLLARS = 1e12;

/** Dollars rounded to cents, as a decimal string. */
export function cents(value: number): Money {
  return fromCents(toCents(value));
}

const monthlyRate = (annualPercent: number) => annualPercent / 100 / 12;

/** (1 + r)^n − 1 over r: the future value of 1 paid at the end of each of n periods. */
function annuityFactor(rate: number, months: number): number {
  return rate === 0 ? months : ((1 + rate) ** months - 1) / rate;
}

export type GrowthYear = { year: number; balance: Money; contributed: Money; growth: Money };

/**
 * Future value of `principal` compounded `compoundsPerYear` times a year at the annual rate, plus a
 * contribution at the end of each month growing at the equivalent monthly rate, i = (1 + r/m)^(m/12) − 1
 * (exactly r/12 when compounding monthly): FV = P(1 + i)^n + C((1 + i)^n − 1)/i, n = years × 12 to the
 * nearest month.
 */
export function compoundGrowth(input: {
  principal: number;
  monthlyContribution: number;
  annualRatePercent: number;
  years: number;
  compoundsPerYear?: number;
}) {
  const perYear = input.compoundsPerYear ?? 12;
  const rate =
    perYear === 12
      ? monthlyRate(input.annualRatePercent)
      : (1 + input.annualRatePercent / 100 / perYear) ** (perYear / 12) - 1;
  const months = Math.round(input.years * 12);
  const valueAt = (month: number) =>
    input.principal * (1 + rate) ** month + input.monthlyContribution * annuityFactor(rate, month);
  const contributedAt = (month: number) => input.principal + input.monthlyContribution * month;
  const futureValue = toCents(valueAt(months));
  const contributed = toCents(contributedAt(months));
  const byYear: GrowthYear[] = [];
  for (let year = 1; year * 12 <= months; year++) {
    const value = toCents(valueAt(year * 12));
    const put = toCents(contributedAt(year * 12));
    byYear.push({
      year,
      balance: fromCents(value),
      contributed: fromCents(put),
      growth: fromCents(value - put),
    });
  }
  if (months % 12 !== 0 || months === 0) {
    byYear.push({
      year: Math.round((months / 12) * 100) / 100,
      balance: fromCents(futureValue),
      contributed: fromCents(contributed),
      growth: fromCents(futureValue - contributed),
    });
  }
  return {
    months,
    futureValue: fromCents(futureValue),
    totalContributed: fromCents(contributed),
    growth: fromCents(futureValue - contributed),
    byYear,
  };
}

export type AmortisationYear = { year: number; principalPaid: Money; interestPaid: Money; balance: Money };

/**
 * The payment of an amortised loan: P × r ÷ (1 − (1 + r)^−n), r = annual rate ÷ 12, n = years × 12
 * (to the nearest month, at least one); P ÷ n without interest. Totals use the exact payment.
 */
export function loanPayment(input: { principal: number; annualRatePercent: number; years: number }) {
  const rate = monthlyRate(input.annualRatePercent);
  const months = Math.max(1, Math.round(input.years * 12));
  const payment =
    rate === 0 ? input.principal / months : (input.principal * rate) / (1 - (1 + rate) ** -months);
  const totalPaid = toCents(payment * months);
  const principal = toCents(input.principal);
  const byYear: AmortisationYear[] = [];
  let balance = input.principal;
  let yearPrincipal = 0;
  let yearInterest = 0;
  for (let month = 1; month <= months; month++) {
    const interest = balance * rate;
    const repaid = Math.min(balance, payment - interest);
    balance -= repaid;
    yearPrincipal += repaid;
    yearInterest += interest;
    if (month % 12 === 0 || month === months) {
      byYear.push({
        year: Math.ceil(month / 12),
        principalPaid: cents(yearPrincipal),
        interestPaid: cents(yearInterest),
        balance: cents(Math.max(0, balance)),
      });
      yearPrincipal = 0;
      yearInterest = 0;
    }
  }
  return {
    months,
    monthlyPayment: cents(payment),
    totalPaid: fromCents(totalPaid),
    totalInterest: fromCents(totalPaid - principal),
    byYear,
  };
}

/**
 * A savings goal with monthly deposits at the end of each month and monthly compounding:
 * - with `months`: the deposit that reaches the target, (T − C(1 + r)^n) ÷ ((1 + r)^n − 1) × r
 *   (zero when the current savings grow to the target alone);
 * - with `monthlySaving`: the months until the balance first reaches the target, or null when it never does.
 */
export function savingsGoal(input: {
  target: number;
  current: number;
  annualRatePercent: number;
  months?: number | undefined;
  monthlySaving?: number | undefined;
}) {
  const rate = monthlyRate(input.annualRatePercent);
  const grown = (months: number) => input.current * (1 + rate) ** months;
  let requiredMonthly: Money | null = null;
  if (input.months !== undefined) {
    const needed = (input.target - grown(input.months)) / annuityFactor(rate, input.months);
    requiredMonthly = cents(Math.max(0, needed));
  }
  let monthsNeeded: number | null = null;
  let reachable = true;
  if (input.monthlySaving !== undefined) {
    const saving = input.monthlySaving;
    if (input.current >= input.target) monthsNeeded = 0;
    else if (rate === 0) {
      monthsNeeded = saving > 0 ? Math.ceil((input.target - input.current) / saving - 1e-9) : null;
    } else {
      const ratio = (input.target * rate + saving) / (input.current * rate + saving);
      monthsNeeded =
        input.current * rate + saving > 0 && ratio > 0
          ? Math.max(0, Math.ceil(Math.log(ratio) / Math.log(1 + rate) - 1e-9))
          : null;
    }
    reachable = monthsNeeded !== null;
  }
  const horizon = input.months ?? (monthsNeeded !== null ? Math.max(monthsNeeded, 1) : Math.min(1200, 120));
  const deposit = input.monthlySaving ?? (requiredMonthly === null ? 0 : Number(requiredMonthly));
  const balanceAt = (month: number) => grown(month) + deposit * annuityFactor(rate, month);
  const path: Array<{ month: number; balance: Money }> = [];
  const step = Math.max(1, Math.ceil(horizon / 60));
  for (let month = 0; month <= horizon; month += step) path.push({ month, balance: cents(balanceAt(month)) });
  if (path.at(-1)?.month !== horizon) path.push({ month: horizon, balance: cents(balanceAt(horizon)) });
  return {
    requiredMonthly,
    monthsNeeded,
    reachable,
    /** The balance at the end of the horizon (the given months, or the months needed). */
    finalBalance: cents(balanceAt(horizon)),
    horizonMonths: horizon,
    path,
  };
}
