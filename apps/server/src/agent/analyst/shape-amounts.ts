/** Things a person calls a single transaction. */
export const ITEM =
  '(transactions?|purchases?|orders?|charges?|payments?|expenses?|bills?|tabs?|dinners?|lunch(?:es)?|breakfasts?|cups?|lattes?|fares?|deposits?|paychecks?|buys?|trips?|visits?|splurges?|things?|items?|receipts?|tickets?|meals?|runs?|hauls?|baskets?|rides?|fill[- ]?ups?|sessions?|coffees?|haircuts?|deliveries|delivery)';
function dollars(text: string | undefined, thousands: string | undefined): string | undefined {
  if (!text) return undefined;
  const value = Number(text.replace(/,/g, ''));
  if (!Number.isFinite(value) || value < 0) return undefined;
  const scaled = thousands ? value * 1000 : value;
  return scaled.toFixed(2);
}

/**
 * An amount: '$50', '50 dollars', '1.5k'; and a bare number of two digits or more after a bound on a
 * purchase ('transactions over 1000'), which is no count of days or a percent.
 */
const AMOUNT =
  '\\$\\s?(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s?(k)?\\b|(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s?(k)?\\s?(?:dollars|bucks)\\b|(\\d[\\d,]*(?:\\.\\d{1,2})?)\\s?(k)\\b|(\\d{2,}[\\d,]*(?:\\.\\d{1,2})?)\\b(?!\\s*(?:%|percent|years?|months?|weeks?|days?|times|yrs?|mos?|wks?)\\b)';

/** 'spent more than $50', 'paid under $10': a bound said of the paying (captured like an item below). */
const PAID = '(spen[dt]|spending|pa(?:y|id)|dropp?(?:ed)?|charged?|(?:it )?cost)';
const PAID_ABOVE = new RegExp(
  `\\b${PAID}\\s+(?:over|above|more than|greater than|at least)\\s*(?:${AMOUNT})`,
);
const PAID_BELOW = new RegExp(`\\b${PAID}\\s+(?:under|below|less than|at most)\\s*(?:${AMOUNT})`);

/** Amount bounds on single transactions: 'purchases over $100', 'between $20 and $50'. */
export function amountRange(q: string): { min?: string; max?: string } {
  const between = q.match(
    /\b(?:between|from)\s+\$?\s?(\d[\d,]*(?:\.\d{1,2})?)\s?(k)?\s+(?:and|to|-)\s+\$?\s?(\d[\d,]*(?:\.\d{1,2})?)\s?(k)?/,
  );
  // 'purchases between 50 and 100': bare numbers are amounts when said of the things bought.
  const ofItems = new RegExp(`\\b${ITEM}\\s+(?:\\w+\\s+){0,2}?between\\s+\\d`).test(q);
  if (between && (/\$|dollars|bucks/.test(between[0]) || ofItems)) {
    const a = dollars(between[1], between[2]);
    const b = dollars(between[3], between[4]);
    if (a && b) return Number(a) <= Number(b) ? { min: a, max: b } : { min: b, max: a };
  }
  const out: { min?: string; max?: string } = {};
  // 'anything under $5': the things bought, whatever they are called.
  const item = `(?:${ITEM}|anything|something|everything|stuff)`;
  const above = new RegExp(
    `\\b${item}\\s+(?:\\w+\\s+){0,3}?(?:over|above|more than|greater than|bigger than|larger than|at least|of at least|>)\\s*(?:${AMOUNT})`,
  );
  const below = new RegExp(
    `\\b${item}\\s+(?:\\w+\\s+){0,3}?(?:under|below|less than|smaller than|cheaper than|at most|<)\\s*(?:${AMOUNT})`,
  );
  // 'how many times did I spend more than $50': each time is one purchase, so the bound is on each
  // ('did I spend more than $500 on groceries' is about the total, and keeps it).
  const eachTime = /\bhow (many times|often|frequently)\b|\bhow many (purchases|transactions|charges)\b/.test(
    q,
  );
  const a = q.match(above) ?? (eachTime ? q.match(PAID_ABOVE) : null);
  if (a) out.min = dollars(a[2] ?? a[4] ?? a[6] ?? a[8], a[3] ?? a[5] ?? a[7]);
  const b = q.match(below) ?? (eachTime ? q.match(PAID_BELOW) : null);
  if (b) out.max = dollars(b[2] ?? b[4] ?? b[6] ?? b[8], b[3] ?? b[5] ?? b[7]);
  // 'anything over $200', '$100+ purchases'
  const plus = q.match(/\$\s?(\d[\d,]*)\s?(k)?\+\s/);
  if (plus && !out.min) out.min = dollars(plus[1], plus[2]);
  return out;
}
