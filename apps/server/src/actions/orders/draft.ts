import { randomUUID } from 'node:crypto';
import { type OrderItem, orderMessages } from '@penny/contracts';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDecimals,
  multiplyDecimals,
  negateDecimal,
  normalizeDecimal,
  type OrderImpact,
  ProviderError,
} from '../../connections/index.ts';
import { type Database, tables } from '../../db/index.ts';
import { ServiceError } from '../../services/errors.ts';
import type { Brokerage } from './brokerage.ts';
import { orderDescription } from './words.ts';

/** What the agent asks for: an account (Penny's id or its name), a symbol, and units or a dollar amount. */
export type OrderRequest = {
  account: string;
  symbol: string;
  action: 'buy' | 'sell';
  units: string | null;
  amount: string | null;
  orderType: 'market' | 'limit';
  limitPrice: string | null;
  timeInForce: 'day' | 'gtc' | 'fok' | 'ioc';
};

const { ledgerAccount, connection } = tables;

/** The user's brokerage account by Penny's id or its name; another user's behaves like an unknown one. */
export async function brokerageAccountOf(db: Database, userId: string, account: string) {
  const wanted = account.trim();
  const [row] = await db
    .select({
      id: ledgerAccount.id,
      name: ledgerAccount.name,
      providerAccountId: ledgerAccount.providerAccountId,
      connectionId: ledgerAccount.connectionId,
      currency: ledgerAccount.currency,
    })
    .from(ledgerAccount)
    .innerJoin(connection, eq(connection.id, ledgerAccount.connectionId))
    .where(
      and(
        eq(ledgerAccount.userId, userId),
        eq(connection.userId, userId),
        eq(connection.platform, 'snaptrade'),
        sql`(${ledgerAccount.id} = ${wanted} or lower(${ledgerAccount.name}) = lower(${wanted}))`,
      ),
    )
    .orderBy(ledgerAccount.id)
    .limit(1);
  return row ?? null;
}

const refuse = (message: string) => new ServiceError('request:invalid', message);

/** The brokerage's refusal of a check, as the sentence the agent reads; anything else is not ours to word. */
function refusalOf(error: unknown): never {
  if (error instanceof ProviderError && error.kind === 'order-refused') throw refuse(orderMessages.refused);
  throw error;
}

/**
 * Checks an order with the brokerage and drafts its item; nothing is placed or stored. Refused first:
 * an account that is not the user's brokerage account, a symbol it does not trade, a sale of more than
 * is held, a buy the cash does not cover (at the price now, or at the limit).
 */
export async function draftOrder(
  db: Database,
  brokerage: Brokerage,
  userId: string,
  request: OrderRequest,
  committed: Committed = newCommitted(),
): Promise<OrderItem> {
  const account = await brokerageAccountOf(db, userId, request.account);
  if (!account) throw new ServiceError('accounts:not-found', orderMessages.accountNotFound);
  const snaptrade = brokerage.snaptrade();
  const user = await brokerage.user(userId);
  const symbol = await snaptrade.findSymbol(user, account.providerAccountId, request.symbol);
  if (!symbol) throw refuse(orderMessages.symbolNotFound);
  const [balances, positions, quote] = await Promise.all([
    snaptrade.getBalances(user, account.providerAccountId),
    snaptrade.getPositions(user, account.providerAccountId),
    snaptrade.quote(user, account.providerAccountId, symbol.ticker),
  ]);
  // What earlier orders of the same proposal already use is not there for this one.
  const heldKey = `${account.id}:${symbol.ticker.toUpperCase()}`;
  const cash = addDecimals(
    normalizeDecimal(balances.find((entry) => entry.currency === account.currency)?.cash ?? '0'),
    negateDecimal(committed.cash.get(account.id) ?? '0'),
  );
  const held = addDecimals(
    normalizeDecimal(
      positions.find((holding) => holding.security.ticker?.toUpperCase() === symbol.ticker.toUpperCase())
        ?.quantity ?? '0',
    ),
    negateDecimal(committed.units.get(heldKey) ?? '0'),
  );
  if (
    request.action === 'sell' &&
    request.units !== null &&
    isNegative(addDecimals(held, negateDecimal(request.units)))
  ) {
    throw refuse(orderMessages.notEnoughUnits);
  }
  if (request.action === 'buy') {
    const price = request.limitPrice ?? quote;
    const cost =
      request.amount ?? (price && request.units ? multiplyDecimals(request.units, price, 2) : null);
    if (cost !== null && isNegative(addDecimals(cash, negateDecimal(cost))))
      throw refuse(orderMessages.notEnoughCash);
  }
  const impact = await snaptrade
    .orderImpact(user, {
      accountId: account.providerAccountId,
      symbolId: symbol.symbolId,
      action: request.action,
      orderType: request.orderType,
      timeInForce: request.timeInForce,
      units: request.units,
      amount: request.amount,
      limitPrice: request.limitPrice,
    })
    .catch(refusalOf);
  if (request.action === 'buy') {
    const cost = addDecimals(negateDecimal(impact.amount), negateDecimal(impact.commission));
    if (isNegative(addDecimals(cash, negateDecimal(cost)))) throw refuse(orderMessages.notEnoughCash);
    committed.cash.set(account.id, addDecimals(committed.cash.get(account.id) ?? '0', cost));
  } else {
    if (isNegative(addDecimals(held, negateDecimal(impact.units))))
      throw refuse(orderMessages.notEnoughUnits);
    committed.units.set(heldKey, addDecimals(committed.units.get(heldKey) ?? '0', impact.units));
  }
  return orderItem(request, { ...account, cash, held }, symbol, impact);
}

/**
 * What the orders drafted so far in one proposal use: cash per account (buys' estimated cost and
 * commission) and shares per account and ticker (sales). A sale's proceeds are not counted for a buy:
 * they are the brokerage's only once it fills.
 */
export type Committed = { cash: Map<string, string>; units: Map<string, string> };
export const newCommitted = (): Committed => ({ cash: new Map(), units: new Map() });

/**
 * Drafts several orders for one proposal (docs/decisions/0028-several-orders.md), each checked with the
 * brokerage against what the ones before it use: together they must fit the cash and the shares.
 */
export async function draftOrders(
  db: Database,
  brokerage: Brokerage,
  userId: string,
  requests: readonly OrderRequest[],
): Promise<OrderItem[]> {
  const committed = newCommitted();
  const items: OrderItem[] = [];
  for (const request of requests) items.push(await draftOrder(db, brokerage, userId, request, committed));
  return items;
}

const isNegative = (value: string) => value.startsWith('-');

function orderItem(
  request: OrderRequest,
  account: { id: string; name: string; connectionId: string; currency: string; cash: string; held: string },
  symbol: { ticker: string; name: string },
  impact: OrderImpact,
): OrderItem {
  const unitsAfter = addDecimals(
    account.held,
    request.action === 'buy' ? impact.units : negateDecimal(impact.units),
  );
  const item: OrderItem = {
    id: `order_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    kind: 'order',
    description: '',
    order: {
      account_id: account.id,
      account_name: account.name,
      connection_id: account.connectionId,
      symbol: symbol.ticker,
      symbol_name: symbol.name,
      action: request.action,
      units: request.units === null ? null : normalizeDecimal(request.units),
      amount: request.amount === null ? null : normalizeDecimal(request.amount),
      order_type: request.orderType,
      limit_price: request.limitPrice === null ? null : normalizeDecimal(request.limitPrice),
      time_in_force: request.timeInForce,
      currency: impact.currency,
    },
    impact: {
      trade_id: impact.tradeId,
      trade_expires_at: impact.expiresAt,
      units: impact.units,
      price: impact.price,
      estimated_amount: impact.amount,
      commission: impact.commission,
      remaining_cash: impact.remainingCash,
    },
    before: { units_held: account.held, cash: account.cash },
    after: { units_held: unitsAfter, cash: impact.remainingCash },
  };
  return { ...item, description: orderDescription(item) };
}
