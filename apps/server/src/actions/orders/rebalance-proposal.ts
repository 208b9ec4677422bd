import { type OrderItem, orderMessages } from '@penny/contracts';
import { and, eq } from 'drizzle-orm';
import { type Database, tables } from '../../db/index.ts';
import { fromCents, toCents } from '../../finance/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { Brokerage } from './brokerage.ts';
import { brokerageAccountOf, draftOrders } from './draft.ts';
import { type RebalanceHolding, type RebalancePlan, rebalancePlan } from './rebalance.ts';

/**
 * "Rebalance to 60/40" as a proposal (docs/api.md, "Confirmed actions"): one brokerage account's
 * holdings as Penny last synced them, the plan's orders (rebalance.ts) as market orders by amount,
 * each checked with the brokerage like any other order (draft.ts: together within the cash and the
 * shares, a sale's proceeds not counted for a buy: docs/decisions/0028-several-orders.md).
 */

const { holding, security } = tables;

export type RebalanceDraft = { plan: RebalancePlan; accountName: string; items: OrderItem[] };

/** The account's holdings with a ticker, a value and not cash. */
async function accountHoldings(db: Database, userId: string, accountId: string): Promise<RebalanceHolding[]> {
  const rows = await db
    .select({ ticker: security.ticker, name: security.name, type: security.type, value: holding.value })
    .from(holding)
    .innerJoin(security, eq(security.id, holding.securityId))
    .where(and(eq(holding.userId, userId), eq(holding.accountId, accountId)));
  return rows.flatMap((row) =>
    row.ticker && row.value !== null && row.type.toLowerCase() !== 'cash'
      ? [{ ticker: row.ticker, name: row.name, type: row.type, valueCents: toCents(row.value) }]
      : [],
  );
}

export async function draftRebalance(
  db: Database,
  brokerage: Brokerage,
  userId: string,
  request: { account: string; stocksPercent: number },
): Promise<RebalanceDraft> {
  const account = await brokerageAccountOf(db, userId, request.account);
  if (!account) throw new ServiceError('accounts:not-found', orderMessages.accountNotFound);
  const plan = rebalancePlan(await accountHoldings(db, userId, account.id), request.stocksPercent);
  if (plan.kind !== 'orders') return { plan, accountName: account.name, items: [] };
  const items = await draftOrders(
    db,
    brokerage,
    userId,
    plan.orders.map((order) => ({
      account: account.id,
      symbol: order.symbol,
      action: order.action,
      units: null,
      amount: fromCents(order.amountCents),
      orderType: 'market' as const,
      limitPrice: null,
      timeInForce: 'day' as const,
    })),
  );
  return { plan, accountName: account.name, items };
}
