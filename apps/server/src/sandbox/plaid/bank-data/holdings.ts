import type { Holding, Security } from 'plaid';
import { type Day, isoFromDay } from '../days.ts';
import { createRandom, stableId } from '../random.ts';
import type { Profile } from './profile.ts';

/** The investment account's holdings: a seeded pick of funds and stocks at a deterministic daily close. */

type SecuritySpec = {
  ticker: string;
  name: string;
  type: 'etf' | 'equity' | 'mutual fund';
  price: number;
  mic: string;
};

const SECURITIES: readonly SecuritySpec[] = [
  { ticker: 'VTI', name: 'Vanguard Total Stock Market ETF', type: 'etf', price: 292.4, mic: 'ARCX' },
  { ticker: 'VXUS', name: 'Vanguard Total International Stock ETF', type: 'etf', price: 67.8, mic: 'XNAS' },
  { ticker: 'BND', name: 'Vanguard Total Bond Market ETF', type: 'etf', price: 73.1, mic: 'XNAS' },
  { ticker: 'AAPL', name: 'Apple Inc.', type: 'equity', price: 229.5, mic: 'XNAS' },
  { ticker: 'MSFT', name: 'Microsoft Corporation', type: 'equity', price: 431.2, mic: 'XNAS' },
  {
    ticker: 'VFIAX',
    name: 'Vanguard 500 Index Fund Admiral Shares',
    type: 'mutual fund',
    price: 541.3,
    mic: 'XNAS',
  },
  { ticker: 'NVDA', name: 'NVIDIA Corporation', type: 'equity', price: 131.6, mic: 'XNAS' },
  { ticker: 'AMZN', name: 'Amazon.com, Inc.', type: 'equity', price: 198.4, mic: 'XNAS' },
];

/** A deterministic daily close: a slow cycle plus day-to-day noise around the reference price. */
function closePrice(spec: SecuritySpec, day: Day): number {
  const phase = createRandom(`price|${spec.ticker}`).next() * 2 * Math.PI;
  const noise = createRandom(`price|${spec.ticker}|${day}`).between(-0.012, 0.012);
  const price = spec.price * (1 + 0.08 * Math.sin(day / 90 + phase) + noise);
  return Math.round(price * 100) / 100;
}

export function holdingsOn(seed: string, profile: Profile, today: Day) {
  const account = profile.accounts.find((spec) => spec.key === 'investment');
  if (!account) return { holdings: [], securities: [], investmentValue: 0, investmentCash: 0 };
  const random = createRandom(`${seed}|holdings`);
  const core = SECURITIES.filter((spec) => ['VTI', 'VXUS', 'BND', 'VFIAX'].includes(spec.ticker));
  const picks = [...core.filter(() => random.chance(0.8))];
  for (const spec of SECURITIES.filter((candidate) => !core.includes(candidate)))
    if (random.chance(0.45)) picks.push(spec);
  if (picks.length === 0) picks.push(...core.slice(0, 1));
  const asOf = isoFromDay(today);
  const holdings: Holding[] = [];
  const securities: Security[] = [];
  let totalCents = 0;
  for (const spec of picks) {
    const price = closePrice(spec, today);
    const targetValue = random.between(2_000, spec.type === 'equity' ? 12_000 : 30_000);
    const quantity =
      spec.type === 'mutual fund'
        ? Math.round((targetValue / price) * 1000) / 1000
        : Math.max(1, Math.round(targetValue / price));
    const valueCents = Math.round(price * quantity * 100);
    totalCents += valueCents;
    const securityId = stableId(`security|${spec.ticker}`);
    holdings.push({
      account_id: account.id,
      security_id: securityId,
      institution_price: price,
      institution_price_as_of: asOf,
      institution_price_datetime: null,
      institution_value: valueCents / 100,
      cost_basis: Math.round(valueCents * random.between(0.7, 0.98)) / 100,
      quantity,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
      vested_quantity: null,
      vested_value: null,
    });
    securities.push(security(securityId, spec.name, spec.ticker, spec.type, price, asOf, spec.mic, false));
  }
  const cashCents = random.int(5_000, 250_000);
  const cashId = stableId('security|CUR:USD');
  holdings.push({
    account_id: account.id,
    security_id: cashId,
    institution_price: 1,
    institution_price_as_of: asOf,
    institution_price_datetime: null,
    institution_value: cashCents / 100,
    cost_basis: cashCents / 100,
    quantity: cashCents / 100,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    vested_quantity: null,
    vested_value: null,
  });
  securities.push(security(cashId, 'U S Dollar', 'CUR:USD', 'cash', 1, asOf, null, true));
  return {
    holdings,
    securities,
    investmentValue: (totalCents + cashCents) / 100,
    investmentCash: cashCents / 100,
  };
}

function security(
  securityId: string,
  name: string,
  ticker: string,
  type: string,
  price: number,
  asOf: string,
  mic: string | null,
  isCash: boolean,
): Security {
  return {
    security_id: securityId,
    name,
    ticker_symbol: ticker,
    type,
    subtype: type === 'cash' ? 'cash' : type === 'equity' ? 'common stock' : type,
    close_price: price,
    close_price_as_of: asOf,
    update_datetime: null,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    is_cash_equivalent: isCash,
    isin: null,
    cusip: null,
    sedol: null,
    figi: null,
    institution_id: null,
    institution_security_id: null,
    proxy_security_id: null,
    market_identifier_code: mic,
    sector: null,
    industry: null,
    cfi_code: null,
    option_contract: null,
    fixed_income: null,
  };
}
