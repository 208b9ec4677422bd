import { describe, expect, it } from 'vitest';
import { assetSideOf, type RebalanceHolding, rebalancePlan } from './rebalance.ts';

const holding = (ticker: string, name: string, type: string, dollars: string): RebalanceHolding => ({
  ticker,
  name,
  type,
  valueCents: BigInt(Math.round(Number(dollars) * 100)),
});

const VTI = (dollars: string) => holding('VTI', 'Vanguard Total Stock Market ETF', 'etf', dollars);
const AAPL = (dollars: string) => holding('AAPL', 'Apple Inc.', 'equity', dollars);
const BND = (dollars: string) => holding('BND', 'Vanguard Total Bond Market ETF', 'etf', dollars);

describe('rebalancing to a stocks/bonds mix', () => {
  it('classifies by the security type and the fund name; asks back the rest', () => {
    expect(assetSideOf({ type: 'equity', name: 'Apple Inc.' })).toBe('stocks');
    expect(assetSideOf({ type: 'fixed income', name: 'US Treasury 2030' })).toBe('bonds');
    expect(assetSideOf({ type: 'etf', name: 'Vanguard Total Bond Market ETF' })).toBe('bonds');
    expect(assetSideOf({ type: 'etf', name: 'Vanguard Total Stock Market ETF' })).toBe('stocks');
    expect(assetSideOf({ type: 'mutual fund', name: 'Fidelity 500 Index Fund' })).toBe('stocks');
    expect(assetSideOf({ type: 'etf', name: 'Schwab U.S. Dividend Equity ETF' })).toBe('stocks');
    expect(assetSideOf({ type: 'etf', name: 'Invesco QQQ Trust, Series 1' })).toBeNull();
    expect(assetSideOf({ type: 'cryptocurrency', name: 'Bitcoin' })).toBeNull();
    expect(assetSideOf({ type: 'etf', name: 'Stock and Bond Balanced Fund' })).toBeNull();
    const plan = rebalancePlan([VTI('100'), holding('QQQ', 'Invesco QQQ Trust, Series 1', 'etf', '50')], 60);
    expect(plan).toEqual({ kind: 'unclassified', holdings: [expect.objectContaining({ ticker: 'QQQ' })] });
  });

  it('moves the difference from stocks to bonds: $8,000 stocks and $2,000 bonds to 60/40', () => {
    // Total $10,000.00; stocks target $6,000.00; $2,000.00 moves. Stocks sold in proportion to value:
    // VTI $6,000 of $8,000 → $1,500.00, AAPL $2,000 of $8,000 → $500.00; all of it into BND.
    const plan = rebalancePlan([VTI('6000'), AAPL('2000'), BND('2000')], 60);
    expect(plan).toEqual({
      kind: 'orders',
      stocksCents: 800_000n,
      bondsCents: 200_000n,
      targetStocksCents: 600_000n,
      orders: [
        { symbol: 'VTI', action: 'sell', amountCents: 150_000n },
        { symbol: 'AAPL', action: 'sell', amountCents: 50_000n },
        { symbol: 'BND', action: 'buy', amountCents: 200_000n },
      ],
    });
  });

  it('moves the other way, rounding to the cent: $1,000.01 stocks and $2,000.00 bonds to 60/40', () => {
    // Total 300_001 cents; 60% is 180_000.6 → 180_001 (half up); 180_001 − 100_001 = 80_000 cents
    // ($800.00) sold from BND, the only bond holding, and bought into VTI, the only stock holding.
    const plan = rebalancePlan([VTI('1000.01'), BND('2000')], 60);
    expect(plan).toEqual({
      kind: 'orders',
      stocksCents: 100_001n,
      bondsCents: 200_000n,
      targetStocksCents: 180_001n,
      orders: [
        { symbol: 'BND', action: 'sell', amountCents: 80_000n },
        { symbol: 'VTI', action: 'buy', amountCents: 80_000n },
      ],
    });
  });

  it('gives what rounding leaves to the largest holding', () => {
    // $300.00 of stocks in three equal $100.00 holdings and $1.00 of bonds: total 30_100 cents, the
    // stocks target at 50% is 15_050, so 14_950 moves out of stocks. 14_950 × 10_000 ÷ 30_000 = 4_983.33
    // → 4_983 each (14_949); the cent left goes to the largest, ties by ticker: AAPL gets 4_984.
    const plan = rebalancePlan(
      [
        holding('VTI', 'Vanguard Total Stock Market ETF', 'etf', '100'),
        holding('AAPL', 'Apple Inc.', 'equity', '100'),
        holding('MSFT', 'Microsoft Corporation', 'equity', '100'),
        BND('1'),
      ],
      50,
    );
    expect(plan.kind === 'orders' ? plan.orders : []).toEqual([
      { symbol: 'VTI', action: 'sell', amountCents: 4_983n },
      { symbol: 'AAPL', action: 'sell', amountCents: 4_984n },
      { symbol: 'MSFT', action: 'sell', amountCents: 4_983n },
      { symbol: 'BND', action: 'buy', amountCents: 14_950n },
    ]);
  });

  it('is balanced within a dollar, needs a holding on the side to buy, and something held', () => {
    expect(rebalancePlan([VTI('600.50'), BND('400')], 60)).toMatchObject({ kind: 'balanced' });
    expect(rebalancePlan([VTI('1000')], 60)).toEqual({ kind: 'no-holding-to-buy', side: 'bonds' });
    expect(rebalancePlan([], 60)).toEqual({ kind: 'nothing-held' });
  });
});
