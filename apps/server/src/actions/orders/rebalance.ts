/**
 * "Rebalance to 60/40" (docs/api.md, "Confirmed actions"): the orders that bring one brokerage account's
 * holdings to a stocks/bonds mix, by plain arithmetic in integer cents. Which holdings count as stocks
 * and which as bonds is read from the security's type and name as the brokerage gives them:
 *
 * - type `equity` (a share of one company) is stocks; type `fixed income` (a bond) is bonds;
 * - a fund (`etf`, `mutual fund`) whose name says bond, treasury, fixed income, aggregate, municipal or
 *   TIPS is bonds; one whose name says stock, equity, S&P 500, index, dividend, Nasdaq, total market,
 *   growth or value is stocks (a name saying both is not read);
 * - anything else (crypto, an option, a fund whose name says neither) is not classified: the rebalance
 *   is asked back, naming it, rather than guessed.
 *
 * The total is the holdings' value (stocks + bonds; cash stays out). The stocks target is the total ×
 * the stocks percent ÷ 100, rounded to the cent (half up); the difference moves from one side to the
 * other: sold from each holding of the side above its target in proportion to its value (each share
 * rounded down to the cent, what is left to the largest), and bought into the other side's holdings the
 * same way. A difference under $1.00 is already balanced.
 */

export type AssetSide = 'stocks' | 'bonds';

export type RebalanceHolding = {
  ticker: string;
  name: string;
  /** The security's type as Penny stores it ('equity', 'etf', 'mutual fund', 'fixed income', ...). */
  type: string;
  valueCents: bigint;
};

export type RebalanceOrder = { symbol: string; action: 'buy' | 'sell'; amountCents: bigint };

export type RebalancePlan =
  | {
      kind: 'orders';
      stocksCents: bigint;
      bondsCents: bigint;
      targetStocksCents: bigint;
      orders: RebalanceOrder[];
    }
  | { kind: 'balanced'; stocksCents: bigint; bondsCents: bigint; targetStocksCents: bigint }
  | { kind: 'unclassified'; holdings: RebalanceHolding[] }
  | { kind: 'nothing-held' }
  | { kind: 'no-holding-to-buy'; side: AssetSide };

const BOND_WORDS = /\b(bonds?|treasur(?:y|ies)|fixed income|aggregate|municipal|tips)\b/i;
const STOCK_WORDS =
  /\b(stocks?|equity|equities|s&p 500|500 index|index|dividend|nasdaq|total market|growth|value)\b/i;
const FUND_TYPES = new Set(['etf', 'mutual fund']);

/** Stocks, bonds, or null when the type and name do not say. */
export function assetSideOf(holding: Pick<RebalanceHolding, 'type' | 'name'>): AssetSide | null {
  const type = holding.type.toLowerCase();
  if (type === 'equity') return 'stocks';
  if (type === 'fixed income') return 'bonds';
  if (!FUND_TYPES.has(type)) return null;
  const bond = BOND_WORDS.test(holding.name);
  const stock = STOCK_WORDS.test(holding.name);
  if (bond === stock) return null;
  return bond ? 'bonds' : 'stocks';
}

/** `amount` split over `holdings` in proportion to their values, in cents; what rounding leaves goes to the largest. */
function split(amount: bigint, holdings: readonly RebalanceHolding[]): Map<string, bigint> {
  const total = holdings.reduce((sum, holding) => sum + holding.valueCents, 0n);
  const shares = new Map<string, bigint>();
  let given = 0n;
  for (const holding of holdings) {
    const share = total === 0n ? 0n : (amount * holding.valueCents) / total;
    shares.set(holding.ticker, (shares.get(holding.ticker) ?? 0n) + share);
    given += share;
  }
  const largest = [...holdings].sort((a, b) =>
    a.valueCents === b.valueCents ? a.ticker.localeCompare(b.ticker) : a.valueCents > b.valueCents ? -1 : 1,
  )[0];
  if (largest) shares.set(largest.ticker, (shares.get(largest.ticker) ?? 0n) + amount - given);
  return shares;
}

/** The orders that bring the holdings to `stocksPercent` stocks (the rest bonds). */
export function rebalancePlan(holdings: readonly RebalanceHolding[], stocksPercent: number): RebalancePlan {
  if (!Number.isInteger(stocksPercent) || stocksPercent < 0 || stocksPercent > 100) {
    throw new RangeError('stocksPercent is a whole percent, 0 to 100');
  }
  const held = holdings.filter((holding) => holding.valueCents > 0n);
  const unclassified = held.filter((holding) => assetSideOf(holding) === null);
  if (unclassified.length > 0) return { kind: 'unclassified', holdings: unclassified };
  if (held.length === 0) return { kind: 'nothing-held' };
  const stocks = held.filter((holding) => assetSideOf(holding) === 'stocks');
  const bonds = held.filter((holding) => assetSideOf(holding) === 'bonds');
  const stocksCents = stocks.reduce((sum, holding) => sum + holding.valueCents, 0n);
  const bondsCents = bonds.reduce((sum, holding) => sum + holding.valueCents, 0n);
  const total = stocksCents + bondsCents;
  // Half up: (total × percent + 50) ÷ 100, all in integer cents.
  const targetStocksCents = (total * BigInt(stocksPercent) + 50n) / 100n;
  const excess = stocksCents - targetStocksCents;
  const moved = excess < 0n ? -excess : excess;
  const figures = { stocksCents, bondsCents, targetStocksCents };
  if (moved < 100n) return { kind: 'balanced', ...figures };
  const [from, to, toSide] =
    excess > 0n ? [stocks, bonds, 'bonds' as const] : [bonds, stocks, 'stocks' as const];
  if (to.length === 0) return { kind: 'no-holding-to-buy', side: toSide };
  const orders: RebalanceOrder[] = [];
  // Sales first: the order the brokerage is asked in, and the popup's.
  for (const [symbol, amountCents] of split(moved, from)) {
    if (amountCents > 0n) orders.push({ symbol, action: 'sell', amountCents });
  }
  for (const [symbol, amountCents] of split(moved, to)) {
    if (amountCents > 0n) orders.push({ symbol, action: 'buy', amountCents });
  }
  return { kind: 'orders', ...figures, orders };
}
