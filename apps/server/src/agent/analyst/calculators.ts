import type { Reading, ToolCall } from './reading.ts';

/**
 * The calculators' questions: the numbers a question carries (amounts and their roles, a rate, years,
 * months, compounding) and the calculator call they make, or what to ask back when one is missing.
 */

/** Numbers a calculator question carries: amounts (target, current, monthly), a rate, years, months. */
export function readNumbers(question: string): Record<string, number> {
  const q = question.toLowerCase().replace(/,(?=\d{3})/g, '');
  const out: Record<string, number> = {};
  const scaleOf = (unit: string | undefined) =>
    unit === 'k' || unit === 'thousand' ? 1000 : unit === 'm' || unit === 'million' ? 1_000_000 : 1;
  const amounts = [
    ...q.matchAll(
      // '$500', '10k', and a bare number said per month ('put 500 a month away').
      /\$\s?(\d+(?:\.\d+)?)\s?(k|thousand|m|million)?\b|(\d+(?:\.\d+)?)\s?(k|thousand|million)\b|(?<![\d.])(\d+(?:\.\d+)?)(?=\s?(?:a|per|each|every|\/)\s?(?:month|mo)\b)/g,
    ),
  ].map((m) => ({
    value: Number(m[1] ?? m[3] ?? m[5]) * scaleOf(m[2] ?? m[4]),
    index: m.index ?? 0,
    end: (m.index ?? 0) + (m[0]?.length ?? 0),
  }));
  const rate = q.match(/(\d+(?:\.\d+)?)\s?%/);
  if (rate?.[1]) out.rate = Number(rate[1]);
  if (/\binterest[- ]free\b|\bno interest\b|\bzero interest\b|\b0 ?%/.test(q)) out.rate = 0;
  const years = q.match(/(\d+(?:\.\d+)?)\s?(?:years?|yrs?)\b/);
  if (years?.[1]) out.years = Number(years[1]);
  const months = q.match(/(\d+)\s?months?\b/);
  if (months?.[1]) out.months = Number(months[1]);
  if (/\bcompounded (annually|yearly|once a year)\b|\bannual compounding\b/.test(q)) out.compounds = 1;
  else if (/\bcompounded quarterly\b/.test(q)) out.compounds = 4;
  else if (/\bcompounded daily\b/.test(q)) out.compounds = 365;
  const roles: Array<{ value: number; role: 'monthly' | 'target' | 'current' | 'other' }> = amounts.map(
    (a) => {
      const after = q.slice(a.end, a.end + 60);
      const before = q.slice(Math.max(0, a.index - 40), a.index);
      if (
        /^\s?(\w+\s){0,7}?(a|per|each|every|monthly|\/)\s?(month|mo)\b|^\s?(a|per) month|^\s?monthly/.test(
          after,
        ) ||
        /\b(spend|spent) (about |around )?$/.test(before)
      )
        return { value: a.value, role: 'monthly' };
      if (/\b(want|need|reach|goal of|target of|save up|save|to have)\s?(up )?$/.test(before))
        return { value: a.value, role: 'target' };
      if (
        /\b(have|had|already|saved|current(ly)?)\b[^$]*$/.test(before) ||
        /^\s?(saved|invested|already)\b/.test(after)
      )
        return { value: a.value, role: 'current' };
      return { value: a.value, role: 'other' };
    },
  );
  const monthly = roles.find((r) => r.role === 'monthly');
  if (monthly) out.monthly = monthly.value;
  const target = roles.find((r) => r.role === 'target');
  const current = roles.find((r) => r.role === 'current');
  const others = roles.filter((r) => r.role === 'other');
  if (target) out.target = target.value;
  if (current) out.current = current.value;
  // The principal: the amount the user has or invests now, else the first other amount.
  const principal = current ?? others[0];
  if (principal) out.amount = principal.value;
  if (!out.target && others[0] && current) out.target = others[0].value;
  if (!out.target && !current && others[1]) out.target = others[1].value;
  return out;
}

export function calculatorCalls(reading: Reading): ToolCall[] | string {
  const n = reading.numbers ?? {};
  switch (reading.intent) {
    case 'compound_growth':
      if (n.amount === undefined && n.monthly === undefined)
        return 'How much would you start with, and at what yearly rate for how many years?';
      if (n.rate === undefined || n.years === undefined)
        return 'What yearly rate of return and how many years should I assume?';
      return [
        {
          tool: 'compound_growth',
          input: {
            principal: n.amount ?? 0,
            monthly_contribution: n.monthly ?? 0,
            annual_rate_percent: n.rate,
            ...(n.compounds ? { compounds_per_year: n.compounds as 1 | 4 | 12 | 365 } : {}),
            years: n.years,
          },
        },
      ];
    case 'loan_payment':
      if (n.amount === undefined || n.rate === undefined || n.years === undefined) {
        return 'What is the loan amount, its yearly interest rate and its term in years?';
      }
      return [
        { tool: 'loan_payment', input: { principal: n.amount, annual_rate_percent: n.rate, years: n.years } },
      ];
    case 'savings_goal': {
      const target = n.target ?? (n.current === undefined ? n.amount : undefined);
      if (target === undefined) return 'How much do you want to save, and by when?';
      const months = n.months ?? (n.years !== undefined ? Math.round(n.years * 12) : undefined);
      if (months === undefined && n.monthly === undefined)
        return 'By when do you want to reach it, or how much can you put aside each month?';
      return [
        {
          tool: 'savings_goal',
          input: {
            target,
            current: n.current ?? 0,
            annual_rate_percent: n.rate ?? 0,
            ...(months !== undefined ? { months } : { monthly_saving: n.monthly ?? 0 }),
          },
        },
      ];
    }
    case 'emergency_fund':
      return [
        {
          tool: 'emergency_fund',
          input: {
            target_months: n.months ?? 6,
            ...(n.monthly !== undefined ? { monthly_expenses: n.monthly } : {}),
          },
        },
      ];
    default:
      return [];
  }
}
